/// Finds the magic sections that can match some data from the bytes at fixed offsets, so that
/// only those and the sections no offset settles are tried, in their matching order.
///
/// A section matches only when one of its top-level matchlets does (siblings are OR-ed). When
/// each top-level matchlet looks at a single offset and compares its first byte there unmasked,
/// the section can match only data holding one of those bytes at its matchlet's offset: it is
/// filed under each such (offset, byte) key. Every other section is scanned as before. The
/// candidates are visited in ascending section order, which is the order the sections are tried
/// in (priority, then name, as the shared-mime-info specification's "Recommended checking order"
/// requires), so skipping the rest changes no answer.
///
/// The candidates of one piece of data are kept as a set of section numbers, one bit each
/// (`MagicSectionSet`), so that a section filed under several keys is named once and the
/// candidates come out in order without sorting.
struct MagicSectionIndex: Sendable {
    /// What one top-level matchlet requires of the data: this byte at this offset.
    struct Key: Sendable, Hashable {
        var offset: Int
        var byte: UInt8
    }

    /// The most distinct offsets indexed; sections looking elsewhere are scanned.
    static let offsetLimit = 256

    /// How many sections there are, filed or scanned.
    let sectionCount: Int
    /// The indexed offsets, ascending.
    private let offsets: [Int32]
    /// For offset slot `k` and byte `b`, the range of `members` at `k * 256 + b`: its start in
    /// the high 32 bits, its count in the low.
    private let buckets: [UInt64]
    /// The sections of every bucket.
    private let members: [Int32]
    /// The sections no key settles, ascending.
    let scanned: [Int32]
    /// For offset slot `k`, the first section filed under it.
    private let firstSectionOfSlot: [Int32]

    /// Scans each of `count` sections, in order, as `init(keys:indexed:)` with `indexed` false
    /// does, without a list of keys to make first.
    init(scanningAll count: Int) {
        sectionCount = count
        offsets = []
        buckets = []
        members = []
        scanned = Array(0..<Int32(truncatingIfNeeded: count))
        firstSectionOfSlot = []
    }

    /// Indexes sections whose keys are `keys[i]` for section `i`, nil for a section to scan.
    /// With `indexed` false every section is scanned: the answers the index must reproduce.
    init(keys: [[Key]?], indexed: Bool = true) {
        var byOffset: [Int: [UInt8: [Int32]]] = [:]
        var scanned: [Int32] = []
        for (section, sectionKeys) in keys.enumerated() {
            guard indexed, let sectionKeys, !sectionKeys.isEmpty,
                sectionKeys.allSatisfy({ $0.offset <= Int32.max && (byOffset[$0.offset] != nil || byOffset.count < Self.offsetLimit) })
            else {
                scanned.append(Int32(section))
                continue
            }
            for key in Set(sectionKeys) { byOffset[key.offset, default: [:]][key.byte, default: []].append(Int32(section)) }
        }
        let offsets = byOffset.keys.sorted()
        var buckets = [UInt64](repeating: 0, count: offsets.count * 256)
        var members: [Int32] = []
        var firstSectionOfSlot: [Int32] = []
        for (slot, offset) in offsets.enumerated() {
            var first = Int32.max
            for (byte, sections) in byOffset[offset] ?? [:] {
                buckets[slot * 256 + Int(byte)] = UInt64(members.count) << 32 | UInt64(sections.count)
                members += sections
                first = min(first, sections[0])
            }
            firstSectionOfSlot.append(first)
        }
        sectionCount = keys.count
        self.firstSectionOfSlot = firstSectionOfSlot
        self.offsets = offsets.map { Int32($0) }
        self.buckets = buckets
        self.members = members
        self.scanned = scanned
    }

    /// The first section filed under an offset in `offsets`: one that data too short to reach
    /// that offset is never offered, though longer data might be; Int.max when there is none.
    func firstSection(filedIn range: Range<Int>) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if Int(offsets[middle]) < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var first = Int.max
        var slot = low
        while slot < offsets.count && Int(offsets[slot]) < range.upperBound {
            first = min(first, Int(firstSectionOfSlot[slot]))
            slot += 1
        }
        return first
    }

    /// Adds to `set` every filed section that the bytes of `data` at the indexed offsets allow.
    @inline(__always)
    func addFiled(_ data: UnsafeBufferPointer<UInt8>, to set: inout MagicSectionSet) {
        guard let base = data.baseAddress else { return }
        let count = data.count
        offsets.withUnsafeBufferPointer { offsets in
            buckets.withUnsafeBufferPointer { buckets in
                members.withUnsafeBufferPointer { members in
                    let buckets = buckets.baseAddress!
                    for slot in 0..<offsets.count {
                        let offset = Int(offsets[slot])
                        guard offset < count else { break }
                        let bucket = buckets[slot &<< 8 | Int(base[offset])]
                        guard bucket != 0 else { continue }
                        let start = Int(truncatingIfNeeded: bucket &>> 32)
                        for position in start..<start &+ Int(truncatingIfNeeded: bucket & 0xFFFF_FFFF) {
                            set.insert(Int(members[position]))
                        }
                    }
                }
            }
        }
    }

    /// Calls `visit` with every section that may match `data`, in ascending order, until it
    /// returns false.
    func forEachCandidate(_ data: UnsafeBufferPointer<UInt8>, _ visit: (Int) -> Bool) {
        MagicSectionSet.with(capacity: sectionCount) { set in
            addFiled(data, to: &set)
            for section in scanned { set.insert(Int(section)) }
            set.forEach(visit)
        }
    }
}

/// A set of section numbers below a capacity fixed when it is made, one bit each, in storage
/// borrowed for one piece of data: inserting costs a few instructions, and the members come out
/// in ascending order.
struct MagicSectionSet {
    private let words: UnsafeMutablePointer<UInt64>
    private let wordCount: Int

    /// Calls `body` with an empty set that can hold the numbers below `capacity`.
    @inline(__always)
    static func with<Result>(capacity: Int, _ body: (inout MagicSectionSet) -> Result) -> Result {
        let wordCount = (capacity + 63) / 64
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(1, wordCount)) { storage in
            storage.initialize(repeating: 0)
            var set = MagicSectionSet(words: storage.baseAddress!, wordCount: wordCount)
            return body(&set)
        }
    }

    /// Adds `section`, which is below the capacity.
    @inline(__always)
    mutating func insert(_ section: Int) {
        words[section &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: section & 63)
    }

    /// Whether `section` is in the set.
    @inline(__always)
    func contains(_ section: Int) -> Bool {
        words[section &>> 6] & (1 &<< UInt64(truncatingIfNeeded: section & 63)) != 0
    }

    /// Calls `visit` with each member, ascending, until it returns false; returns whether every
    /// member was visited.
    @inline(__always)
    @discardableResult
    func forEach(_ visit: (Int) -> Bool) -> Bool {
        for word in 0..<wordCount {
            var bits = words[word]
            while bits != 0 {
                let section = word &<< 6 | bits.trailingZeroBitCount
                bits &= bits &- 1
                if !visit(section) { return false }
            }
        }
        return true
    }
}
