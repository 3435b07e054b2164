/// A command line that does not say what the person meant; exit status 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, quoting the offending word.
    public var message: String
    /// The subcommand whose help to point at, if any.
    public var subcommand: String?

    /// Creates the error.
    public init(_ message: String, subcommand: String? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    /// The message and, on the next line, the pointer to the help.
    public var description: String { "\(message)\n\(hint)" }

    /// The pointer to the help: `See 'assoc COMMAND --help'.`
    public var hint: String { "See '\(subcommand.map { "assoc \($0) --help" } ?? "assoc --help")'." }
}
