/// Writes `mime.cache` version 1.2 (shared-mime-info specification, "The mime.cache file") with the
/// same bytes as `update-mime-database` 2.2.
///
/// The layout (header, records, alignment) is `CacheLayout`'s, the one the reader uses. The string
/// pool comes first, in the bucket order of the reference compiler's string table; each list then
/// refers to strings by offset. A name the pool does not hold is written as offset 0, as the
/// reference compiler does for the type list, whose lookups never match.
struct CacheWriter {
    private var out: [UInt8] = []
    private var pool = GLibStringTable<UInt32>()
    private let database: CompiledDatabase

    /// The cache image of `database`, whose magic must already be sorted.
    static func image(of database: CompiledDatabase) -> [UInt8] {
        var writer = CacheWriter(database: database)
        return writer.write()
    }

    private init(database: CompiledDatabase) {
        self.database = database
    }

    private mutating func write() -> [UInt8] {
        out = [UInt8](repeating: 0, count: CacheLayout.headerSize)
        collectStrings()
        writeStrings()
        var offsets: [CacheLayout.Field: Int] = [:]
        offsets[.aliasList] = out.count
        writeMap(database.aliases.entries.map { ($0.key, [$0.key, $0.value.name]) }, weighted: false)
        offsets[.parentList] = out.count
        writeParents()
        offsets[.literalList] = out.count
        writeMap(globLists(kind: .literal), weighted: true)
        offsets[.reverseSuffixTree] = out.count
        writeSuffixTree()
        offsets[.globList] = out.count
        writeMap(globLists(kind: .full), weighted: true)
        offsets[.magicList] = out.count
        writeMagic()
        offsets[.namespaceList] = out.count
        writeMap(
            database.namespaces.entries.map { entry in
                let space = entry.key.firstIndex(of: UInt8(ascii: " ")) ?? entry.key.endIndex
                let local = space < entry.key.endIndex ? Array(entry.key[(space + 1)...]) : []
                return (entry.key, [Array(entry.key[..<space]), local, entry.value.name])
            }, weighted: false)
        offsets[.iconsList] = out.count
        writeMap(database.icons.entries.map { ($0.key, [$0.key, $0.value]) }, weighted: false)
        offsets[.genericIconsList] = out.count
        writeMap(database.genericIcons.entries.map { ($0.key, [$0.key, $0.value]) }, weighted: false)
        let typeList = out.count
        writeTypes()
        put16(CacheLayout.majorVersion, at: 0)
        put16(CacheLayout.minorVersion, at: 2)
        for (field, offset) in offsets { put32(UInt32(offset), at: field.rawValue) }
        put32(UInt32(typeList), at: CacheLayout.typeListField)
        return out
    }

    // MARK: - Strings

    private mutating func collectStrings() {
        for (alias, type) in database.aliases.entries {
            pool.insert(alias, 0)
            pool.insert(type.name, 0)
        }
        for (type, parents) in database.subclasses.entries {
            pool.insert(type, 0)
            for parent in parents { pool.insert(parent, 0) }
        }
        for (pattern, globs) in database.globs.entries {
            if CacheLayout.globKind(pattern) != .simple { pool.insert(pattern, 0) }
            for glob in globs { pool.insert(glob.type.name, 0) }
        }
        for section in database.magic { pool.insert(section.type.name, 0) }
        for (key, type) in database.namespaces.entries {
            pool.insert(type.name, 0)
            if let space = key.firstIndex(of: UInt8(ascii: " ")) {
                pool.insert(Array(key[..<space]), 0)
                pool.insert(Array(key[(space + 1)...]), 0)
            } else {
                pool.insert(key, 0)
            }
        }
        for table in [database.genericIcons, database.icons] {
            for (type, icon) in table.entries {
                pool.insert(type, 0)
                pool.insert(icon, 0)
            }
        }
    }

    private mutating func writeStrings() {
        for key in pool.orderedKeys {
            pool.insert(key, UInt32(out.count))
            putData(key + [0])
        }
    }

    private func offset(of string: [UInt8]) -> UInt32 { pool[string] ?? 0 }

    // MARK: - Lists

