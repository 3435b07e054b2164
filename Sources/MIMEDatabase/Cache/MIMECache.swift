import XDGSupport

/// Reads a binary `mime.cache` (SPECS rules 38–41) into `DirectoryContents`.
///
/// The header is the version (1.1 or 1.2) and nine list offsets. Everything is read through
/// `CacheReader`, so a truncated file, an offset pointing outside the file, a count larger than
/// the file could hold or a cyclic suffix tree is a `MIMEDatabaseError.corruptCache`, never a crash.
/// The markers `update-mime-database` writes for `<glob-deleteall/>` (literal `__NOGLOBS__`) and
/// `<magic-deleteall/>` (a match of `__NOMAGIC__`) become `globDeleteAll` and `magicDeleteAll`.
/// `update-mime-database` lets through type names RFC 6838 does not allow (`a/b c`, `a/b;c`): a
/// record that names one is skipped, as the XML reader skips the element, and checking the cache
/// whole reports each such name once.
enum MIMECache {
    /// The deepest suffix tree or magic nesting accepted.
    static let depthLimit = 256

    /// The lists of a cache that can be decoded on their own.
    struct Sections: OptionSet, Sendable {
        let rawValue: Int
        static let aliases = Sections(rawValue: 1 << 0)
        static let parents = Sections(rawValue: 1 << 1)
        /// The literal list, the suffix tree and the glob list.
        static let globs = Sections(rawValue: 1 << 2)
        static let magic = Sections(rawValue: 1 << 3)
        static let namespaces = Sections(rawValue: 1 << 4)
        static let icons = Sections(rawValue: 1 << 5)
        static let all: Sections = [.aliases, .parents, .globs, .magic, .namespaces, .icons]
    }

    /// Parses the whole cache image `bytes` read from `path`.
    ///
    /// - Throws: `.unsupportedCacheVersion` or `.corruptCache`.
    static func read(bytes: FileImage, path: String) throws(MIMEDatabaseError) -> DirectoryContents {
        try read(bytes: bytes, path: path, sections: .all)
    }

    /// Parses the given lists of the cache image `bytes`; when they are all the lists, `types`
    /// holds every type they name.
    ///
    /// - Throws: `.unsupportedCacheVersion` or `.corruptCache`.
    static func read(bytes: FileImage, path: String, sections: Sections) throws(MIMEDatabaseError) -> DirectoryContents {
        var contents = DirectoryContents()
        var parser = Parser(reader: CacheReader(bytes: bytes), building: true, collectsTypes: sections == .all)
        try walk(&parser, path: path, sections: sections, into: &contents)
        contents.types.formUnion(parser.referencedTypes)
        return contents
    }

    /// What checking a cache whole found: how far its magic looks into a file, and the names it
    /// holds that are no MIME types.
    struct Validation {
        /// The most bytes of a file any of its magic can look at.
        var extent: Int
        /// The types whose magic looks further than `MagicReadLimit.bytes`, with how far.
        var beyondLimit: [(type: String, extent: Int)]
        /// The names of types that RFC 6838 does not allow, each with the offset of its string,
        /// in the order first met; every record that names one is skipped.
        var refusedNames: [(offset: Int, name: String)]

        /// A warning for each of `refusedNames`, about the cache at `path`.
        func nameDiagnostics(path: String) -> [Diagnostic] {
            refusedNames.map { refused in
                Diagnostic(
                    path: path,
                    message: "the string at offset \(refused.offset): \(MIMETypeName.restrictedNameProblem(refused.name)); "
                        + "the records that name it are skipped")
            }
        }
    }

