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
struct MagicSectionIndex: Sendable {
    /// What one top-level matchlet requires of the data: this byte at this offset.
    struct Key: Sendable, Hashable {
        var offset: Int
        var byte: UInt8
    }

    /// The most distinct offsets indexed; sections looking elsewhere are scanned.
    static let offsetLimit = 256

    /// The indexed offsets, ascending.
    private let offsets: [Int]
    /// For offset slot `k` and byte `b`, the range of `members` at `k * 256 + b`.
    private let buckets: [(start: Int32, count: Int32)]
    /// The sections of every bucket, each bucket in ascending order.
    private let members: [Int32]
    /// The sections no key settles, ascending.
    private let scanned: [Int32]
    /// The most sections the buckets of one piece of data can name.
    private let mostHits: Int
    /// For offset slot `k`, the first section filed under it.
    private let firstSectionOfSlot: [Int32]

    /// Scans each of `count` sections, in order, as `init(keys:indexed:)` with `indexed` false
    /// does, without a list of keys to make first.
    init(scanningAll count: Int) {
        offsets = []
        buckets = []
        members = []
        scanned = Array(0..<Int32(truncatingIfNeeded: count))
        mostHits = 0
        firstSectionOfSlot = []
    }

    /// Indexes sections whose keys are `keys[i]` for section `i`, nil for a section to scan.
    /// With `indexed` false every section is scanned: the answers the index must reproduce.
    init(keys: [[Key]?], indexed: Bool = true) {
        var byOffset: [Int: [UInt8: [Int32]]] = [:]
        var scanned: [Int32] = []
        for (section, sectionKeys) in keys.enumerated() {
            guard indexed, let sectionKeys, !sectionKeys.isEmpty,
                sectionKeys.allSatisfy({ byOffset[$0.offset] != nil || byOffset.count < Self.offsetLimit })
            else {
                scanned.append(Int32(section))
                continue
            }
            for key in Set(sectionKeys) { byOffset[key.offset, default: [:]][key.byte, default: []].append(Int32(section)) }
        }
        let offsets = byOffset.keys.sorted()
        var buckets = [(start: Int32, count: Int32)](repeating: (0, 0), count: offsets.count * 256)
        var members: [Int32] = []
        var mostHits = 0
        var firstSectionOfSlot: [Int32] = []
        for (slot, offset) in offsets.enumerated() {
            var largest = 0
            var first = Int32.max
            for (byte, sections) in byOffset[offset] ?? [:] {
                buckets[slot * 256 + Int(byte)] = (Int32(members.count), Int32(sections.count))
                members += sections
                largest = max(largest, sections.count)
                first = min(first, sections[0])
            }
            mostHits += largest
            firstSectionOfSlot.append(first)
        }
        self.firstSectionOfSlot = firstSectionOfSlot
        self.offsets = offsets
        self.buckets = buckets
        self.members = members
        self.scanned = scanned
        self.mostHits = mostHits
    }

    /// The first section filed under an offset in `offsets`: one that data too short to reach
    /// that offset is never offered, though longer data might be; Int.max when there is none.
    func firstSection(filedIn range: Range<Int>) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var first = Int.max
        var slot = low
        while slot < offsets.count && offsets[slot] < range.upperBound {
            first = min(first, Int(firstSectionOfSlot[slot]))
            slot += 1
        }
        return first
    }

    /// Calls `visit` with every section that may match `data`, in ascending order, until it
    /// returns false.
    func forEachCandidate(_ data: UnsafeBufferPointer<UInt8>, _ visit: (Int) -> Bool) {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, mostHits)) { hits in
            var count = 0
            for (slot, offset) in offsets.enumerated() {
                guard offset < data.count else { break }
                let bucket = buckets[slot * 256 + Int(data[offset])]
                for position in Int(bucket.start)..<Int(bucket.start + bucket.count) {
                    // Insertion into the sorted hits, skipping a section filed under two keys.
                    let section = members[position]
                    var at = count
                    while at > 0 && hits[at - 1] > section { at -= 1 }
                    if at > 0 && hits[at - 1] == section { continue }
                    var move = count
                    while move > at {
                        hits[move] = hits[move - 1]
                        move -= 1
                    }
                    hits[at] = section
                    count += 1
                }
            }
            var hit = 0
            var scan = 0
            while hit < count || scan < scanned.count {
                let next: Int32
                if scan == scanned.count || (hit < count && hits[hit] < scanned[scan]) {
                    next = hits[hit]
                    hit += 1
                } else {
                    next = scanned[scan]
                    scan += 1
                }
                if !visit(Int(next)) { return }
            }
        }
    }
}
