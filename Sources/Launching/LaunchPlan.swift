import DesktopEntry
import XDGSupport

/// What to open: a local file or a URL.
public enum LaunchTarget: Sendable, Equatable {
    /// A local file, by its absolute path (DESIGN.md decision 11): a relative one would be read
    /// against the entry's `Path=`, and one that starts with `-` as an option.
    case file(String)
    /// A URL that is not a local file.
    case url(String)

    /// A local file named as the user typed it, made absolute against `directory` (the
    /// working directory of the command), as GIO's command-line arguments are.
    public static func localFile(_ path: String, relativeTo directory: String) -> LaunchTarget {
        if path.hasPrefix("/") { return .file(path) }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return .file(base + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path))
    }

    /// The target for messages and JSON: the absolute path, or the URL.
    public var text: String {
        switch self {
        case .file(let path): return path
        case .url(let url): return url
        }
    }

    /// The argument for a field code: for `%u`/`%U` (`asURL`) a file is its `file://` URL; for
    /// `%f`/`%F` its path.
    func argument(asURL: Bool) -> String {
        switch self {
        case .file(let path): return asURL ? FileURL.url(forAbsolutePath: path) : path
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
    /// The entry's `Path=` is not a directory, so the program cannot start in it.
    case workingDirectoryMissing(app: String, program: String, directory: String)

    /// The message, naming the file and line where there is one.
    public var description: String {
        switch self {
        case .invalidExec(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(reason); the entry cannot be launched"
        case .notLaunchable(let app, let reason): return "'\(app)' cannot be launched: \(reason)"
        case .urlToFileApplication(let app, let url):
            return "'\(app)' opens local files only (%f/%F), and '\(url)' is not one; nothing is downloaded silently"
        case .spawnFailed(let app, let program, let reason): return "cannot start '\(program)' for '\(app)': \(reason)"
        case .refused(let target, let reason): return "refusing to open '\(target)': \(reason)"
        case .workingDirectoryMissing(let app, let program, let directory):
            return "cannot start '\(program)' for '\(app)': its working directory Path=\(directory) "
                + "is not an existing directory"
        }
    }
}