    /// Checks every list of the cache image `bytes` without decoding it: every offset, count,
    /// string and nesting depth that a later `read` of any section will meet. Returns how far its
    /// magic looks into a file, and the type names it refuses.
    ///
    /// - Throws: `.unsupportedCacheVersion` or `.corruptCache`, exactly when `read` would.
    static func validate(bytes: FileImage, path: String) throws(MIMEDatabaseError) -> Validation {
        var contents = DirectoryContents()
        var parser = Parser(reader: CacheReader(bytes: bytes), building: false, collectsTypes: false)
        try walk(&parser, path: path, sections: .all, into: &contents)
        // Only the few types beyond the limit have their names decoded.
        let beyond = parser.beyondLimit.map { (type: (try? parser.reader.string(at: $0.typeOffset)) ?? "", extent: $0.extent) }
        let refused = parser.refusedNames.map { (offset: $0, name: (try? parser.reader.string(at: $0)) ?? "") }
        return Validation(extent: parser.maxExtent, beyondLimit: beyond, refusedNames: refused)
    }

    /// Checks what every in-place query reads first, in constant time: the version, and that the
    /// header and count of every list lie inside the file with room for the records they count.
    /// Deeper reads (strings, nested lists, matchlets) are checked one by one when made.
    ///
    /// - Throws: `.unsupportedCacheVersion` or `.corruptCache`.
    static func checkHeader(bytes: FileImage, path: String) throws(MIMEDatabaseError) {
        let reader = CacheReader(bytes: bytes)
        try reading(path) {
            try checkVersion(reader, path: path)
            func list(_ field: CacheLayout.Field, recordSize: Int, header: Int = 4) throws(CacheReader.Failure) {
                let start = try reader.int(at: field.rawValue)
                _ = try reader.count(at: start, recordSize: recordSize, recordsStart: start + header, what: "a list")
            }
            try list(.aliasList, recordSize: CacheLayout.aliasRecordSize)
            try list(.parentList, recordSize: CacheLayout.parentRecordSize)
            try list(.literalList, recordSize: CacheLayout.globRecordSize)
            try list(.reverseSuffixTree, recordSize: CacheLayout.suffixRecordSize, header: CacheLayout.suffixTreeHeaderSize)
            try list(.globList, recordSize: CacheLayout.globRecordSize)
            try list(.magicList, recordSize: CacheLayout.magicRecordSize, header: CacheLayout.magicListHeaderSize)
            try list(.namespaceList, recordSize: CacheLayout.namespaceRecordSize)
            try list(.iconsList, recordSize: CacheLayout.iconRecordSize)
            try list(.genericIconsList, recordSize: CacheLayout.iconRecordSize)
        }
    }

    /// Runs `body`, the reads of the cache at `path`: a read that fails becomes `.corruptCache`.
    private static func reading(_ path: String, _ body: () throws -> Void) throws(MIMEDatabaseError) {
        do {
            try body()
        } catch let failure as CacheReader.Failure {
            throw .corruptCache(path: path, reason: failure.reason)
        } catch let error as MIMEDatabaseError {
            throw error
        } catch {
            throw .corruptCache(path: path, reason: "\(error)")
        }
    }

    /// Version 1.1 or 1.2, the only ones this reader knows.
    private static func checkVersion(_ reader: CacheReader, path: String) throws {
        let major = Int(try reader.uint16(at: 0))
        let minor = Int(try reader.uint16(at: 2))
        guard major == CacheLayout.majorVersion, CacheLayout.readableMinorVersions.contains(minor) else {
            throw MIMEDatabaseError.unsupportedCacheVersion(path: path, major: major, minor: minor)
        }
    }

    private static func walk(
        _ parser: inout Parser, path: String, sections: Sections,
        into contents: inout DirectoryContents
    ) throws(MIMEDatabaseError) {
        let reader = parser.reader
        try reading(path) {
            try checkVersion(reader, path: path)
            func offset(_ field: CacheLayout.Field) throws(CacheReader.Failure) -> Int { try reader.int(at: field.rawValue) }
            if sections.contains(.aliases) { try parser.readAliases(at: offset(.aliasList), into: &contents) }
            if sections.contains(.parents) { try parser.readParents(at: offset(.parentList), into: &contents) }
            if sections.contains(.globs) {
                try parser.readGlobList(at: offset(.literalList), into: &contents)
                try parser.readSuffixTree(at: offset(.reverseSuffixTree), into: &contents)
                try parser.readGlobList(at: offset(.globList), into: &contents)
            }
            if sections.contains(.magic) { try parser.readMagic(at: offset(.magicList), into: &contents) }
            if sections.contains(.namespaces) { try parser.readNamespaces(at: offset(.namespaceList), into: &contents) }
            if sections.contains(.icons) {
                contents.icons = try parser.readIcons(at: offset(.iconsList))
                contents.genericIcons = try parser.readIcons(at: offset(.genericIconsList))
            }
        }
    }

