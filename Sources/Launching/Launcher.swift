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

    /// Wraps a `Terminal=true` plan in a terminal emulator (the Desktop Entry Specification's
    /// `Terminal` key), chosen by `terminalPrefix()`.
    public func inTerminal(_ plan: LaunchPlan) -> LaunchPlan? {
        guard let prefix = terminalPrefix() else { return nil }
        var wrapped = plan
        wrapped.argv = prefix + plan.argv
        return wrapped
    }

    /// The one order in which a terminal is chosen to run a command, for `assoc open` and the
    /// portal's dialogs alike: `configured` (portal.conf's `Terminal=`) as given, or given its
    /// flag when it is the bare name of a known terminal (`xterm` runs as `xterm -e`), else
    /// `$TERMINAL`, else the first installed of `knownTerminals`; nil when none is installed.
    public func terminalPrefix(configured: [String]? = nil) -> [String]? {
        if let configured, let first = configured.first {
            return configured.count == 1 && Self.knownTerminal(first) != nil ? Self.commandPrefix(forTerminal: first) : configured
        }
        var candidates: [[String]] = []
        if let terminal = environment.variables["TERMINAL"], !terminal.isEmpty {
            candidates.append(Self.commandPrefix(forTerminal: terminal))
        }
        return firstInstalledTerminal(candidates + Self.knownTerminals)
    }

    /// How `terminal` (a program name or path) is told to run a command: its own way when it is
    /// one of `knownTerminals` (`gnome-terminal --`, `kitty`), else `-e`, which most take.
    public static func commandPrefix(forTerminal terminal: String) -> [String] {
        guard let known = knownTerminal(terminal) else { return [terminal, "-e"] }
        return [terminal] + known.dropFirst()
    }

    /// The entry of `knownTerminals` for `terminal` (a program name or path), if it is one.
    public static func knownTerminal(_ terminal: String) -> [String]? {
        let name = terminal.split(separator: "/").last.map(String.init) ?? terminal
        return knownTerminals.first { $0[0] == name }
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
        var spawn = ProcessSpawn(path: path, arguments: plan.argv, environment: environment.variables)
        if !wait { spawn.actions.append(.open(descriptor: 0, path: "/dev/null", flags: O_RDONLY)) }
        if let directory = plan.workingDirectory { spawn.actions.append(.changeDirectory(directory)) }
        spawn.newSession = !wait
        let pid: pid_t
        do { pid = try spawn.start() } catch {
            throw .spawnFailed(app: plan.app, program: path, reason: error.description)
        }
        guard wait else { return pid }
        return DescriptorIO.waitForExit(pid) ?? 0
    }
}
