import DesktopEntry

/// What to open: a local file or a URL.
public enum LaunchTarget: Sendable, Equatable {
    /// A local path.
    case file(String)
    /// A URL that is not a local file.
    case url(String)

    /// The target as the user named it, for messages and JSON.
    public var text: String {
        switch self {
        case .file(let path): return path
        case .url(let url): return url
        }
    }
}

/// One process to start: the application, its argument vector, and the targets it gets.
public struct LaunchPlan: Sendable, Equatable {
    /// The desktop file ID.
    public var app: String
    /// The argument vector, the program first; executed directly, never through a shell.
    public var argv: [String]
    /// The targets this process opens, in the order given.
    public var targets: [LaunchTarget]
    /// `Path=`: the working directory, if any.
    public var workingDirectory: String?
    /// Whether the entry asked for a terminal (`Terminal=true`).
    public var terminal: Bool

    /// Creates a plan.
    public init(app: String, argv: [String], targets: [LaunchTarget], workingDirectory: String?, terminal: Bool) {
        self.app = app
        self.argv = argv
        self.targets = targets
        self.workingDirectory = workingDirectory
        self.terminal = terminal
    }
}

/// Why an entry cannot open the targets.
public enum LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `Exec` line breaks a rule of the specification (SPECS rules 74–77).
    case invalidExec(path: String, line: Int?, reason: String)
    /// No `Exec` (a D-Bus activatable entry without one cannot be launched yet).
    case notLaunchable(app: String, reason: String)
    /// A URL given to an application that takes only local files (`%f`, `%F`).
    case urlToFileApplication(app: String, url: String)
    /// The program could not be started.
    case spawnFailed(app: String, program: String, reason: String)
    /// The target must not be opened.
    case refused(target: String, reason: String)

    /// The message, naming the file and line where there is one.
    public var description: String {
        switch self {
        case let .invalidExec(path, line, reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(reason); the entry cannot be launched"
        case let .notLaunchable(app, reason): return "'\(app)' cannot be launched: \(reason)"
        case let .urlToFileApplication(app, url):
            return "'\(app)' opens local files only (%f/%F), and '\(url)' is not one; nothing is downloaded silently"
        case let .spawnFailed(app, program, reason): return "cannot start '\(program)' for '\(app)': \(reason)"
        case let .refused(target, reason): return "refusing to open '\(target)': \(reason)"
        }
    }
}