    /// Walks the lists of one cache image.
    ///
    /// A parser that is not `building` checks every read the same way but makes no values: it
    /// is how a cache is validated when it is opened and decoded later, list by list.
    private struct Parser {
        let reader: CacheReader
        let building: Bool
        /// Whether `referencedTypes` is kept: only a read of every list needs it.
        let collectsTypes: Bool
        var referencedTypes: Set<String> = []
        /// The most bytes any magic matchlet seen so far looks at.
        var maxExtent = 0
        /// The magic sections seen so far that look beyond `MagicReadLimit.bytes`: where their
        /// type's name is, and how far they look.
        var beyondLimit: [(typeOffset: Int, extent: Int)] = []
        /// The offsets of the names refused so far (`name(at:)`), in the order first met.
        var refusedNames: [Int] = []
        private var refusedSet: Set<Int> = []
        private var strings: [Int: String] = [:]

        init(reader: CacheReader, building: Bool, collectsTypes: Bool) {
            self.reader = reader
            self.building = building
            self.collectsTypes = collectsTypes
        }

        /// Strings are shared between records; decode each offset once.
        mutating func string(at offset: Int) throws(CacheReader.Failure) -> String {
            guard building else {
                _ = try reader.cString(at: offset)
                return ""
            }
            if let known = strings[offset] { return known }
            let value = try reader.string(at: offset)
            strings[offset] = value
            return value
        }

        /// The type name at `offset`, or nil when RFC 6838 does not allow it
        /// (`MIMETypeName.isRestrictedName`): the caller skips the record, and the name is noted.
        mutating func name(at offset: Int) throws(CacheReader.Failure) -> String? {
            let bytes = try reader.cString(at: offset)
            guard MIMETypeName.isRestrictedName(utf8: UnsafeBufferPointer(rebasing: bytes)) else {
                if refusedSet.insert(offset).inserted { refusedNames.append(offset) }
                return nil
            }
            return try string(at: offset)
        }

        /// `name(at:)` of a name that is a type, which `referencedTypes` collects.
        mutating func type(at offset: Int) throws(CacheReader.Failure) -> String? {
            guard let name = try name(at: offset) else { return nil }
            if collectsTypes { referencedTypes.insert(name) }
            return name
        }

        mutating func readAliases(at list: Int, into contents: inout DirectoryContents) throws(CacheReader.Failure) {
            let count = try reader.count(at: list, recordSize: 8, recordsStart: list + 4, what: "the alias list")
            for index in 0..<count {
                let record = list + 4 + 8 * index
                let alias = try name(at: reader.int(at: record))
                let target = try type(at: reader.int(at: record + 4))
                if building, let alias, let target { contents.aliases[alias] = target }
            }
        }

        mutating func readParents(at list: Int, into contents: inout DirectoryContents) throws(CacheReader.Failure) {
            let count = try reader.count(at: list, recordSize: 8, recordsStart: list + 4, what: "the parent list")
            for index in 0..<count {
                let record = list + 4 + 8 * index
                let child = try type(at: reader.int(at: record))
                let parents = try reader.int(at: record + 4)
                let parentCount = try reader.count(
                    at: parents, recordSize: 4, recordsStart: parents + 4,
                    what: "the parents of '\(child ?? "")'")
                var list = building ? child.flatMap { contents.parents[$0] } ?? [] : []
                for position in 0..<parentCount {
                    guard let parent = try type(at: reader.int(at: parents + 4 + 4 * position)) else { continue }
                    if building && parent != child && !list.contains(parent) { list.append(parent) }
                }
                if building, let child, !list.isEmpty { contents.parents[child] = list }
            }
        }

