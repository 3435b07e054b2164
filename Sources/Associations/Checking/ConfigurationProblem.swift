/// One problem `assoc check` found in the configuration, with where it is and how to fix it.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// How much the problem matters.
    public enum Severity: String, Sendable, Equatable, Comparable, CaseIterable {
        /// The configuration is invalid or does not do what it says: fix it.
        case error
        /// It works, but not everywhere, or not as written.
        case warning
        /// Worth knowing; often normal on a system with distribution defaults.
        case note

        /// Errors sort first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .note: return 2
            }
        }
    }

    /// What kind of problem it is; the stable name scripts match on.
    public var kind: ProblemKind
    /// How much it matters.
    public var severity: Severity
    /// The file the problem is in.
    public var path: String
    /// The 1-based line, where there is one.
    public var line: Int?
    /// What is wrong, in lower case without a trailing period.
    public var message: String
    /// How to fix it, if there is a way.
    public var fix: ConfigurationFix?

    /// Creates a problem.
    public init(
        kind: ProblemKind, severity: Severity, path: String, line: Int? = nil, message: String,
        fix: ConfigurationFix? = nil
    ) {
        self.kind = kind
        self.severity = severity
        self.path = path
        self.line = line
        self.message = message
        self.fix = fix
    }

    /// `path:line: severity: message [kind]`, the form compilers use, so editors can jump to it.
    public var description: String {
        let place = line.map { "\(path):\($0)" } ?? path
        return "\(place): \(severity.rawValue): \(message) [\(kind.rawValue)]"
    }
}

/// How to fix a problem: a sentence for people, and for the safe fixes the edit `--fix` applies.
public struct ConfigurationFix: Sendable, Equatable {
    /// What to do, in a phrase (often an `assoc` command line).
    public var suggestion: String
    /// The list the edit changes, when the fix is safe to apply automatically.
    public var file: String?
    /// The edit, when the fix is safe to apply automatically: it keeps every other line, and it
    /// makes the file mean what it says for every reader without changing what assoc or GIO pick
    /// in any other way.
    public var edit: MimeAppsEdit?
    /// The file `--fix` removes, for a fix that is a removal (a leftover temporary file).
    public var removal: String?

    /// A fix for a person to make.
    public init(_ suggestion: String) {
        self.suggestion = suggestion
    }

    /// A fix `--fix` applies: `edit` to the list at `file`.
    public init(_ suggestion: String, edit: MimeAppsEdit, in file: String) {
        self.suggestion = suggestion
        self.file = file
        self.edit = edit
    }

    /// A fix `--fix` applies by removing the file at `path`.
    public init(_ suggestion: String, removing path: String) {
        self.suggestion = suggestion
        removal = path
    }

    /// Whether `--fix` applies it.
    public var isAutomatic: Bool { edit != nil && file != nil || removal != nil }
}
