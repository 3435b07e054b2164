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
        /// When every top-level matchlet compares unmasked bytes at one and the same offset, that
        /// offset and the first bytes they accept, as a 256-bit set: data with another byte there
        /// (or too short to have one) skips the section.
        var anchor: (offset: Int, bytes: ByteSet)?
    }

    /// A set of byte values.
    private struct ByteSet: Sendable {
        private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        mutating func insert(_ byte: UInt8) {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }

        func contains(_ byte: UInt8) -> Bool {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: return words.0 & bit != 0
            case 1: return words.1 & bit != 0
            case 2: return words.2 & bit != 0
            default: return words.3 & bit != 0
            }
        }
    }

    /// Sections sorted by priority, highest first, then by type name for a stable order.
    private var sections: [Section] = []
    /// The sections' type names, apart so that walking the sections retains nothing.
    private var types: [String] = []
    private var nodes: [Node] = []
    private var pool: [UInt8] = []
    /// How many bytes of a file the rules can look at.
    private(set) var maxExtent = 0

    init(rules: [MagicRule]) {
        let sorted = rules.sorted { ($0.priority, $1.mimeType) > ($1.priority, $0.mimeType) }
        for rule in sorted {
            let first = nodes.count
            nodes.append(contentsOf: repeatElement(Self.placeholder, count: rule.matchlets.count))
            for (index, matchlet) in rule.matchlets.enumerated() { compile(matchlet, into: first + index) }
            sections.append(
                Section(
                    priority: rule.priority, type: types.count, firstNode: first,
                    nodeCount: rule.matchlets.count, anchor: Self.anchor(of: rule)))
            types.append(rule.mimeType)
            maxExtent = rule.matchlets.reduce(maxExtent) { max($0, $1.extent) }
        }
    }

    /// The offset and the first bytes a section can accept, when all its top-level matchlets look
    /// at that one offset, unmasked.
    private static func anchor(of rule: MagicRule) -> (offset: Int, bytes: ByteSet)? {
        guard let offset = rule.matchlets.first?.rangeStart else { return nil }
        var set = ByteSet()
        for matchlet in rule.matchlets {
            guard matchlet.rangeStart == offset, matchlet.rangeLength == 1, matchlet.mask == nil,
                let first = matchlet.value.first
            else { return nil }
            set.insert(first)
        }
        return (offset, set)
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
                        for section in sections {
                            if firstLevelOnly, let first = found.first, section.priority < first.priority { break }
                            if let anchor = section.anchor,
                                anchor.offset >= data.count || !anchor.bytes.contains(data[anchor.offset])
                            {
                                continue
                            }
                            var matched = false
                            for index in section.firstNode..<section.firstNode + section.nodeCount where tables.matches(index) {
                                matched = true
                                break
                            }
                            if matched && !found.contains(where: { $0.type == section.type }) {
                                found.append((section.type, section.priority))
                                if found.count >= limit { break }
                            }
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
