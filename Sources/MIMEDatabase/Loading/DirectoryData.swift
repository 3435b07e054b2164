import Synchronization
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

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

/// A `mime.cache` image that passed `MIMECache.validate` or, opened for in-place reading, the
/// constant-time `MIMECache.checkHeader`; its lists are decoded on first use, and its names and
/// magic can be read where they lie.
final class CacheImage: Sendable {
    /// The cache file.
    let path: String
    /// The `types` file beside it, which lists every type the cache was built from.
    let typesPath: String
    /// The image itself, for queries that read it in place.
    let bytes: FileImage
    private let extent: LazyValue<Int>
    private let decoded: LazySections
    private let lazyNames: LazyValue<CacheNameLists>
    private let typesFile: LazyValue<TypesFile?>
    /// The alias list decoded, or nil when it does not read: what many lookups use.
    private let decodedAliases: LazyValue<[String: String]?>
    /// How many names were looked up; past `inPlaceLookups`, tables answer.
    private let lookups = Atomic<Int>(0)

    /// The lookups of names answered in place before the tables, built once and then cheaper
    /// per name, take over (as `type` indexes the globs for more than 64 paths).
    static let inPlaceLookups = 64

    /// Wraps `bytes`, which `MIMECache.validate` accepted and measured at `magicExtent`, or
    /// (`magicExtent` nil) whose header `MIMECache.checkHeader` accepted: its magic is measured
    /// in place when first needed.
    init(bytes: FileImage, path: String, typesPath: String, magicExtent: Int?) {
        self.bytes = bytes
        self.path = path
        self.typesPath = typesPath
        extent = LazyValue { magicExtent ?? CacheMagicMatcher.extent(of: bytes) }
        decoded = LazySections { Self.decode($0, bytes: bytes, path: path, typesPath: typesPath) }
        lazyNames = LazyValue { CacheNameLists(bytes: bytes) }
        typesFile = LazyValue { TypesFile(path: typesPath) }
        decodedAliases = LazyValue { try? MIMECache.read(bytes: bytes, path: path, sections: .aliases).aliases }
    }

    /// The most bytes of a file the cache's magic can look at.
    var magicExtent: Int { extent.value }

    /// The alias and parent lists, read in place.
    var names: CacheNameLists { lazyNames.value }

    /// Every type the directory defines, as the decoded `types` section holds them, listed
    /// without building that set; nil when only the set can tell.
    var typeNames: [String]? { typesFile.value?.names }

    /// Whether `name` is one of the types the directory defines, as the decoded `types` section
    /// says, found without building that set; nil when the set is to tell (when only it can, or
    /// after many lookups).
    func definesType(_ name: String) -> Bool? {
        prefersTables() ? nil : typesFile.value?.contains(name)
    }

    /// The canonical name an alias spelled exactly `name` stands for: read in place, or after
    /// many lookups from the decoded alias list when that list reads (the same answer).
    func alias(of name: String) -> String? {
        if prefersTables(), let table = decodedAliases.value { return table[name] }
        return names.alias(of: name)
    }

    /// Counts a lookup; whether there were enough that tables are cheaper than reading in place.
    private func prefersTables() -> Bool {
        lookups.add(1, ordering: .relaxed).newValue > Self.inPlaceLookups
    }

    /// The fields of `section`, decoded now if no query has asked before.
    func contents(_ section: ContentSection) -> DirectoryContents {
        decoded[section]
    }

