/// Everything one `mime/` directory says, from either of its two sources.
///
/// The XML loader and the `mime.cache` reader both produce this value; the database merges the
/// values of all directories by one set of rules, so both sources give one answer.
public struct DirectoryContents: Sendable, Equatable {
    /// Canonical type names defined here.
    public var types: Set<String> = []
    /// Alias → canonical name.
    public var aliases: [String: String] = [:]
    /// Type → explicit `sub-class-of` parents, in declaration order.
    public var parents: [String: [String]] = [:]
    /// Glob rules, without the `glob-deleteall` markers.
    public var globs: [GlobRule] = []
    /// Types whose globs from less important directories are discarded.
    public var globDeleteAll: Set<String> = []
    /// Magic sections, without the `magic-deleteall` markers.
    public var magic: [MagicRule] = []
    /// Types whose magic from less important directories is discarded.
    public var magicDeleteAll: Set<String> = []
    /// XML root rules.
    public var rootXML: [RootXMLRule] = []
    /// Tree magic sections (read from the XML, or the `treemagic` file beside a cache).
    public var treeMagic: [TreeMagicRule] = []
    /// Type → icon name.
    public var icons: [String: String] = [:]
    /// Type → generic icon name.
    public var genericIcons: [String: String] = [:]
    /// Descriptions, when the source carried them (the XML path); empty for a cache.
    public var descriptions: [String: TypeDescription] = [:]

    /// Creates empty contents.
    public init() {}
}
