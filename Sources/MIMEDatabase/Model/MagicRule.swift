/// One `<magic>` section of a type: a priority and a tree of matchlets (SPECS rules 15–19).
public struct MagicRule: Sendable, Hashable {
    /// 0–100, default 50; the highest-priority matching section wins.
    public var priority: Int
    /// The type this section detects.
    public var mimeType: String
    /// Top-level matchlets; the section matches when any of them does (siblings are OR-ed).
    public var matchlets: [Matchlet]

    /// Creates a section.
    public init(priority: Int, mimeType: String, matchlets: [Matchlet]) {
        self.priority = priority
        self.mimeType = mimeType
        self.matchlets = matchlets
    }

    /// The marker `update-mime-database` writes for `<magic-deleteall/>`.
    static let deleteAllMarker = Array("__NOMAGIC__".utf8)

    /// Whether this section is the `<magic-deleteall/>` marker rather than a real rule.
    var isDeleteAllMarker: Bool {
        matchlets.count == 1 && matchlets[0].value == Self.deleteAllMarker && matchlets[0].rangeStart == 0
    }
}

/// One `<match>` compiled to bytes, the form `mime.cache` stores (SPECS rule 39).
///
/// A numeric match is stored as the bytes of the value in the order the file will hold them:
/// `big16`/`big32` big-endian, `little16`/`little32` little-endian, `host16`/`host32` in this
/// machine's order, as `update-mime-database` compiles them.
public struct Matchlet: Sendable, Hashable {
    /// The first offset to try.
    public var rangeStart: Int
    /// How many consecutive offsets to try (at least 1).
    public var rangeLength: Int
    /// 1, or 2 and 4 for `host16` and `host32`.
    public var wordSize: Int
    /// The bytes to compare.
    public var value: [UInt8]
    /// The mask, as long as `value`, or `nil` for all ones.
    public var mask: [UInt8]?
    /// Matchlets that must also match (children are AND-ed with their parent, OR-ed among themselves).
    public var children: [Matchlet]

    /// Creates a matchlet.
    public init(
        rangeStart: Int, rangeLength: Int = 1, wordSize: Int = 1, value: [UInt8],
        mask: [UInt8]? = nil, children: [Matchlet] = []
    ) {
        self.rangeStart = rangeStart
        self.rangeLength = rangeLength
        self.wordSize = wordSize
        self.value = value
        self.mask = mask
        self.children = children
    }

    /// The number of bytes of data this matchlet and its children need to be decided.
    public var extent: Int {
        let own = rangeStart + rangeLength - 1 + value.count
        return children.reduce(own) { max($0, $1.extent) }
    }

    /// `host16`/`host32` values are stored in `mime.cache` and `magic` big-endian, in words of
    /// `wordSize` bytes, and must be swapped word by word on a little-endian machine (SPECS rule 18).
    static func hostOrder(_ bytes: [UInt8], wordSize: Int) -> [UInt8] {
        guard wordSize > 1, 1.littleEndian == 1, bytes.count % wordSize == 0 else { return bytes }
        var swapped = bytes
        for start in stride(from: 0, to: bytes.count, by: wordSize) {
            swapped[start..<start + wordSize].reverse()
        }
        return swapped
    }
}