    /// A list of records, one per key in `strcmp` order: each value a string offset, or in a
    /// weighted list every third value the weight.
    /// The record count is the value count over 2 (3 when weighted), as the reference compiler
    /// counts it, so a namespace's three values make one record.
    private mutating func writeMap(_ entries: [([UInt8], [[UInt8]])], weighted: Bool) {
        let sorted = entries.sorted { ByteOrder.precedes($0.0, $1.0) }
        let countDivisor = weighted ? 3 : 2
        put32(UInt32(sorted.reduce(0) { $0 + $1.1.count / countDivisor }))
        for (_, values) in sorted {
            for (index, value) in values.enumerated() {
                if weighted && index % 3 == 2 {
                    put32(UInt32(bitPattern: Int32(truncatingIfNeeded: CNumbers.atoi(String(decoding: value, as: UTF8.self)))))
                } else {
                    put32(offset(of: value))
                }
            }
        }
    }

    private enum GlobKind { case literal, full }

    /// The literal or full-glob entries: pattern, type, weight-and-flags per glob.
    private func globLists(kind: GlobKind) -> [([UInt8], [[UInt8]])] {
        database.globs.entries.compactMap { pattern, globs in
            let patternKind = CacheLayout.globKind(pattern)
            guard patternKind == (kind == .literal ? .literal : .full) else { return nil }
            return (pattern, globs.flatMap { [pattern, $0.type.name, Array("\($0.cacheWeight)".utf8)] })
        }
    }

    private mutating func writeParents() {
        let types = database.subclasses.entries.sorted { ByteOrder.precedes($0.key, $1.key) }
        put32(UInt32(types.count))
        var listOffset = out.count + CacheLayout.parentRecordSize * types.count
        for (type, parents) in types {
            put32(offset(of: type))
            put32(UInt32(listOffset))
            listOffset += 4 + 4 * parents.count
        }
        for (_, parents) in types {
            put32(UInt32(parents.count))
            for parent in parents { put32(offset(of: parent)) }
        }
    }

    private mutating func writeTypes() {
        let names = database.types.orderedKeys.map { $0 + [0x0A] }.sorted(by: ByteOrder.precedes)
        put32(UInt32(names.count))
        for name in names { put32(offset(of: name)) }
    }

    // MARK: - Suffix tree

    /// One node of the reversed-suffix tree; a character of 0 is a leaf naming a type.
    private final class SuffixNode {
        let character: UInt32
        var mimeType: [UInt8] = []
        var weight = 0
        var flags: UInt32 = 0
        var children: [SuffixNode] = []
        init(_ character: UInt32) { self.character = character }
    }

    private mutating func writeSuffixTree() {
        var roots: [SuffixNode] = []
        for (pattern, globs) in database.globs.entries where CacheLayout.globKind(pattern) == .simple {
            guard let text = String(validating: pattern.dropFirst(), as: UTF8.self) else { continue }
            let suffix = text.unicodeScalars.reversed().map(\.value) + [0]
            for glob in globs {
                roots = Self.insert(
                    suffix, at: 0, type: glob.type.name, weight: glob.weight, flags: glob.caseSensitive ? 0x100 : 0, into: roots)
            }
        }
        let start = out.count + 8
        put32(UInt32(roots.count))
        put32(UInt32(start))
        var childOffset = start + CacheLayout.suffixRecordSize * roots.count
        let depth = roots.map { Self.depth($0) + 1 }.max() ?? 0
        for level in 0..<depth {
            for root in roots { writeSuffixLevel(root, level: level, childOffset: &childOffset) }
        }
    }

    private static func insert(
        _ suffix: [UInt32], at position: Int, type: [UInt8], weight: Int, flags: UInt32, into nodes: [SuffixNode]
    ) -> [SuffixNode] {
        var nodes = nodes
        let character = suffix[position]
        let node: SuffixNode
        if let index = nodes.firstIndex(where: { $0.character >= character }) {
            if nodes[index].character == character {
                node = nodes[index]
            } else {
                node = SuffixNode(character)
                nodes.insert(node, at: index)
            }
        } else {
            node = SuffixNode(character)
            nodes.append(node)
        }
        let next = position + 1 < suffix.count ? suffix[position + 1] : 0
        if next == 0 {
            let leaves = node.children.prefix { $0.character == 0 }
            if let leaf = leaves.first(where: { $0.mimeType == type }) {
                leaf.weight = max(leaf.weight, weight)
            } else {
                let leaf = SuffixNode(0)
                leaf.mimeType = type
                leaf.weight = weight
                leaf.flags = flags
                node.children.insert(leaf, at: leaves.count)
            }
        } else {
            node.children = insert(suffix, at: position + 1, type: type, weight: weight, flags: flags, into: node.children)
        }
        return nodes
    }

