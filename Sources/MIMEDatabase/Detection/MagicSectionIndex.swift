/// Finds the magic sections that can match some data from the bytes at fixed offsets, so that
/// only those and the sections no offset settles are tried, in their matching order.
///
/// A section matches only when one of its top-level matchlets does (siblings are OR-ed). When
/// each top-level matchlet looks at a single offset and compares its first byte there unmasked,
/// the section can match only data holding one of those bytes at its matchlet's offset: it is
/// filed under each such (offset, byte) key. Every other section is scanned as before (and filed
/// too under the keys of its matchlets that have one, for a matcher that scans only the others). The
/// candidates are visited in ascending section order, which is the order the sections are tried
/// in (priority, then name, as the shared-mime-info specification's "Recommended checking order"
/// requires), so skipping the rest changes no answer.
///
/// The candidates of one piece of data are kept as a set of section numbers, one bit each
/// (`MagicSectionSet`), so that a section filed under several keys is named once and the
/// candidates come out in order without sorting.
///
/// A class, immutable once made, so that a matcher that borrows it for one piece of data retains
/// one object rather than each of its tables.
final class MagicSectionIndex: Sendable {
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
    /// For each section, whether it is filed under its keys (it may be scanned too).
    private let filed: [Bool]
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
        filed = [Bool](repeating: false, count: count)
        firstSectionOfSlot = []
    }

    /// What a section's top-level matchlets require at fixed offsets.
    struct Filing: Sendable {
        /// The keys of the top-level matchlets that look at one offset, unmasked there.
        var keys: [Key]
        /// Whether every top-level matchlet has a key, so that a section no key of the data meets
        /// cannot match; a section that is filed but not complete is scanned too.
        var complete: Bool
    }

    /// Indexes sections whose keys are `keys[i]` for section `i`, nil for a section to scan.
    /// With `indexed` false every section is scanned: the answers the index must reproduce.
    convenience init(keys: [[Key]?], indexed: Bool = true) {
        self.init(filings: keys.map { Filing(keys: $0 ?? [], complete: $0 != nil) }, indexed: indexed)
    }

    /// Indexes section `i` under the keys of `filings[i]`, and scans it unless its filing is
    /// complete. A section with no key, or with keys at more offsets than the index holds, is
    /// only scanned. With `indexed` false every section is only scanned.
    init(filings: [Filing], indexed: Bool = true) {
        var byOffset: [Int: [UInt8: [Int32]]] = [:]
        var scanned: [Int32] = []
        var filed = [Bool](repeating: false, count: filings.count)
        for (section, filing) in filings.enumerated() {
            let fits =
                indexed && !filing.keys.isEmpty
                && filing.keys.allSatisfy({
                    (0...Int(Int32.max)).contains($0.offset) && (byOffset[$0.offset] != nil || byOffset.count < Self.offsetLimit)
                })
            if fits {
                for key in Set(filing.keys) { byOffset[key.offset, default: [:]][key.byte, default: []].append(Int32(section)) }
                filed[section] = true
            }
            if !fits || !filing.complete { scanned.append(Int32(section)) }
        }
        self.filed = filed
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
        sectionCount = filings.count
        self.firstSectionOfSlot = firstSectionOfSlot
        self.offsets = offsets.map { Int32($0) }
        self.buckets = buckets
        self.members = members
        self.scanned = scanned
    }

    /// Whether `section` is filed under its keys: the data's bytes at their offsets offer it.
    func isFiled(_ section: Int) -> Bool { filed[section] }

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
            set.visitAscending(visit)
        }
    }
}