    private static func decode(_ section: ContentSection, bytes: FileImage, path: String, typesPath: String) -> DirectoryContents
    {
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

/// The `types` file beside a cache, searched in place instead of read into a set.
///
/// It answers as `DirectoryLoader.typesFile` read into a set would. A line that is the name (a
/// valid ASCII one) says yes whatever else the file holds: a binary search of the bytes, as if
/// the lines were in byte order (as `update-mime-database` writes them), finds it in a few
/// comparisons, without a pass over the file. A name not found that way is looked for as
/// before, in a file of ASCII lines only (a set of strings compares by canonical equivalence,
/// which for ASCII is byte equality): the first lookups look for the name's line in the bytes,
/// the later ones search the lines, indexed once, when they are in byte order. A file without
/// one valid name is left to the set, and so are the names not found in a file with other
/// bytes and the later lookups in a file out of order.
private final class TypesFile: Sendable {
    /// The file, mapped when only root can change it (as `/usr/share/mime/types` is).
    private let image: FileImage
    /// Where each non-empty line starts and ends, when the lines are in byte order.
    private let sortedLines: LazyValue<[Range<Int>]?>
    /// How many names were looked up; past `scannedLookups`, the sorted lines answer.
    private let lookups = Atomic<Int>(0)
    /// Whether every byte of the file is ASCII: 0 not known yet, 1 yes, 2 no (worked out by the
    /// first lookup that needs it, a name not found by the binary search).
    private let asciiState = Atomic<Int>(0)

    /// The lookups that look for the line in the bytes (a pass over the lines each, comparing
    /// only those of the name's length) before the lines are indexed once (a pass that compares
    /// every line with the one before, and then cheaper per name).
    static let scannedLookups = 4

    init?(path: String) {
        guard let image = try? FileImage.read(path) else { return nil }
        let file = image.bytes
        guard !file.isEmpty else { return nil }
        var usable = false
        Self.forEachLine(file) { line in
            usable = MIMETypeName.isRestrictedName(utf8: UnsafeBufferPointer(rebasing: file[line]))
            return !usable
        }
        guard usable else { return nil }
        self.image = image
        sortedLines = LazyValue { Self.sortedLines(image) }
    }

    /// Calls `body` with the range of each non-empty line of `file`, in order, while it returns true.
    private static func forEachLine(_ file: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) {
        var start = 0
        while start < file.count {
            let end = lineEnd(file, from: start, upTo: file.count)
            if end > start && !body(start..<end) { return }
            start = end + 1
        }
    }

    /// Where the line that starts at `start` ends: the offset of the next line feed before
    /// `limit` (which is past `start`), or `limit`.
    private static func lineEnd(_ file: UnsafeBufferPointer<UInt8>, from start: Int, upTo limit: Int) -> Int {
        let base = file.baseAddress!
        return memchr(base + start, 0x0A, limit - start).map {
            UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base
        } ?? limit
    }

    /// The non-empty lines of `bytes`, or nil when they are not in byte order.
    private static func sortedLines(_ image: FileImage) -> [Range<Int>]? {
        let file = image.bytes
        var lines: [Range<Int>] = []
        lines.reserveCapacity(file.count / 16)
        var inOrder = true
        forEachLine(file) { line in
            if let previous = lines.last, order(file, previous, line) > 0 {
                inOrder = false
                return false
            }
            lines.append(line)
            return true
        }
        return inOrder ? lines : nil
    }

    /// Orders two lines of `file` as strcmp(3) orders strings.
    private static func order(_ file: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        order(file, a, UnsafeBufferPointer(rebasing: file[b]))
    }

    /// The valid type names among the lines: the decoded `types` section; nil when the lines are
    /// out of order (the set then lists them).
    var names: [String]? {
        guard isASCII, let lines = sortedLines.value else { return nil }
        let file = image.bytes
        return lines.compactMap { line in
            let utf8 = UnsafeBufferPointer(rebasing: file[line])
            return MIMETypeName.isRestrictedName(utf8: utf8) ? String(decoding: utf8, as: UTF8.self) : nil
        }
    }

    /// Whether a line of the file is `name`, and `name` is a valid type name; nil when the set is
    /// to tell (a later lookup in a file out of order).
    func contains(_ name: String) -> Bool? {
        var name = name
        let scanned = lookups.add(1, ordering: .relaxed).newValue <= Self.scannedLookups
        let file = image.bytes
        return name.withUTF8 { key -> Bool? in
            // A name with other bytes may equal a line of other bytes: the set tells.
            guard ASCIIBytes.all(key) else { return nil }
            guard MIMETypeName.isRestrictedName(utf8: key) else { return false }
            if Self.meetsLine(file, key) { return true }
            guard isASCII else { return nil }
            if scanned { return Self.hasLine(file, key) }
            guard let lines = sortedLines.value else { return nil }
            var low = 0
            var high = lines.count
            while low < high {
                let middle = (low + high) / 2
                if Self.order(file, lines[middle], key) < 0 { low = middle + 1 } else { high = middle }
            }
            return low < lines.count && Self.order(file, lines[low], key) == 0
        }
    }

    /// Whether every byte of the file is ASCII, worked out once.
    private var isASCII: Bool {
        var state = asciiState.load(ordering: .relaxed)
        if state == 0 {
            state = ASCIIBytes.all(image.bytes) ? 1 : 2
            asciiState.store(state, ordering: .relaxed)
        }
        return state == 1
    }

    /// Whether a binary search of the lines of `file`, as if they were in byte order, meets one
    /// that is exactly `key`: a yes is right whatever the order; a no, only in a file in order.
    /// Each step compares the whole line around the middle of the bytes left, so the search
    /// ends after about log2 of the line count steps, and reads nothing outside the file.
    private static func meetsLine(_ file: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = file.baseAddress else { return false }
        // `low` is the start of a line; `high` the end of the file or the start of a line.
        var low = 0
        var high = file.count
        while low < high {
            var start = low + (high - low) / 2
            while start > low && base[start - 1] != 0x0A { start -= 1 }
            let end = lineEnd(file, from: start, upTo: high)
            let order = order(file, start..<end, key)
            if order == 0 { return true }
            if order < 0 { low = end + 1 } else { high = start }
        }
        return false
    }

    /// Whether some line of `file` is exactly `key`: the lines of its length are compared.
    private static func hasLine(_ file: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = false
        forEachLine(file) { line in
            found = line.count == key.count && memcmp(file.baseAddress! + line.lowerBound, key.baseAddress!, key.count) == 0
            return !found
        }
        return found
    }

    /// Orders a line of `file` against `key` as strcmp(3) orders strings.
    private static func order(_ file: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, _ key: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(line.count, key.count)
        let order = common == 0 ? 0 : Int(memcmp(file.baseAddress! + line.lowerBound, key.baseAddress!, common))
        return order != 0 ? order : line.count - key.count
    }
}
