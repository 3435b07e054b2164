/// Process exit statuses; documented in man/assoc.1, EXIT STATUS (DESIGN.md decision 9).
public enum ExitStatus: Int32, Sendable {
    /// The question was answered.
    case success = 0
    /// A well-formed question with no answer: no default, no match, not a subtype, unknown type.
    case notFound = 1
    /// A usage error, or input that could not be read or written.
    case failure = 2

    /// The worse of two statuses, so that one failure among many arguments is not lost.
    public func combined(with other: ExitStatus) -> ExitStatus { rawValue >= other.rawValue ? self : other }
}
