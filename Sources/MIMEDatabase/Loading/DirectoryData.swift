/// The data of one loaded `mime/` directory: its XML packages decoded in full, or its `mime.cache`
/// checked when opened and decoded list by list when a query first needs a list.
///
/// A single query then pays only for what it uses: `assoc default` reads the alias and parent
/// lists and never the globs or magic; typing a file by its name never decodes the magic.
enum DirectoryData: Sendable {
    /// Everything the packages said.
    case decoded(DirectoryContents)
    /// A validated cache image.
    case cache(CacheImage)

    /// The part of the contents that `section` covers; the other fields are empty.
    func contents(_ section: ContentSection) -> DirectoryContents {
        switch self {
        case .decoded(let contents): return contents.projected(on: section)
        case .cache(let image): return image.contents(section)
        }
    }

    /// The most bytes of a file this directory's magic can look at.
    var magicExtent: Int {
        switch self {
        case .decoded(let contents): return contents.magic.flatMap(\.matchlets).map(\.extent).max() ?? 0
        case .cache(let image): return image.magicExtent
        }
    }
}

/// The groups of fields of `DirectoryContents` that are decoded and merged on their own.
enum ContentSection: CaseIterable, Sendable {
    case types, aliases, parents, globs, magic, rootXML, treeMagic, icons
}

extension DirectoryContents {
    /// A copy holding only the fields of `section`.
    func projected(on section: ContentSection) -> DirectoryContents {
        var part = DirectoryContents()
        switch section {
        case .types: part.types = types
        case .aliases: part.aliases = aliases
        case .parents: part.parents = parents
        case .globs:
            part.globs = globs
            part.globDeleteAll = globDeleteAll
        case .magic:
            part.magic = magic
            part.magicDeleteAll = magicDeleteAll
        case .rootXML: part.rootXML = rootXML
        case .treeMagic: part.treeMagic = treeMagic
        case .icons:
            part.icons = icons
            part.genericIcons = genericIcons
        }
        return part
    }
}

/// A `mime.cache` image that passed `MIMECache.validate`, with its lists decoded on first use.
final class CacheImage: Sendable {
    /// The cache file.
    let path: String
    /// The `types` file beside it, which lists every type the cache was built from.
    let typesPath: String
    /// The most bytes of a file the cache's magic can look at.
    let magicExtent: Int
    /// The image itself, for queries that read it in place.
    let bytes: [UInt8]
    private let decoded: [ContentSection: LazyValue<DirectoryContents>]

    /// Wraps `bytes`, which `MIMECache.validate` accepted and measured at `magicExtent`.
    init(bytes: [UInt8], path: String, typesPath: String, magicExtent: Int) {
        self.bytes = bytes
        self.path = path
        self.typesPath = typesPath
        self.magicExtent = magicExtent
        var decoded: [ContentSection: LazyValue<DirectoryContents>] = [:]
        for section in ContentSection.allCases {
            decoded[section] = LazyValue { Self.decode(section, bytes: bytes, path: path, typesPath: typesPath) }
        }
        self.decoded = decoded
    }

    /// The fields of `section`, decoded now if no query has asked before.
    func contents(_ section: ContentSection) -> DirectoryContents {
        decoded[section]!.value
    }

    private static func decode(_ section: ContentSection, bytes: [UInt8], path: String, typesPath: String) -> DirectoryContents {
        let lists: MIMECache.Sections
        switch section {
        case .types:
            // The `types` file names every type; without one, every type the lists mention.
            if let types = DirectoryLoader.typesFile(typesPath) {
                var part = DirectoryContents()
                part.types = types
                return part
            }
            lists = .all
        case .aliases: lists = .aliases
        case .parents: lists = .parents
        case .globs: lists = .globs
        case .magic: lists = .magic
        case .rootXML: lists = .namespaces
        case .treeMagic: return DirectoryContents()
        case .icons: lists = .icons
        }
        // The image was validated when it was opened, so decoding it cannot fail.
        guard let contents = try? MIMECache.read(bytes: bytes, path: path, sections: lists) else { return DirectoryContents() }
        return contents.projected(on: section)
    }
}
