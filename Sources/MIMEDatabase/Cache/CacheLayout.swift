/// The layout of `mime.cache` (shared-mime-info specification, "The mime.cache file"): the one
/// definition of its header fields, record sizes and alignment, read by `MIMECache` and written by
/// the compiler's `CacheWriter`.
///
/// All numbers are big-endian 32-bit words (the version two 16-bit ones); strings are
/// NUL-terminated and padded, like all variable data, to a multiple of four bytes.
enum CacheLayout {
    /// The version written: 1.2.
    static let majorVersion = 1
    static let minorVersion = 2
    /// The minor versions of major version 1 the reader accepts.
    static let readableMinorVersions = 1...2

    /// Header positions of the offsets of the lists the reader reads.
    enum Field: Int, CaseIterable {
        case aliasList = 4
        case parentList = 8
        case literalList = 12
        case reverseSuffixTree = 16
        case globList = 20
        case magicList = 24
        case namespaceList = 28
        case iconsList = 32
        case genericIconsList = 36
    }

    /// Header position of version 1.2's list of every type, which is written but not read (`types`
    /// beside the cache holds the same names).
    static let typeListField = 40

    /// The header: the version and ten offsets.
    static let headerSize = 44

    /// An alias record: alias and type offsets.
    static let aliasRecordSize = 8
    /// A parent-list record: type and parent-list offsets.
    static let parentRecordSize = 8
    /// A literal or glob record: pattern, type, weight and flags.
    static let globRecordSize = 12
    /// A suffix tree node: character, then child count and first child, or for a leaf 0, type, weight and flags.
    static let suffixRecordSize = 12
    /// The suffix tree's header: node count and first node.
    static let suffixTreeHeaderSize = 8
    /// A magic section: priority, type, matchlet count, first matchlet.
    static let magicRecordSize = 16
    /// The magic list's header: section count, largest extent, first section.
    static let magicListHeaderSize = 12
    /// A matchlet: range start and length, word size, value length, value, mask, child count, first child.
    static let matchletRecordSize = 32
    /// A namespace record: namespace URI, local name and type offsets.
    static let namespaceRecordSize = 12
    /// An icon record: type and icon name offsets.
    static let iconRecordSize = 8

    /// `count` rounded up to the cache's 4-byte alignment.
    static func aligned(_ count: Int) -> Int { (count + 3) & ~3 }

    /// The class of a pattern, which decides the list it is stored in.
    static func globKind(_ pattern: [UInt8]) -> GlobRule.Kind { GlobRule.kind(of: pattern) }
}
