#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A magic section that matched some data.
public struct MagicMatch: Sendable, Equatable {
    /// The type the section detects.
    public var mimeType: String
    /// The section's priority.
    public var priority: Int
}

/// How a detector reaches the magic: compiled from the decoded sections, or read in place.
enum MagicIndex: Sendable {
    /// Sections decoded from every directory and compiled.
    case rules(MagicMatcher)
    /// The only directory's `mime.cache`, read where it lies.
    case cache(CacheMagicMatcher)

    /// Every section that matches `data`; both give the same answer for the same sections.
    func matches(_ data: [UInt8], firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        switch self {
        case .rules(let matcher): return matcher.matches(data, firstLevelOnly: firstLevelOnly, limit: limit)
        case .cache(let matcher): return matcher.matches(data, firstLevelOnly: firstLevelOnly, limit: limit)
        }
    }
}

/// Tests data against the database's magic sections, highest priority first (SPECS rules 15–19).
///
/// The sections are compiled once into flat tables: one record per matchlet, its children stored
/// contiguously, and every value and mask in one byte pool. Matching then walks plain integers
/// and bytes, without allocating or retaining anything per file, which matters when a whole tree
/// is typed.
struct MagicMatcher: Sendable {
    /// One matchlet: where to look, what to compare, and where its children are.
    private struct Node: Sendable {
        var rangeStart: Int
        /// The last offset to try.
        var lastStart: Int
        var valueStart: Int
        /// The first byte of the value, checked before anything else.
        var firstByte: UInt8
        var length: Int
        /// The mask's start in the pool, or -1 for all ones.
        var maskStart: Int
        var firstChild: Int
        var childCount: Int
    }

    /// One section: its priority, type and top-level matchlets.
    private struct Section: Sendable {
        var priority: Int
        /// The index of the section's type in `types`.
        var type: Int
        var firstNode: Int
        var nodeCount: Int
    }

    /// Sections sorted by priority, highest first, then by type name for a stable order.
    private var sections: [Section] = []
    /// The sections' type names, apart so that walking the sections retains nothing.
    private var types: [String] = []
    private var nodes: [Node] = []
    private var pool: [UInt8] = []
    /// The sections that may match some data, found by the bytes at their fixed offsets.
    private var index = MagicSectionIndex(keys: [])
    /// How many bytes of a file the rules can look at.
    private(set) var maxExtent = 0

    /// Compiles `rules`; with `indexed` false every section is tried, the answers the index must
    /// reproduce.
    init(rules: [MagicRule], indexed: Bool = true) {
        let sorted = rules.sorted { ($0.priority, $1.mimeType) > ($1.priority, $0.mimeType) }
        for rule in sorted {
            let first = nodes.count
            nodes.append(contentsOf: repeatElement(Self.placeholder, count: rule.matchlets.count))
            for (index, matchlet) in rule.matchlets.enumerated() { compile(matchlet, into: first + index) }
            sections.append(
                Section(
                    priority: rule.priority, type: types.count, firstNode: first,
                    nodeCount: rule.matchlets.count))
            types.append(rule.mimeType)
            maxExtent = rule.matchlets.reduce(maxExtent) { max($0, $1.extent) }
        }
        index = MagicSectionIndex(keys: sorted.map(Self.keys(of:)), indexed: indexed)
    }

    /// The byte each top-level matchlet of `rule` requires at its one offset, or nil when one of
    /// them looks at several offsets or masks its first byte.
    private static func keys(of rule: MagicRule) -> [MagicSectionIndex.Key]? {
        var keys: [MagicSectionIndex.Key] = []
        for matchlet in rule.matchlets {
            let masked = matchlet.mask.map { $0.count == matchlet.value.count && $0.first != 0xFF } ?? false
            guard matchlet.rangeLength == 1, !masked, let first = matchlet.value.first else { return nil }
            keys.append(MagicSectionIndex.Key(offset: matchlet.rangeStart, byte: first))
        }
        return keys
    }

    private static let placeholder = Node(
        rangeStart: 0, lastStart: -1, valueStart: 0, firstByte: 0, length: 0, maskStart: -1,
        firstChild: 0, childCount: 0)

