/// One glob pattern of a MIME type, as the database stores it.
///
/// Patterns that are not case-sensitive are matched lower-cased (shared-mime-info specification,
/// "The glob files"), as `update-mime-database` writes them into `globs2` and `mime.cache`, so both
/// sources give identical rules; the pattern as its source wrote it (`README*`) is kept beside, for
/// display only. Two rules are the same rule when they match the same names: `written` takes no
/// part in equality.
public struct GlobRule: Sendable, Hashable {
    /// The fnmatch(3) pattern, lower-cased unless `caseSensitive`: what names are matched against.
    public var pattern: String
    /// The pattern as its source wrote it, for display. A cache or `globs2` keeps a pattern that
    /// ignores case lower-cased, so a rule read from one has it so (`MIMEDatabase.writtenPattern(of:)`
    /// finds the spelling of the XML beside it).
    public var written: String
    /// The type the pattern names.
    public var mimeType: String
    /// 0–100, default 50; higher wins.
    public var weight: Int
    /// Whether the name must match with its case as is (`*.C` for C++).
    public var caseSensitive: Bool

    /// Creates a rule, lower-casing the pattern of a case-insensitive one.
    public init(pattern: String, mimeType: String, weight: Int = 50, caseSensitive: Bool = false) {
        written = pattern
        self.pattern =
            caseSensitive || !pattern.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x80 })
            ? pattern : pattern.lowercased()
        self.mimeType = mimeType
        self.weight = weight
        self.caseSensitive = caseSensitive
    }

    /// Whether two rules match the same names: every field but `written`.
    public static func == (lhs: GlobRule, rhs: GlobRule) -> Bool {
        lhs.pattern == rhs.pattern && lhs.mimeType == rhs.mimeType && lhs.weight == rhs.weight
            && lhs.caseSensitive == rhs.caseSensitive
    }

    /// Hashes the fields `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(mimeType)
        hasher.combine(weight)
        hasher.combine(caseSensitive)
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

    /// Whether `byte` is special in a glob (fnmatch's `*`, `?`, `[` and `\\`): the one test of it,
    /// for the pattern's class and for the literal runs a full pattern is matched by.
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
    }

    /// The class of `pattern`'s bytes: a `*` first and no other special character is a suffix,
    /// no special character a literal, anything else a full glob.
    static func kind(of pattern: some Collection<UInt8>) -> Kind {
        guard let first = pattern.firstIndex(where: isSpecial) else { return .literal }
        if first == pattern.startIndex && pattern.first == UInt8(ascii: "*") && !pattern.dropFirst().contains(where: isSpecial) {
            return .simple
        }
        return .full
    }

    /// The marker `update-mime-database` writes for `<glob-deleteall/>`.
    static let deleteAllMarker = "__NOGLOBS__"
}
