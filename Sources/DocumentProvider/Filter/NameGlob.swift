/// A shell glob matched on a file's name, as GTK's file chooser matches the patterns of a filter
/// (`gtk_file_filter_add_pattern`, and so every portal filter of kind 0).
///
/// GTK matches the pattern against the file's display name character by character, case-sensitively,
/// without treating a leading `.` specially: `*` is any run of characters, `?` one character,
/// `[abc]`, `[a-z]` and `[!…]` or `[^…]` a set, and `\` takes the next character literally.
/// Characters are Unicode scalars; a byte of a name that is not UTF-8 is one character, as the
/// replacement character of its display name is in GTK.
public struct NameGlob: Sendable, Equatable {
    /// The pattern as given.
    public let pattern: String
    private let scalars: [Unicode.Scalar]

    /// A glob for `pattern`.
    public init(_ pattern: String) {
        self.pattern = pattern
        scalars = Array(pattern.unicodeScalars)
    }

    /// Whether the file name `name` (a last path component) matches.
    public func matches(_ name: String) -> Bool {
        Self.match(scalars[...], Array(name.unicodeScalars)[...])
    }

    private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var pattern = pattern
        var name = name
        while let head = pattern.first {
            switch head {
            case "*":
                pattern = pattern.drop { $0 == "*" }
                if pattern.isEmpty { return true }
                // Try the rest of the pattern at every position left; a run of stars is one star.
                var rest = name
                while true {
                    if match(pattern, rest) { return true }
                    guard !rest.isEmpty else { return false }
                    rest = rest.dropFirst()
                }
            case "?":
                guard !name.isEmpty else { return false }
                pattern = pattern.dropFirst()
                name = name.dropFirst()
            case "[":
                guard let character = name.first, let (matched, rest) = set(pattern.dropFirst(), character) else {
                    // An unterminated '[' matches itself, as a literal.
                    guard name.first == "[" else { return false }
                    pattern = pattern.dropFirst()
                    name = name.dropFirst()
                    continue
                }
                guard matched else { return false }
                pattern = rest
                name = name.dropFirst()
            case "\\" where pattern.count > 1:
                guard name.first == pattern[pattern.index(after: pattern.startIndex)] else { return false }
                pattern = pattern.dropFirst(2)
                name = name.dropFirst()
            default:
                guard name.first == head else { return false }
                pattern = pattern.dropFirst()
                name = name.dropFirst()
            }
        }
        return name.isEmpty
    }

    /// Whether `character` is in the set that starts after a `[`, and the pattern after its `]`;
    /// nil when the set has no closing `]`.
    private static func set(_ pattern: ArraySlice<Unicode.Scalar>, _ character: Unicode.Scalar)
        -> (Bool, ArraySlice<Unicode.Scalar>)?
    {
        var rest = pattern
        let negated = rest.first == "!" || rest.first == "^"
        if negated { rest = rest.dropFirst() }
        var matched = false
        var first = true
        while let head = rest.first {
            // A ']' first in the set is a member, not its end.
            if head == "]" && !first { return (matched != negated, rest.dropFirst()) }
            first = false
            var low = head
            rest = rest.dropFirst()
            if low == "\\", let escaped = rest.first {
                low = escaped
                rest = rest.dropFirst()
            }
            var high = low
            if rest.first == "-", rest.count > 1, rest[rest.index(after: rest.startIndex)] != "]" {
                rest = rest.dropFirst()
                high = rest.first ?? low
                rest = rest.dropFirst()
                if high == "\\", let escaped = rest.first {
                    high = escaped
                    rest = rest.dropFirst()
                }
            }
            // A range written backwards (`[z-a]`) takes nothing, as fnmatch(3) has it.
            if low.value <= high.value && (low.value...high.value).contains(character.value) { matched = true }
        }
        return nil
    }
}
