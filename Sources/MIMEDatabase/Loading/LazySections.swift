import XDGSupport

/// One part of `DirectoryContents` per `ContentSection`, each computed on first use.
///
/// A field per section rather than a dictionary keyed by section: eight fixed entries need no
/// table, and no generic dictionary type whose metadata the runtime would build at start.
struct LazySections: Sendable {
    private let types: LazyValue<DirectoryContents>
    private let aliases: LazyValue<DirectoryContents>
    private let parents: LazyValue<DirectoryContents>
    private let globs: LazyValue<DirectoryContents>
    private let magic: LazyValue<DirectoryContents>
    private let rootXML: LazyValue<DirectoryContents>
    private let treeMagic: LazyValue<DirectoryContents>
    private let icons: LazyValue<DirectoryContents>

    /// The sections `make` computes, each when first asked for.
    init(_ make: @escaping @Sendable (ContentSection) -> DirectoryContents) {
        types = LazyValue { make(.types) }
        aliases = LazyValue { make(.aliases) }
        parents = LazyValue { make(.parents) }
        globs = LazyValue { make(.globs) }
        magic = LazyValue { make(.magic) }
        rootXML = LazyValue { make(.rootXML) }
        treeMagic = LazyValue { make(.treeMagic) }
        icons = LazyValue { make(.icons) }
    }

    /// The part of `section`, computed now if no one has asked before.
    subscript(section: ContentSection) -> DirectoryContents {
        switch section {
        case .types: return types.value
        case .aliases: return aliases.value
        case .parents: return parents.value
        case .globs: return globs.value
        case .magic: return magic.value
        case .rootXML: return rootXML.value
        case .treeMagic: return treeMagic.value
        case .icons: return icons.value
        }
    }
}
