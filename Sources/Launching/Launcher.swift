internal import CSystem
import DesktopEntry
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Starts launch plans: argv executed directly with posix_spawn, never through a shell, detached in
/// a new session, standard input from /dev/null, in the entry's `Path=` (SPECS rule 80).
public struct Launcher: Sendable {
    /// The environment the child gets, and whose `PATH` finds the program.
    public let environment: XDGEnvironment
    /// Finds programs on `PATH`.
    public let applications: ApplicationIndex

    /// Creates a launcher.
    public init(environment: XDGEnvironment, applications: ApplicationIndex) {
        self.environment = environment
        self.applications = applications
    }

    /// Wraps a `Terminal=true` plan in a terminal emulator (SPECS rule 79): `$TERMINAL`, else
    /// `xdg-terminal-exec`, else the first installed of GIO's list with its own way to pass a command.
    public func inTerminal(_ plan: LaunchPlan) -> LaunchPlan? {
        var candidates: [[String]] = []
        if let terminal = environment.variables["TERMINAL"], !terminal.isEmpty { candidates.append([terminal, "-e"]) }
        guard let prefix = firstInstalledTerminal(candidates + Self.knownTerminals) else { return nil }
        var wrapped = plan
        wrapped.argv = prefix + plan.argv
        return wrapped
    }

    /// Terminal emulators and how each is given a command to run: `xdg-terminal-exec`, then GIO's
    /// list of terminals, then Debian's `x-terminal-emulator` and `xterm`.
    public static let knownTerminals: [[String]] = [
        ["xdg-terminal-exec"], ["gnome-terminal", "--"], ["kgx", "-e"], ["konsole", "-e"],
        ["xfce4-terminal", "-x"], ["mate-terminal", "-x"], ["tilix", "-e"], ["alacritty", "-e"],
        ["kitty"], ["foot"], ["wezterm", "start", "--"], ["x-terminal-emulator", "-e"], ["xterm", "-e"],
    ]

    /// The first of `candidates` (each a command prefix) whose program is installed on `PATH`.
    public func firstInstalledTerminal(_ candidates: [[String]]) -> [String]? {
        candidates.first { !$0.isEmpty && applications.findProgram($0[0]) != nil }
    }

    /// Starts `plan` and returns the child's process ID; with `wait`, waits and returns its status.
    ///
    /// - Throws: `LaunchError.spawnFailed` when the program is missing or cannot be started,
    ///   `LaunchError.workingDirectoryMissing` when `Path=` names no directory.
    @discardableResult
    public func start(_ plan: LaunchPlan, wait: Bool = false) throws(LaunchError) -> Int32 {
        guard let program = plan.argv.first, let path = applications.findProgram(program) else {
            throw .spawnFailed(app: plan.app, program: plan.argv.first ?? "", reason: "not found on PATH")
        }
        if let directory = plan.workingDirectory, !FileBytes.isDirectory(directory) {
            throw .workingDirectoryMissing(app: plan.app, program: path, directory: directory)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if !wait { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        if let directory = plan.workingDirectory { csystem_spawn_addchdir(&actions, PathCoding.cString(directory)) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if !wait { posix_spawnattr_setflags(&attributes, csystem_spawn_setsid_flag()) }
        let argv = plan.argv.map { strdup(PathCoding.cString($0)) } + [nil]
        let envp = environment.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, PathCoding.cString(path), &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw .spawnFailed(app: plan.app, program: path, reason: String(cString: strerror(result)))
        }
        guard wait else { return pid }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
