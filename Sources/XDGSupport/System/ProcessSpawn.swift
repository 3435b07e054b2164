internal import CSystem

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How a child is started with `posix_spawn`: the one place that sets up its descriptors, its
/// session, its signals and its working directory, never through a shell.
public struct ProcessSpawn: Sendable {
    /// One change to the child's descriptors or directory, made in order before it runs.
    public enum Action: Sendable, Equatable {
        /// Opens `path` with `flags` as descriptor `descriptor`.
        case open(descriptor: Int32, path: String, flags: Int32)
        /// Makes `target` a copy of this process's `source`.
        case duplicate(source: Int32, target: Int32)
        /// Changes the child's working directory.
        case changeDirectory(String)
    }

    /// The program's path.
    public var path: String
    /// Its arguments, the program's name first.
    public var arguments: [String]
    /// Its environment, as name and value.
    public var environment: [String: String]
    /// What is done to its descriptors and directory, in order.
    public var actions: [Action] = []
    /// Starts it in a new session, detached from this process's terminal.
    public var newSession = false
    /// Starts it with `SIGPIPE` at its default action and no signal blocked.
    public var defaultSignals = false

    /// A child to start with no action and this process's session and signals.
    public init(path: String, arguments: [String], environment: [String: String]) {
        self.path = path
        self.arguments = arguments
        self.environment = environment
    }

    /// Starts the child: its process ID.
    ///
    /// - Throws: `Errno` when it cannot be started (a missing program, a directory that is gone).
    public func start() throws(Errno) -> Int32 {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for action in actions {
            switch action {
            case .open(let descriptor, let path, let flags):
                posix_spawn_file_actions_addopen(&fileActions, descriptor, PathCoding.cString(path), flags, 0)
            case .duplicate(let source, let target): posix_spawn_file_actions_adddup2(&fileActions, source, target)
            case .changeDirectory(let directory): csystem_spawn_addchdir(&fileActions, PathCoding.cString(directory))
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags: Int16 = newSession ? csystem_spawn_setsid_flag() : 0
        var defaults = sigset_t()
        var unblocked = sigset_t()
        if defaultSignals {
            sigemptyset(&defaults)
            sigaddset(&defaults, SIGPIPE)
            sigemptyset(&unblocked)
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            flags |= Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        }
        posix_spawnattr_setflags(&attributes, flags)
        let argv = arguments.map { strdup(PathCoding.cString($0)) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: Int32 = 0
        let result = posix_spawn(&pid, PathCoding.cString(path), &fileActions, &attributes, argv, envp)
        guard result == 0 else { throw Errno(rawValue: result) }
        return pid
    }
}
