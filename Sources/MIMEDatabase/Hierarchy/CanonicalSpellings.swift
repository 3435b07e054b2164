import XDGSupport

/// The spellings that `MIMEDatabase.canonicalName(_:)` takes to one type, tested without
/// canonicalising every name: for scanning the thousand keys of a `mimeinfo.cache` for one type.
///
/// `canonicalName` returns a type for a name that is the type itself, an alias of it, or either of
/// them in another case. So a name that equals none of them when its ASCII letters are lower-cased
/// cannot be one of its spellings; only the few that do, and names with other than ASCII bytes
/// (which Unicode case folding could still take there), are canonicalised to be sure. The answer
/// is always exactly `canonicalName(name) == type`.
public struct CanonicalSpellings: Sendable {
    /// The type.
    public let type: String
    private let database: MIMEDatabase
    /// The type and its aliases, lower-cased as `canonicalName` folds them.
    private let folded: [[UInt8]]
    /// The length of the longest of `folded`.
    private let longest: Int
    /// The type's bytes when they are all ASCII; nil when not (then such a type may equal an ASCII
    /// name as Strings compare, by canonical equivalence, and no bytes rule a name out).
    private let asciiType: [UInt8]?

    /// The spellings of `type` in `database`.
    public init(of type: String, in database: MIMEDatabase) {
        self.type = type
        self.database = database
        var folded = [Array(type.lowercased().utf8)]
        for alias in database.exactAliases(targeting: type) {
            let spelling = Array(alias.lowercased().utf8)
            if !folded.contains(spelling) { folded.append(spelling) }
        }
        self.folded = folded
        longest = folded.map(\.count).max() ?? 0
        let typeBytes = Array(type.utf8)
        asciiType = typeBytes.allSatisfy { $0 < 0x80 } ? typeBytes : nil
    }

    /// Whether `canonicalName(name)` is the type.
    public func contains(_ name: String) -> Bool {
        if name == type || mayFold(name) { return database.canonicalName(name) == type }
        return false
    }

    /// Whether a name spelled with these UTF-8 bytes may be one of the spellings: false only when
    /// `contains` would be false for it, so that a reader of a long list makes strings of the few
    /// keys this lets through and asks `contains` of those alone.
    public func mayContain(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let asciiType else { return true }
        return (asciiType.count == bytes.count && asciiType.elementsEqual(bytes)) || mayFold(bytes)
    }

    /// Whether the key of a list's line may be one of the spellings, judged from the first bytes
    /// of the line: for a line that starts with its key (not with a blank, `[` or `#`). False only
    /// when the line's first bytes (as many as the longest spelling has, and one more) are ASCII
    /// and, for every spelling, either the line is shorter than it, or the bytes do not end
    /// there (the byte after is not `=`, a blank or `[`), or, lower-cased, they are not the
    /// spelling. A key that is ASCII up to there is then not a
    /// spelling: an ASCII string equals no other under canonical equivalence, and case folding
    /// never makes a string shorter.
    ///
    /// Most of a `mimeinfo.cache`'s thousand lines are ruled out by one byte, before their
    /// layout is read at all.
    public func mayBeKey(atStartOf line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard asciiType != nil, let base = line.baseAddress,
            ASCIIBytes.all(UnsafeBufferPointer(start: base, count: min(line.count, longest + 1)))
        else { return true }
        for spelling in folded {
            let length = spelling.count
            // An ASCII line too short to hold the spelling and the end of a key holds a shorter key.
            guard line.count > length else { continue }
            switch base[length] {
            case UInt8(ascii: "="), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "["):
                let same = spelling.withUnsafeBufferPointer { spelling in
                    (0..<length).allSatisfy { spelling[$0] == ASCIIBytes.lowercased(base[$0]) }
                }
                if same { return true }
            default: continue
            }
        }
        return false
    }

    /// Whether `name` has a byte beyond ASCII, or equals a folded spelling once its ASCII letters
    /// are lower-cased.
    private func mayFold(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(mayFold)
    }

    /// `mayFold` of a name's UTF-8 bytes.
    private func mayFold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !ASCIIBytes.all(bytes) { return true }
        for spelling in folded where spelling.count == bytes.count {
            if zip(spelling, bytes).allSatisfy({ pair in pair.0 == ASCIIBytes.lowercased(pair.1) }) { return true }
        }
        return false
    }
}