        /// The literal list and the glob list share one layout.
        mutating func readGlobList(at list: Int, into contents: inout DirectoryContents) throws(CacheReader.Failure) {
            let count = try reader.count(at: list, recordSize: 12, recordsStart: list + 4, what: "a glob list")
            for index in 0..<count {
                let record = list + 4 + 12 * index
                let pattern = try string(at: reader.int(at: record))
                let mimeType = try type(at: reader.int(at: record + 4))
                let flags = try reader.uint32(at: record + 8)
                if let mimeType { add(pattern: pattern, mimeType: mimeType, flags: flags, to: &contents) }
            }
        }

        mutating func readSuffixTree(at tree: Int, into contents: inout DirectoryContents) throws(CacheReader.Failure) {
            let roots = try reader.count(at: tree, recordSize: 12, recordsStart: tree + 8, what: "the suffix tree")
            let first = try reader.int(at: tree + 4)
            var visited = 0
            var suffix: [Unicode.Scalar] = []
            try readNodes(first: first, count: roots, suffix: &suffix, depth: 0, visited: &visited, into: &contents)
        }

        /// Walks sibling nodes; `suffix` holds the characters from the root down, last character first.
        private mutating func readNodes(
            first: Int, count: Int, suffix: inout [Unicode.Scalar], depth: Int,
            visited: inout Int, into contents: inout DirectoryContents
        ) throws(CacheReader.Failure) {
            guard depth < MIMECache.depthLimit else { throw .tooDeep(limit: MIMECache.depthLimit) }
            for index in 0..<count {
                let node = first + 12 * index
                visited += 1
                guard visited <= reader.bytes.count / 12 else { throw .tooLarge(what: "the suffix tree", count: visited) }
                let character = try reader.uint32(at: node)
                if character == 0 {
                    let mimeType = try type(at: reader.int(at: node + 4))
                    let flags = try reader.uint32(at: node + 8)
                    guard building, let mimeType else { continue }
                    var pattern: [UInt8] = [UInt8(ascii: "*")]
                    pattern.reserveCapacity(suffix.count + 1)
                    for scalar in suffix.reversed() {
                        if scalar.isASCII { pattern.append(UInt8(scalar.value)) } else { pattern += Array(String(scalar).utf8) }
                    }
                    add(pattern: String(decoding: pattern, as: UTF8.self), mimeType: mimeType, flags: flags, to: &contents)
                    continue
                }
                guard let scalar = Unicode.Scalar(character) else {
                    throw .outOfBounds(offset: node, length: 4, size: reader.bytes.count)
                }
                let children = try reader.count(at: node + 4, recordSize: 12, recordsStart: 0, what: "a suffix tree node")
                let firstChild = try reader.int(at: node + 8)
                suffix.append(scalar)
                try readNodes(
                    first: firstChild, count: children, suffix: &suffix, depth: depth + 1,
                    visited: &visited, into: &contents)
                suffix.removeLast()
            }
        }

        private func add(pattern: String, mimeType: String, flags: UInt32, to contents: inout DirectoryContents) {
            guard building else { return }
            if pattern == GlobRule.deleteAllMarker {
                contents.globDeleteAll.insert(mimeType)
                return
            }
            let rule = GlobRule(
                pattern: pattern, mimeType: mimeType, weight: Int(flags & 0xFF),
                caseSensitive: flags & 0x100 != 0)
            contents.globs.append(rule)
        }

