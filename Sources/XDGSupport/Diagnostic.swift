/// A problem found in input that assoc could survive: the bad part is skipped and the rest works.
///
/// Fatal problems throw typed errors; a broken system file becomes a `Diagnostic` instead, so that
/// one bad package or entry never hides the others (DESIGN.md decision 9).
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Equatable {
        /// Input was skipped or misread.
        case warning
        /// Worth knowing, nothing was lost.
        case note
    }

    /// How serious the problem is.
    public var severity: Severity
    /// The file the problem is in.
    public var path: String
    /// The 1-based line, where there is one.
    public var line: Int?
    /// What is wrong, in lower case without a trailing period.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity = .warning, path: String, line: Int? = nil, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: message`, the form compilers use, so editors can jump to it.
    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
