/// Splits an `Exec` value into arguments by the Desktop Entry quoting rules (SPECS rules 74–75).
///
/// The key-file escapes (`\s`, `\\`, …) must already be undone. Arguments are separated by
/// unquoted spaces; an argument may be quoted in whole with double quotes, inside which `\"`,
/// `` \` ``, `\$` and `\\` stand for the character. Field codes are left in place for the
/// launcher to expand; `quoted` records which arguments were quoted, since a field code inside
/// quotes is undefined behaviour that a linter reports.
public enum ExecTokenizer {
    /// Why an `Exec` value cannot be split.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A double quote is never closed.
        case unterminatedQuote
        /// A quoted argument has a backslash before a character that needs none.
        case invalidEscape(Unicode.Scalar)
        /// Nothing but spaces.
        case empty

        /// What is wrong, for a message naming the file and line.
        public var description: String {
            switch self {
            case .unterminatedQuote: return "a double quote in Exec is never closed"
            case .invalidEscape(let character): return "'\\\(character)' is not a valid escape inside quotes in Exec"
            case .empty: return "Exec is empty"
            }
        }
    }

    /// One argument, unquoted, with whether it was quoted.
    public struct Token: Sendable, Equatable {
        /// The argument's text, quotes removed.
        public var text: String
        /// Whether it was written in double quotes.
        public var quoted: Bool
    }

    /// Splits `exec` into tokens.
    public static func tokenize(_ exec: String) throws(Failure) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inToken = false
        var quoted = false
        var inQuotes = false
        // Scalars, not Characters: a combining mark after a quote must not hide the quote.
        var iterator = exec.unicodeScalars.makeIterator()
        while let character = iterator.next() {
            if inQuotes {
                switch character {
                case "\"": inQuotes = false
                case "\\":
                    guard let next = iterator.next() else { throw .unterminatedQuote }
                    guard ["\"", "`", "$", "\\"].contains(next) else { throw .invalidEscape(next) }
                    current.unicodeScalars.append(next)
                default: current.unicodeScalars.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t", "\n":
                if inToken {
                    tokens.append(Token(text: current, quoted: quoted))
                    current = ""
                    inToken = false
                    quoted = false
                }
            case "\"":
                inQuotes = true
                inToken = true
                quoted = true
            default:
                current.unicodeScalars.append(character)
                inToken = true
            }
        }
        if inQuotes { throw .unterminatedQuote }
        if inToken { tokens.append(Token(text: current, quoted: quoted)) }
        guard !tokens.isEmpty else { throw .empty }
        return tokens
    }

    /// The program an `Exec` value runs, or nil when it cannot be split.
    public static func program(of exec: String) -> String? {
        try? tokenize(exec).first?.text
    }
}
