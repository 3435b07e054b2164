/// One glob pattern of a MIME type, as the database stores it.
///
/// Patterns that are not case-sensitive are kept lower-cased, as `update-mime-database` writes them
/// into `globs2` and `mime.cache`, so both sources give identical rules (SPECS rules 9–11).
public struct GlobRule: Sendable, Hashable {
    /// The fnmatch(3) pattern, lower-cased unless `caseSensitive`.
    public var pattern: String
    /// The type the pattern names.
    public var mimeType: String
    /// 0–100, default 50; higher wins.
    public var weight: Int
    /// Whether the name must match with its case as is (`*.C` for C++).
    public var caseSensitive: Bool

    /// Creates a rule, lower-casing the pattern of a case-insensitive one.
    public init(pattern: String, mimeType: String, weight: Int = 50, caseSensitive: Bool = false) {
        self.pattern =
            caseSensitive || !pattern.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 })
            ? pattern : pattern.lowercased()
        self.mimeType = mimeType
        self.weight = weight
        self.caseSensitive = caseSensitive
    }

    /// How `update-mime-database` classifies a pattern (SPECS rule 11).
    public enum Kind: Sendable, Equatable {
        /// No `*`, `?`, `[` or `\`: compared as a whole name.
        case literal
        /// `*` followed by characters none of which is special: a suffix.
        case simple
        /// Anything else: full fnmatch.
        case full
    }

    /// The pattern's class, which decides the order of evaluation.
    public var kind: Kind { Self.kind(of: pattern.utf8) }

    /// The class of `pattern`'s bytes: a `*` first and no other special character is a suffix,
    /// no special character a literal, anything else a full glob.
    static func kind(of pattern: some Collection<UInt8>) -> Kind {
        func isSpecial(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
        }
        guard let first = pattern.firstIndex(where: isSpecial) else { return .literal }
        if first == pattern.startIndex && pattern.first == UInt8(ascii: "*") && !pattern.dropFirst().contains(where: isSpecial) {
            return .simple
        }
        return .full
    }

    /// The marker `update-mime-database` writes for `<glob-deleteall/>`.
    static let deleteAllMarker = "__NOGLOBS__"
}
