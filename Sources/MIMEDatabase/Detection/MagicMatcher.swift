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
    case rules(Shared<MagicMatcher>)
    /// The only directory's `mime.cache`, read where it lies.
    case cache(CacheMagicMatcher)

    /// Every section that matches `data`; both give the same answer for the same sections.
    func matches(_ data: [UInt8], firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        switch self {
        case .rules(let matcher): return matcher.value.matches(data, firstLevelOnly: firstLevelOnly, limit: limit)
        case .cache(let matcher): return matcher.matches(data, firstLevelOnly: firstLevelOnly, limit: limit)
        }
    }

    /// Every section that matches `data`, as `matches` gives them.
    func matches(_ data: UnsafeBufferPointer<UInt8>) -> [MagicMatch] {
        switch self {
        case .rules(let matcher): return matcher.value.matches(data)
        case .cache(let matcher): return matcher.matches(data)
        }
    }

    /// The first section that matches `data`, the best match; the compiled rules find it without
    /// allocating anything.
    func best(_ data: UnsafeBufferPointer<UInt8>) -> MagicMatch? {
        switch self {
        case .rules(let matcher): return matcher.value.best(data)
        case .cache(let matcher): return matcher.matches(data, limit: 1).first
        }
    }

    /// The best match of `data`, the first bytes of content of `available` bytes, when the rest
    /// cannot change it, else nil (`MagicMatcher.best(_:of:)`).
    func best(_ data: UnsafeBufferPointer<UInt8>, of available: Int) -> MagicMatch?? {
        switch self {
        case .rules(let matcher): return matcher.value.best(data, of: available)
        case .cache(let matcher): return matcher.best(data, of: available)
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
        /// What the look before matching needs, which starts with where the matchlet looks.
        var glance: Glance
        /// The last offset to try.
        var lastStart: Int
        var valueStart: Int
        /// The position in the value of the byte a search looks for first: the one least likely
        /// to occur in files, so that few places are compared whole.
        var pivot: Int
        var length: Int
        /// The mask's start in the pool, or -1 for all ones.
        var maskStart: Int
        var firstChild: Int
        var childCount: Int
    }

    /// What `Tables.mayMatch` looks at of a matchlet, together, so that the prefilter of the
    /// scanned sections reads it from its probes in a row instead of from their nodes.
    private struct Glance: Sendable {
        /// The first offset to try.
        var rangeStart: Int
        /// How many bytes of data settle the matchlet: its last offset plus the value's length.
        var end: Int
        /// For a windowed value of two bytes or more, the pair bits (`MagicWindowPresence.pairBit`)
        /// of up to four of its pairs of adjacent bytes, the rarest first, 16 bits each
        /// (`MagicWindowPresence.mayContain(pairBits:)`); else 0 (its pivot byte is looked up).
        var pairBits: UInt64
        /// The first four bytes of the value (fewer for a shorter one) under the mask, read as a
        /// little-endian number, and the mask over them (zero past the value): a matchlet at one
        /// offset compares them with one load.
        var head: UInt32
        var headMask: UInt32
        /// How the matchlet is looked at.
        var test: Test
        /// The first byte of the value, checked before anything else.
        var firstByte: UInt8
        /// The byte a search looks for first (`Node.pivot`).
        var pivotByte: UInt8
    }

    /// How a matchlet is looked at before it is matched (`Tables.mayMatch`).
    private enum Test: UInt8, Sendable {
        /// An empty value, which never matches.
        case never
        /// One offset: the first four bytes there, under the mask.
        case head
        /// An unmasked search within the first `MagicWindowPresence.window` bytes, of a value of
        /// two bytes or more: the pairs of `Glance.pairBits`, its rarest first, must all be there.
        case pair
        /// The same search of a one-byte value: the byte must be there.
        case byte
        /// Any other search, tried whole.
        case search
    }

    /// One top-level matchlet of a section the index scans, for the prefilter: the section may
    /// match when one of its matchlets may.
    private struct Probe: Sendable {
        /// The matchlet's glance, copied from its node.
        var glance: Glance
        var section: Int32
        /// Whether the section is filed in the index too: then the index may have offered it.
        var filed: Bool
        /// The first probe of the next section.
        var next: Int32
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
    /// Whether matchlets are looked at before they are matched (else each is `Test.search`).
    private let filtered: Bool
    /// The top-level matchlets of the sections the index scans, section by section.
    private var probes: [Probe] = []
    /// How many bytes of a file the rules can look at.
    private(set) var maxExtent = 0
    /// How far the searches that ask the presence sets look (at most `MagicWindowPresence.window`).
    private var windowExtent = 0

    /// Compiles `rules`; with `indexed` false every section is tried and every matchlet matched
    /// whole, without a look at its first bytes or the presence sets first: the answers the index
    /// and those looks must reproduce.
    init(rules: [MagicRule], indexed: Bool = true) {
        filtered = indexed
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
        windowExtent = nodes.reduce(0) { $1.glance.test == .pair || $1.glance.test == .byte ? max($0, $1.glance.end) : $0 }
        index = MagicSectionIndex(filings: sorted.map(Self.filing(of:)), indexed: indexed)
        // A scanned section that is filed too needs probes only for its matchlets without a key.
        for position in index.scanned {
            let section = sections[Int(position)]
            let filed = index.isFiled(Int(position))
            let rule = sorted[Int(position)]
            let first = probes.count
            for (number, matchlet) in rule.matchlets.enumerated() where !filed || Self.key(of: matchlet) == nil {
                probes.append(
                    Probe(glance: nodes[section.firstNode + number].glance, section: position, filed: filed, next: 0))
            }
            for probe in first..<probes.count { probes[probe].next = Int32(probes.count) }
        }
    }

    /// The keys of the top-level matchlets of `rule`.
    private static func filing(of rule: MagicRule) -> MagicSectionIndex.Filing {
        let keys = rule.matchlets.compactMap(key(of:))
        return MagicSectionIndex.Filing(keys: keys, complete: keys.count == rule.matchlets.count)
    }

    /// The byte `matchlet` requires at its one offset, or nil when it looks at several offsets or
    /// masks its first byte.
    private static func key(of matchlet: Matchlet) -> MagicSectionIndex.Key? {
        let masked = matchlet.mask.map { $0.count == matchlet.value.count && $0.first != 0xFF } ?? false
        guard matchlet.rangeLength == 1, !masked, let first = matchlet.value.first else { return nil }
        return MagicSectionIndex.Key(offset: matchlet.rangeStart, byte: first)
    }

    private static let placeholder = Node(
        glance: Glance(rangeStart: 0, end: -1, pairBits: 0, head: 0, headMask: 0, test: .never, firstByte: 0, pivotByte: 0),
        lastStart: -1, valueStart: 0, pivot: 0, length: 0, maskStart: -1, firstChild: 0, childCount: 0)

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
        let pivot = Self.pivot(of: matchlet.value)
        let lastStart = matchlet.rangeStart + matchlet.rangeLength - 1
        var head: UInt32 = 0
        var headMask: UInt32 = 0
        for (position, byte) in matchlet.value.prefix(4).enumerated() {
            let mask = maskStart >= 0 ? pool[maskStart + position] : 0xFF
            head |= UInt32(byte & mask) << (8 * position)
            headMask |= UInt32(mask) << (8 * position)
        }
        let glance = Glance(
            rangeStart: matchlet.rangeStart, end: lastStart + matchlet.value.count, pairBits: Self.pairBits(of: matchlet.value),
            head: head, headMask: headMask, test: filtered ? Self.test(of: matchlet, masked: maskStart >= 0) : .search,
            firstByte: matchlet.value.first ?? 0, pivotByte: matchlet.value.isEmpty ? 0 : matchlet.value[pivot])
        nodes[slot] = Node(
            glance: glance, lastStart: lastStart, valueStart: valueStart, pivot: pivot, length: matchlet.value.count,
            maskStart: maskStart, firstChild: firstChild, childCount: matchlet.children.count)
        for (index, child) in matchlet.children.enumerated() { compile(child, into: firstChild + index) }
    }

    /// How `Tables.mayMatch` looks at `matchlet`, whose mask is used when `masked`.
    private static func test(of matchlet: Matchlet, masked: Bool) -> Test {
        if matchlet.value.isEmpty { return .never }
        if matchlet.rangeLength == 1 { return .head }
        guard !masked, matchlet.rangeStart + matchlet.rangeLength - 1 + matchlet.value.count <= MagicWindowPresence.window
        else { return .search }
        return matchlet.value.count == 1 ? .byte : .pair
    }

    /// The position of the byte of `value` least likely to occur in a file, by a rough rank: NUL,
    /// space, line feed, 0xFF and lower-case letters are everywhere; tabs, carriage returns and
    /// digits often; anything else (capitals, punctuation, other bytes) seldom. The first of the
    /// rarest wins.
    private static func pivot(of value: [UInt8]) -> Int {
        var best = 0
        for (position, byte) in value.enumerated() where commonness(byte) < commonness(value[best]) { best = position }
        return best
    }

    /// How often `byte` occurs in files, roughly: 3 everywhere, 2 often, 1 seldom.
    private static func commonness(_ byte: UInt8) -> Int {
        switch byte {
        case 0x00, 0x20, 0x0A, 0xFF, 0x61...0x7A: return 3
        case 0x09, 0x0D, 0x30...0x39: return 2
        default: return 1
        }
    }

    /// The position of the pair of adjacent bytes of `value` least likely to occur in a file, by
    /// the rank of `pivot(of:)` summed over the two; nil for a value shorter than two bytes.
    private static func rarestPair(of value: [UInt8]) -> Int? {
        guard value.count >= 2 else { return nil }
        var best = 0
        for position in 1..<value.count - 1
        where commonness(value[position]) + commonness(value[position + 1]) < commonness(value[best])
            + commonness(value[best + 1])
        {
            best = position
        }
        return best
    }

    /// The pair bits a search for `value` asks about, packed as `MagicWindowPresence.mayContain(pairBits:)`
    /// reads them: the rarest pair's, then those of the pairs at the start, a third, two thirds and
    /// the end of the value, up to four different ones (a value found has every one of its pairs;
    /// a value of ordinary letters has no rare pair, and several common ones are seldom all
    /// there). 0 for a value shorter than two bytes.
    private static func pairBits(of value: [UInt8]) -> UInt64 {
        guard let rarest = rarestPair(of: value) else { return 0 }
        let last = value.count - 2
        var bits: [Int] = []
        for position in [rarest, 0, last / 3, 2 * last / 3, last] {
            let bit = MagicWindowPresence.pairBit(value[position], value[position + 1])
            if bits.count < 4 && !bits.contains(bit) { bits.append(bit) }
        }
        while bits.count < 4 { bits.append(bits[0]) }
        return bits.reversed().reduce(0) { $0 << 16 | UInt64($1) }
    }

    /// Every section that matches `data`, highest priority first, one per type.
    ///
    /// - Parameters:
    ///   - firstLevelOnly: stop after the first priority level that matched, when true.
    ///   - limit: stop after this many matches; 1 gives the best match alone, which is all that
    ///     detection needs when nobody reads the trace.
    func matches(_ data: [UInt8], firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        data.withUnsafeBufferPointer { matches($0, firstLevelOnly: firstLevelOnly, limit: limit) }
    }

    /// Every section that matches `data`; see `matches(_:firstLevelOnly:limit:)`.
    func matches(_ data: UnsafeBufferPointer<UInt8>, firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        var found: [(type: Int, priority: Int)] = []
        forEachMatch(data) { section in
            if firstLevelOnly, let first = found.first, section.priority < first.priority { return false }
            if !found.contains(where: { $0.type == section.type }) {
                found.append((section.type, section.priority))
                if found.count >= limit { return false }
            }
            return true
        }
        return found.map { MagicMatch(mimeType: types[$0.type], priority: $0.priority) }
    }

    /// The first section that matches `data`, highest priority first: the best match, found
    /// without allocating.
    func best(_ data: UnsafeBufferPointer<UInt8>) -> MagicMatch? {
        best(data, of: data.count) ?? nil
    }

    /// The best match of `data`, the first bytes of content that has `available` bytes in all,
    /// when the bytes past `data` cannot change it; nil when they might, and more must be read.
    ///
    /// Matching is monotone: a section that matches some bytes matches any longer content that
    /// begins with them. So the best match of the whole is the best of the prefix when every
    /// section tried before it failed without wanting a byte past the prefix, and no section the
    /// index leaves out (filed under an offset past the prefix, within the content) comes before it.
    func best(_ data: UnsafeBufferPointer<UInt8>, of available: Int) -> MagicMatch?? {
        // The closure keeps the section alone: one that reads `self`, or the names, retains and
        // releases them at every section tried, from every thread.
        var best: Section?
        let settled = forEachMatch(data, of: available) { section in
            best = section
            return false
        }
        guard settled else { return .none }
        return .some(best.map { MagicMatch(mimeType: types[$0.type], priority: $0.priority) })
    }

    /// Calls `visit` with each section that matches `data`, in matching order, until it returns
    /// false; returns whether the sections visited and the answer are those of content of
    /// `available` bytes that begins with `data` (always, when `available` is `data.count`).
    ///
    /// The sections tried are those the index files under the bytes of `data` at their offsets,
    /// and those it scans of which some top-level matchlet may match (`Tables.mayMatch`): a
    /// section skipped so would neither match nor want a byte past `data`.
    @discardableResult
    private func forEachMatch(
        _ data: UnsafeBufferPointer<UInt8>, of available: Int? = nil, _ visit: (Section) -> Bool
    ) -> Bool {
        let available = max(available ?? data.count, data.count)
        let unseen = available > data.count ? index.firstSection(filedIn: data.count..<available) : Int.max
        var settled = true
        var stopped = false
        // Nothing below reads `self`: a closure that does copies the whole matcher on every call.
        let index = self.index
        let windowExtent = self.windowExtent
        nodes.withUnsafeBufferPointer { nodes in
            pool.withUnsafeBufferPointer { pool in
                sections.withUnsafeBufferPointer { sections in
                    probes.withUnsafeBufferPointer { probes in
                        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: MagicWindowPresence.storageWords) { storage in
                            var tables = Tables(
                                data: data, available: available, nodes: nodes.baseAddress!, pool: pool.baseAddress!,
                                presence: MagicWindowPresence(data, extent: windowExtent, storage: storage.baseAddress!))
                            MagicSectionSet.with(capacity: sections.count) { candidates in
                                index.addFiled(data, to: &candidates)
                                var probe = 0
                                while probe < probes.count {
                                    let section = Int(probes[probe].section)
                                    if (probes[probe].filed && candidates.contains(section))
                                        || tables.mayMatch(probes[probe].glance)
                                    {
                                        candidates.insert(section)
                                        probe = Int(probes[probe].next)
                                    } else {
                                        probe += 1
                                    }
                                }
                                candidates.visitAscending { position in
                                    if position > unseen {
                                        settled = false
                                        return false
                                    }
                                    let section = sections[position]
                                    tables.wantedMore = false
                                    for node in section.firstNode..<section.firstNode + section.nodeCount
                                    where tables.mayMatch(node) && tables.matches(node) {
                                        stopped = !visit(section)
                                        return !stopped
                                    }
                                    if tables.wantedMore {
                                        settled = false
                                        return false
                                    }
                                    return true
                                }
                            }
                        }
                    }
                }
            }
        }
        return settled && (stopped || unseen == Int.max)
    }

    /// The data and the compiled tables, borrowed for one call of `matches`.
    private struct Tables {
        let data: UnsafeBufferPointer<UInt8>
        /// How many bytes the content has, of which `data` is the first.
        let available: Int
        let nodes: UnsafePointer<Node>
        let pool: UnsafePointer<UInt8>
        /// Whether a matchlet failed for want of a byte past `data` that the content has.
        var wantedMore = false
        /// Which bytes and pairs of bytes occur in the first bytes of the data.
        var presence: MagicWindowPresence

        /// A matchlet matches when its value is found at one of its offsets and, if it has
        /// children, one of them matches too (children AND-ed with the parent, OR-ed among themselves).
        /// `mayMatch` is asked first, by the caller.
        mutating func matches(_ index: Int) -> Bool {
            let length = nodes[index].length
            let rangeStart = nodes[index].glance.rangeStart
            guard length > 0, rangeStart + length <= data.count else {
                if length > 0 && rangeStart + length <= available { wantedMore = true }
                return false
            }
            let last = nodes[index].lastStart
            let lastStart = min(last, data.count - length)
            let found: Bool
            if nodes[index].glance.test == .head && length <= 4 && rangeStart + 4 <= data.count {
                found = true  // `mayMatch` compared the whole value, under its mask.
            } else if nodes[index].maskStart >= 0 {
                found = findMasked(nodes + index, through: lastStart)
            } else {
                found = find(nodes + index, through: lastStart)
            }
            guard found else {
                if lastStart < min(last, available - length) { wantedMore = true }
                return false
            }
            let firstChild = nodes[index].firstChild
            let childCount = nodes[index].childCount
            if childCount == 0 { return true }
            for child in firstChild..<firstChild + childCount where mayMatch(child) && matches(child) { return true }
            return false
        }

        /// Whether matchlet `index` may match `data`, by a look at a few bytes or at the presence
        /// sets: false only when it cannot, and when `matches` would not want a byte past `data`
        /// either (its range lies within `data`, or its value is empty). A matchlet that looks
        /// at one offset compares its first four bytes there (under its mask) when `data` has
        /// four, else its first; a search of the window asks whether its rarest pair (or its
        /// pivot byte) is there; anything else may match.
        @inline(__always)
        mutating func mayMatch(_ index: Int) -> Bool { mayMatch(nodes[index].glance) }

        /// `mayMatch(_:)` of the matchlet whose glance is `glance`.
        @inline(__always)
        mutating func mayMatch(_ glance: Glance) -> Bool {
            // A node past the data is tried: it may want more. (One of an empty value never
            // matches nor wants more, so either answer is right for it.)
            guard glance.end <= data.count else { return true }
            let rangeStart = glance.rangeStart
            switch glance.test {
            case .head:
                if rangeStart + 4 <= data.count {
                    let word = UInt32(
                        littleEndian: UnsafeRawPointer(data.baseAddress! + rangeStart).loadUnaligned(as: UInt32.self))
                    return (word ^ glance.head) & glance.headMask == 0
                }
                return (data[rangeStart] ^ glance.firstByte) & UInt8(truncatingIfNeeded: glance.headMask) == 0
            case .pair: return presence.mayContain(pairBits: glance.pairBits)
            case .byte: return presence.mayContain(byte: glance.pivotByte)
            case .never: return false
            case .search: return true
            }
        }

        /// Whether the value of an unmasked matchlet occurs at an offset from its range start to
        /// `lastStart`.
        ///
        /// The search looks for the value's pivot byte, the one least likely to occur, and compares
        /// the value whole where it is found.
        private func find(_ node: UnsafePointer<Node>, through lastStart: Int) -> Bool {
            let base = data.baseAddress!
            let value = pool + node.pointee.valueStart
            let length = node.pointee.length
            var offset = node.pointee.glance.rangeStart
            if offset == lastStart { return memcmp(base + offset, value, length) == 0 }
            let pivot = node.pointee.pivot
            let pivotByte = Int32(value[pivot])
            while offset <= lastStart {
                guard let hit = memchr(base + offset + pivot, pivotByte, lastStart - offset + 1) else { return false }
                let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base - pivot
                if length == 1 || memcmp(base + at, value, length) == 0 { return true }
                offset = at + 1
            }
            return false
        }

        /// Whether the value of a masked matchlet occurs, compared under its mask, at an offset
        /// from its range start to `lastStart`.
        private func findMasked(_ node: UnsafePointer<Node>, through lastStart: Int) -> Bool {
            let value = pool + node.pointee.valueStart
            let mask = pool + node.pointee.maskStart
            let length = node.pointee.length
            var offset = node.pointee.glance.rangeStart
            while offset <= lastStart {
                var equal = true
                for position in 0..<length {
                    if (data[offset + position] ^ value[position]) & mask[position] != 0 {
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