        mutating func readMagic(at list: Int, into contents: inout DirectoryContents) throws(CacheReader.Failure) {
            let count = try reader.count(at: list, recordSize: 16, recordsStart: list + 12, what: "the magic list")
            let first = try reader.int(at: list + 8)
            // Children may point back at their ancestors; count every matchlet read, as for the
            // suffix tree, so a cyclic cache fails fast instead of unfolding exponentially.
            var visitedMatchlets = 0
            for index in 0..<count {
                let match = first + 16 * index
                let priority = try reader.int(at: match)
                let mimeType = try type(at: reader.int(at: match + 4))
                let matchletCount = try reader.count(at: match + 8, recordSize: 32, recordsStart: 0, what: "a magic match")
                let extentBefore = maxExtent
                maxExtent = 0
                let matchlets = try readMatchlets(
                    first: reader.int(at: match + 12), count: matchletCount, depth: 0,
                    visited: &visitedMatchlets)
                if maxExtent > MagicReadLimit.bytes { beyondLimit.append((try reader.int(at: match + 4), maxExtent)) }
                maxExtent = max(maxExtent, extentBefore)
                guard building, let mimeType else { continue }
                let rule = MagicRule(priority: priority, mimeType: mimeType, matchlets: matchlets)
                if rule.isDeleteAllMarker {
                    contents.magicDeleteAll.insert(mimeType)
                } else {
                    contents.magic.append(rule)
                }
            }
        }

        private mutating func readMatchlets(
            first: Int, count: Int, depth: Int,
            visited: inout Int
        ) throws(CacheReader.Failure) -> [Matchlet] {
            guard depth < MIMECache.depthLimit else { throw .tooDeep(limit: MIMECache.depthLimit) }
            var result: [Matchlet] = []
            for index in 0..<count {
                let record = first + 32 * index
                visited += 1
                guard visited <= reader.bytes.count / 32 else { throw .tooLarge(what: "the magic", count: visited) }
                let rangeStart = try reader.int(at: record)
                let rangeLength = try reader.int(at: record + 4)
                let wordSize = try reader.int(at: record + 8)
                let valueLength = try reader.int(at: record + 12)
                let valueOffset = try reader.int(at: record + 16)
                let maskOffset = try reader.int(at: record + 20)
                let childCount = try reader.count(at: record + 24, recordSize: 32, recordsStart: 0, what: "a matchlet")
                let children = try readMatchlets(
                    first: reader.int(at: record + 28), count: childCount, depth: depth + 1,
                    visited: &visited)
                guard rangeLength >= 1, rangeStart <= Int(Int32.max), rangeLength <= Int(Int32.max) else {
                    throw .outOfBounds(offset: record, length: 32, size: reader.bytes.count)
                }
                guard building else {
                    try reader.checkRange(at: valueOffset, length: valueLength)
                    if maskOffset != 0 { try reader.checkRange(at: maskOffset, length: valueLength) }
                    maxExtent = max(maxExtent, rangeStart + rangeLength - 1 + valueLength)
                    continue
                }
                let value = try reader.slice(at: valueOffset, length: valueLength)
                let mask = maskOffset == 0 ? nil : try reader.slice(at: maskOffset, length: valueLength)
                result.append(
                    Matchlet(
                        rangeStart: rangeStart, rangeLength: rangeLength, wordSize: wordSize,
                        value: Matchlet.hostOrder(value, wordSize: wordSize),
                        mask: mask.map { Matchlet.hostOrder($0, wordSize: wordSize) }, children: children))
            }
            return result
        }

        mutating func readNamespaces(at list: Int, into contents: inout DirectoryContents) throws(CacheReader.Failure) {
            let count = try reader.count(at: list, recordSize: 12, recordsStart: list + 4, what: "the namespace list")
            for index in 0..<count {
                let record = list + 4 + 12 * index
                let uri = try string(at: reader.int(at: record))
                let localName = try string(at: reader.int(at: record + 4))
                let mimeType = try type(at: reader.int(at: record + 8))
                if building, let mimeType {
                    contents.rootXML.append(RootXMLRule(namespaceURI: uri, localName: localName, mimeType: mimeType))
                }
            }
        }

        mutating func readIcons(at list: Int) throws(CacheReader.Failure) -> [String: String] {
            let count = try reader.count(at: list, recordSize: 8, recordsStart: list + 4, what: "an icon list")
            var icons: [String: String] = [:]
            for index in 0..<count {
                let record = list + 4 + 8 * index
                let mimeType = try type(at: reader.int(at: record))
                let icon = try string(at: reader.int(at: record + 4))
                if building, let mimeType { icons[mimeType] = icon }
            }
            return icons
        }
    }
}