    /// Writes `matchlet` at `slot` and its children, contiguously, at the end of `nodes`.
    private mutating func compile(_ matchlet: Matchlet, into slot: Int) {
        let valueStart = pool.count
        pool += matchlet.value
        var maskStart = -1
        if let mask = matchlet.mask, mask.count == matchlet.value.count {
            maskStart = pool.count
            pool += mask
        }
        let firstChild = nodes.count
        nodes.append(contentsOf: repeatElement(Self.placeholder, count: matchlet.children.count))
        nodes[slot] = Node(
            rangeStart: matchlet.rangeStart, lastStart: matchlet.rangeStart + matchlet.rangeLength - 1,
            valueStart: valueStart, firstByte: matchlet.value.first ?? 0,
            length: matchlet.value.count, maskStart: maskStart,
            firstChild: firstChild, childCount: matchlet.children.count)
        for (index, child) in matchlet.children.enumerated() { compile(child, into: firstChild + index) }
    }

    /// Every section that matches `data`, highest priority first, one per type.
    ///
    /// - Parameters:
    ///   - firstLevelOnly: stop after the first priority level that matched, when true.
    ///   - limit: stop after this many matches; 1 gives the best match alone, which is all that
    ///     detection needs when nobody reads the trace.
    func matches(_ data: [UInt8], firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        var found: [(type: Int, priority: Int)] = []
        data.withUnsafeBufferPointer { data in
            nodes.withUnsafeBufferPointer { nodes in
                pool.withUnsafeBufferPointer { pool in
                    sections.withUnsafeBufferPointer { sections in
                        let tables = Tables(data: data, nodes: nodes, pool: pool)
                        index.forEachCandidate(data) { position in
                            let section = sections[position]
                            if firstLevelOnly, let first = found.first, section.priority < first.priority { return false }
                            var matched = false
                            for index in section.firstNode..<section.firstNode + section.nodeCount where tables.matches(index) {
                                matched = true
                                break
                            }
                            if matched && !found.contains(where: { $0.type == section.type }) {
                                found.append((section.type, section.priority))
                                if found.count >= limit { return false }
                            }
                            return true
                        }
                    }
                }
            }
        }
        return found.map { MagicMatch(mimeType: types[$0.type], priority: $0.priority) }
    }

    /// The data and the compiled tables, borrowed for one call of `matches`.
    private struct Tables {
        let data: UnsafeBufferPointer<UInt8>
        let nodes: UnsafeBufferPointer<Node>
        let pool: UnsafeBufferPointer<UInt8>

        /// A matchlet matches when its value is found at one of its offsets and, if it has
        /// children, one of them matches too (children AND-ed with the parent, OR-ed among themselves).
        func matches(_ index: Int) -> Bool {
            let node = nodes[index]
            let length = node.length
            guard length > 0, node.rangeStart + length <= data.count else { return false }
            // Most matchlets look at one offset: their first byte settles most of them at once.
            if node.lastStart == node.rangeStart && node.maskStart < 0 && data[node.rangeStart] != node.firstByte {
                return false
            }
            let lastStart = min(node.lastStart, data.count - length)
            guard node.maskStart < 0 ? find(node, through: lastStart) : findMasked(node, through: lastStart) else {
                return false
            }
            if node.childCount == 0 { return true }
            for child in node.firstChild..<node.firstChild + node.childCount where matches(child) { return true }
            return false
        }

        /// Whether the value of an unmasked matchlet occurs at an offset from its range start to
        /// `lastStart`: memchr(3) finds each place the first byte occurs, memcmp(3) checks the rest.
        private func find(_ node: Node, through lastStart: Int) -> Bool {
            let base = data.baseAddress!
            let value = pool.baseAddress! + node.valueStart
            var offset = node.rangeStart
            while offset <= lastStart {
                guard let hit = memchr(base + offset, Int32(value[0]), lastStart - offset + 1) else { return false }
                let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if node.length == 1 || memcmp(base + at + 1, value + 1, node.length - 1) == 0 { return true }
                offset = at + 1
            }
            return false
        }

        /// Whether the value of a masked matchlet occurs, compared under its mask, at an offset
        /// from its range start to `lastStart`.
        private func findMasked(_ node: Node, through lastStart: Int) -> Bool {
            var offset = node.rangeStart
            while offset <= lastStart {
                var equal = true
                for position in 0..<node.length {
                    let mask = pool[node.maskStart + position]
                    if data[offset + position] & mask != pool[node.valueStart + position] & mask {
                        equal = false
                        break
                    }
                }
                if equal { return true }
                offset += 1
            }
            return false
        }
    }
}