    private static func depth(_ node: SuffixNode) -> Int {
        node.children.map { depth($0) + 1 }.max() ?? 0
    }

    private mutating func writeSuffixLevel(_ node: SuffixNode, level: Int, childOffset: inout Int) {
        if level > 0 {
            for child in node.children { writeSuffixLevel(child, level: level - 1, childOffset: &childOffset) }
            return
        }
        if node.character == 0 {
            put32(0)
            put32(node.mimeType.isEmpty ? 0 : offset(of: node.mimeType))
            put32(UInt32(bitPattern: Int32(truncatingIfNeeded: node.weight)) & 0xff | node.flags)
        } else {
            put32(node.character)
            put32(UInt32(node.children.count))
            put32(UInt32(childOffset))
        }
        childOffset += CacheLayout.suffixRecordSize * node.children.count
    }

    // MARK: - Magic

    private mutating func writeMagic() {
        // Every matchlet, each section's top level then, depth first, each match's children.
        var all: [Matchlet] = []
        var firstChild: [Int] = []
        var sectionStarts: [Int] = []
        func collect(_ matches: [Matchlet]) {
            let start = all.count
            all += matches
            firstChild += Array(repeating: -1, count: matches.count)
            for (index, match) in matches.enumerated() where !match.children.isEmpty {
                firstChild[start + index] = all.count
                collect(match.children)
            }
        }
        for section in database.magic {
            sectionStarts.append(all.count)
            collect(section.matches)
        }
        // Computed as the reference compiler does: a `long` sum compared with the running maximum.
        let maxExtent = all.reduce(UInt32(0)) { result, match in
            let extent = match.value.count &+ match.rangeStart &+ match.rangeLength
            return extent > Int(result) ? UInt32(truncatingIfNeeded: extent) : result
        }
        let listStart = out.count + 12
        put32(UInt32(database.magic.count))
        put32(maxExtent)
        put32(UInt32(listStart))
        let matchletsStart = listStart + CacheLayout.magicRecordSize * database.magic.count
        for (section, start) in zip(database.magic, sectionStarts) {
            put32(UInt32(section.priority))
            put32(offset(of: section.type.name))
            put32(UInt32(section.matches.count))
            put32(UInt32(matchletsStart + CacheLayout.matchletRecordSize * start))
        }
        var dataOffset = matchletsStart + CacheLayout.matchletRecordSize * all.count
        for (index, match) in all.enumerated() {
            put32(UInt32(truncatingIfNeeded: match.rangeStart))
            put32(UInt32(truncatingIfNeeded: match.rangeLength))
            put32(UInt32(match.wordSize))
            put32(UInt32(match.value.count))
            put32(UInt32(dataOffset))
            dataOffset = CacheLayout.aligned(dataOffset + match.value.count)
            if match.mask != nil {
                put32(UInt32(dataOffset))
                dataOffset = CacheLayout.aligned(dataOffset + match.value.count)
            } else {
                put32(0)
            }
            if firstChild[index] >= 0 {
                put32(UInt32(match.children.count))
                put32(UInt32(matchletsStart + CacheLayout.matchletRecordSize * firstChild[index]))
            } else {
                put32(0)
                put32(0)
            }
        }
        for match in all {
            putData(match.value)
            if let mask = match.mask { putData(mask) }
        }
    }

    // MARK: - Bytes

    private mutating func put32(_ value: UInt32) {
        out += [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    private mutating func put16(_ value: Int, at position: Int) {
        out[position] = UInt8(value >> 8 & 0xff)
        out[position + 1] = UInt8(value & 0xff)
    }

    private mutating func put32(_ value: UInt32, at position: Int) {
        out[position] = UInt8(value >> 24)
        out[position + 1] = UInt8(value >> 16 & 0xff)
        out[position + 2] = UInt8(value >> 8 & 0xff)
        out[position + 3] = UInt8(value & 0xff)
    }

    /// Bytes padded with zeros to the cache's 4-byte alignment.
    private mutating func putData(_ bytes: [UInt8]) {
        out += bytes
        out += [UInt8](repeating: 0, count: CacheLayout.aligned(bytes.count) - bytes.count)
    }
}
