import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Magic matching read straight from one `mime.cache`, as xdgmime matches it, without decoding
/// or compiling the sections.
///
/// It answers exactly as `MagicMatcher` does over the decoded sections of the same cache: the
/// sections are tried highest priority first, then by type name (the order `update-mime-database`
/// writes them in; a cache in another order is put in that order once), `<magic-deleteall/>`
/// markers are skipped, and `host16`/`host32` values are compared in this machine's byte order.
/// Every read is bounds-checked, nesting is cut at `MIMECache.depthLimit`, and one match visits at
/// most as many matchlets as the file can hold, so a broken cache matches less, never traps or
/// loops.
struct CacheMagicMatcher: Sendable {
    private let reader: CacheReader
    /// The offsets of the 16-byte section records, in matching order.
    private let sections: [Int]
    /// The most matchlets a cache of this size can hold: the budget of one call of `matches`.
    private let matchletBudget: Int
    /// The sections that may match some data, found by the bytes at their fixed offsets.
    private let index: MagicSectionIndex

    /// Readies matching on `bytes`, a cache whose header `MIMECache.checkHeader` accepted. With
    /// `indexed` the sections are indexed by their fixed-offset bytes first, which pays only when
    /// many files are typed; without it every section is tried, as a run over a few files wants.
    init(bytes: FileImage, indexed: Bool = false) {
        let reader = CacheReader(bytes: bytes)
        self.reader = reader
        matchletBudget = bytes.count / 32
        let list = (try? reader.int(at: CacheLayout.Field.magicList.rawValue)) ?? 0
        let count = (try? reader.count(at: list, recordSize: 16, recordsStart: list + 12, what: "the magic list")) ?? 0
        let first = (try? reader.int(at: list + 8)) ?? 0
        // The sections' records in file order. Those of the files `update-mime-database` writes
        // have ASCII names and are in matching order already, which this pass finds out.
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        var inByteOrder = true
        var previous: Section?
        for index in 0..<count {
            guard let section = Self.section(reader, record: first + 16 * index) else { continue }
            offsets.append(section.offset)
            if inByteOrder,
                !section.ascii || previous.map({ Self.precedes(section, $0, ascii: true, reader) }) == true
            {
                inByteOrder = false
            }
            previous = section
        }
        sections = inByteOrder ? offsets : Self.inMatchingOrder(offsets, reader)
        index =
            indexed
            ? MagicSectionIndex(keys: sections.map { Self.keys(reader, record: $0) })
            : MagicSectionIndex(scanningAll: sections.count)
    }

    /// A section's record, priority and type name (where the name's bytes are in the file, and
    /// whether they are ASCII).
    private typealias Section = (offset: Int, priority: Int, type: Range<Int>, ascii: Bool)

    /// The section whose record is at `record`, or nil when it does not read, names a type RFC
    /// 6838 does not allow (which the decoded cache skips too), or is a `<magic-deleteall/>` marker.
    private static func section(_ reader: CacheReader, record: Int) -> Section? {
        guard let priority = try? reader.int(at: record), let typeOffset = try? reader.int(at: record + 4),
            let (type, ascii) = reader.asciiCStringBounds(at: typeOffset),
            MIMETypeName.isRestrictedName(utf8: UnsafeBufferPointer(rebasing: reader.bytes[type])),
            !isDeleteAllMarker(reader, record: record)
        else { return nil }
        return (record, priority, type, ascii)
    }

    /// Whether section `a` is tried before `b`: higher priority first, then by type name, in byte
    /// order (strcmp's, which equals String order for ASCII names) when every name is `ascii`,
    /// else as `MagicMatcher` orders names.
    private static func precedes(_ a: Section, _ b: Section, ascii: Bool, _ reader: CacheReader) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        return ascii
            ? reader.compare(a.type, b.type) < 0
            : String(decoding: reader.bytes[a.type], as: UTF8.self) < String(decoding: reader.bytes[b.type], as: UTF8.self)
    }

    /// The sections at `offsets` (each reads) in matching order.
    private static func inMatchingOrder(_ offsets: [Int], _ reader: CacheReader) -> [Int] {
        let sections = offsets.compactMap { section(reader, record: $0) }
        let ascii = sections.allSatisfy { $0.ascii }
        let sorted = zip(sections, sections.dropFirst()).allSatisfy { !precedes($1, $0, ascii: ascii, reader) }
        return (sorted ? sections : sections.sorted { precedes($0, $1, ascii: ascii, reader) }).map(\.offset)
    }

    /// The byte each top-level matchlet of the section at `record` requires at its one offset, or
    /// nil when one of them looks at several offsets, masks its first byte, is compared word by
    /// word swapped or cannot be read.
    private static func keys(_ reader: CacheReader, record: Int) -> [MagicSectionIndex.Key]? {
        guard let count = try? reader.count(at: record + 8, recordSize: 32, recordsStart: 0, what: "a match"),
            let first = try? reader.int(at: record + 12)
        else { return nil }
        var keys: [MagicSectionIndex.Key] = []
        for index in 0..<count {
            let matchlet = first + 32 * index
            guard let rangeStart = try? reader.int(at: matchlet), (try? reader.int(at: matchlet + 4)) == 1,
                let wordSize = try? reader.int(at: matchlet + 8), let length = try? reader.int(at: matchlet + 12),
                length > 0, let valueOffset = try? reader.int(at: matchlet + 16),
                let maskOffset = try? reader.int(at: matchlet + 20),
                let value = try? reader.slice(at: valueOffset, length: 1)
            else { return nil }
            let swapped = wordSize > 1 && 1.littleEndian == 1 && length % wordSize == 0
            if swapped { return nil }
            if maskOffset != 0 {
                guard let mask = try? reader.slice(at: maskOffset, length: 1), mask.first == 0xFF else { return nil }
            }
            keys.append(MagicSectionIndex.Key(offset: rangeStart, byte: value[value.startIndex]))
        }
        return keys
    }

    /// The marker `update-mime-database` writes for `<magic-deleteall/>`: one matchlet at offset
    /// 0 whose value is `__NOMAGIC__`.
    private static func isDeleteAllMarker(_ reader: CacheReader, record: Int) -> Bool {
        guard (try? reader.int(at: record + 8)) == 1, let matchlet = try? reader.int(at: record + 12),
            (try? reader.int(at: matchlet)) == 0, let length = try? reader.int(at: matchlet + 12),
            length == MagicRule.deleteAllMarker.count, let wordSize = try? reader.int(at: matchlet + 8),
            let valueOffset = try? reader.int(at: matchlet + 16), let value = try? reader.slice(at: valueOffset, length: length)
        else { return false }
        return Matchlet.hostOrder(value, wordSize: wordSize) == MagicRule.deleteAllMarker
    }

    /// How many bytes of a file the magic of `bytes` looks at: the most any matchlet reaches
    /// (its last offset plus its value's length), over every section, as `MIMECache.validate`
    /// measures it, for a cache that validates. A broken record is skipped, nesting is cut at
    /// `MIMECache.depthLimit`, and no more matchlets are read than the file can hold.
    static func extent(of bytes: FileImage) -> Int {
        let reader = CacheReader(bytes: bytes)
        let list = (try? reader.int(at: CacheLayout.Field.magicList.rawValue)) ?? 0
        let count = (try? reader.count(at: list, recordSize: 16, recordsStart: list + 12, what: "the magic list")) ?? 0
        let first = (try? reader.int(at: list + 8)) ?? 0
        var budget = bytes.count / 32
        var extent = 0
        func measure(first: Int, count: Int, depth: Int) {
            guard depth < MIMECache.depthLimit else { return }
            for index in 0..<count {
                budget -= 1
                guard budget >= 0 else { return }
                let record = first + 32 * index
                guard let rangeStart = try? reader.int(at: record), let rangeLength = try? reader.int(at: record + 4),
                    let length = try? reader.int(at: record + 12)
                else { continue }
                extent = max(extent, rangeStart + rangeLength - 1 + length)
                if let children = try? reader.count(at: record + 24, recordSize: 32, recordsStart: 0, what: "a matchlet"),
                    children > 0, let firstChild = try? reader.int(at: record + 28)
                {
                    measure(first: firstChild, count: children, depth: depth + 1)
                }
            }
        }
        for index in 0..<count {
            let record = first + 16 * index
            guard let matchlets = try? reader.count(at: record + 8, recordSize: 32, recordsStart: 0, what: "a match"),
                let firstMatchlet = try? reader.int(at: record + 12)
            else { continue }
            measure(first: firstMatchlet, count: matchlets, depth: 0)
        }
        return extent
    }

    /// Every section that matches `data`; see `MagicMatcher.matches`.
    func matches(_ data: [UInt8], firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        data.withUnsafeBufferPointer { matches($0, firstLevelOnly: firstLevelOnly, limit: limit) }
    }

    /// Every section that matches the bytes of `data`; see `MagicMatcher.matches`.
    func matches(_ data: UnsafeBufferPointer<UInt8>, firstLevelOnly: Bool = false, limit: Int = .max) -> [MagicMatch] {
        var found: [MagicMatch] = []
        forEachMatch(data, firstLevelOnly: firstLevelOnly) { match in
            found.append(match)
            return found.count < limit
        }
        return found
    }

    /// The best match of `data`, the first bytes of content that has `available` bytes in all,
    /// when the bytes past `data` cannot change it; nil when they might, and more must be read.
    /// The same answer as `MagicMatcher.best(_:of:)`, for the same reason: matching is monotone,
    /// so the prefix's best match is the whole's when every section tried before it failed
    /// without wanting a byte past the prefix.
    func best(_ data: UnsafeBufferPointer<UInt8>, of available: Int) -> MagicMatch?? {
        var best: MagicMatch?
        let settled = forEachMatch(data, of: available, firstLevelOnly: false) { match in
            best = match
            return false
        }
        return settled ? .some(best) : .none
    }

    /// Calls `visit` with each section that matches `data`, in matching order, until it returns
    /// false; returns whether the sections visited are those of content of `available` bytes
    /// that begins with `data` (always, when `available` is `data.count`). A walk cut short by
    /// the matchlet budget (a broken cache) settles nothing.
    @discardableResult
    private func forEachMatch(
        _ data: UnsafeBufferPointer<UInt8>, of available: Int? = nil, firstLevelOnly: Bool,
        _ visit: (MagicMatch) -> Bool
    ) -> Bool {
        let available = max(available ?? data.count, data.count)
        let unseen = available > data.count ? index.firstSection(filedIn: data.count..<available) : Int.max
        var walk = Walk(data: data, available: available, cache: reader.bytes, reader: reader)
        // The sections of a cache that validates hold at most this many matchlets in all.
        var budget = matchletBudget
        var settled = true
        var stopped = false
        var firstPriority: Int?
        index.forEachCandidate(data) { position in
            if position > unseen {
                settled = false
                return false
            }
            let record = sections[position]
            guard let priority = try? reader.int(at: record) else { return true }
            if firstLevelOnly, let firstPriority, priority < firstPriority {
                stopped = true
                return false
            }
            guard let count = try? reader.count(at: record + 8, recordSize: 32, recordsStart: 0, what: "a match"),
                let first = try? reader.int(at: record + 12)
            else { return true }
            walk.wantedMore = false
            guard walk.anyMatches(first: first, count: count, depth: 0, budget: &budget),
                let typeOffset = try? reader.int(at: record + 4), let type = reader.typeName(at: typeOffset)
            else {
                if walk.wantedMore {
                    settled = false
                    return false
                }
                if budget < 0 { settled = false }
                return true
            }
            firstPriority = firstPriority ?? priority
            stopped = !visit(MagicMatch(mimeType: type, priority: priority))
            return !stopped
        }
        return settled && (stopped || unseen == Int.max)
    }

    /// The data and the cache, borrowed for one call of `matches`.
    private struct Walk {
        let data: UnsafeBufferPointer<UInt8>
        /// How many bytes the content has, of which `data` is the first.
        let available: Int
        let cache: UnsafeBufferPointer<UInt8>
        let reader: CacheReader
        /// Whether a matchlet failed for want of a byte past `data` that the content has.
        var wantedMore = false

        /// Whether one of `count` sibling matchlets from `first` matches (siblings are OR-ed).
        mutating func anyMatches(first: Int, count: Int, depth: Int, budget: inout Int) -> Bool {
            guard depth < MIMECache.depthLimit else { return false }
            for index in 0..<count {
                budget -= 1
                guard budget >= 0 else { return false }
                if matches(record: first + 32 * index, depth: depth, budget: &budget) { return true }
            }
            return false
        }

        /// A matchlet matches when its value is found at one of its offsets and, if it has
        /// children, one of them matches too.
        private mutating func matches(record: Int, depth: Int, budget: inout Int) -> Bool {
            guard let rangeStart = try? reader.int(at: record), let rangeLength = try? reader.int(at: record + 4),
                let wordSize = try? reader.int(at: record + 8), let length = try? reader.int(at: record + 12),
                let valueOffset = try? reader.int(at: record + 16), let maskOffset = try? reader.int(at: record + 20),
                rangeLength >= 1, rangeStart <= Int(Int32.max), rangeLength <= Int(Int32.max),
                (try? reader.checkRange(at: valueOffset, length: length)) != nil,
                maskOffset == 0 || (try? reader.checkRange(at: maskOffset, length: length)) != nil
            else { return false }
            guard length > 0, rangeStart + length <= data.count else {
                if length > 0 && rangeStart + length <= available { wantedMore = true }
                return false
            }
            let lastStart = min(rangeStart + rangeLength - 1, data.count - length)
            // `host16`/`host32` values are stored big-endian; compare them word by word swapped.
            let swapped = wordSize > 1 && 1.littleEndian == 1 && length % wordSize == 0
            let found =
                maskOffset == 0 && !swapped
                ? find(valueOffset, length: length, from: rangeStart, through: lastStart)
                : findMasked(
                    valueOffset, mask: maskOffset, length: length, wordSize: swapped ? wordSize : 1, from: rangeStart,
                    through: lastStart)
            guard found else {
                if lastStart < min(rangeStart + rangeLength - 1, available - length) { wantedMore = true }
                return false
            }
            guard let childCount = try? reader.count(at: record + 24, recordSize: 32, recordsStart: 0, what: "a matchlet"),
                childCount > 0
            else { return true }
            guard let firstChild = try? reader.int(at: record + 28) else { return false }
            return anyMatches(first: firstChild, count: childCount, depth: depth + 1, budget: &budget)
        }

        /// Whether the unmasked value occurs at an offset from `start` to `lastStart`: memchr(3)
        /// finds each place its first byte occurs, memcmp(3) checks the rest.
        private func find(_ valueOffset: Int, length: Int, from start: Int, through lastStart: Int) -> Bool {
            let base = data.baseAddress!
            let value = cache.baseAddress! + valueOffset
            var offset = start
            while offset <= lastStart {
                guard let hit = memchr(base + offset, Int32(value[0]), lastStart - offset + 1) else { return false }
                let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if length == 1 || memcmp(base + at + 1, value + 1, length - 1) == 0 { return true }
                offset = at + 1
            }
            return false
        }

        /// Whether the value occurs under its mask (all ones when `mask` is 0), each word of
        /// `wordSize` bytes reversed, at an offset from `start` to `lastStart`.
        private func findMasked(
            _ valueOffset: Int, mask maskOffset: Int, length: Int, wordSize: Int,
            from start: Int, through lastStart: Int
        ) -> Bool {
            var offset = start
            while offset <= lastStart {
                var equal = true
                for position in 0..<length {
                    let stored = position - position % wordSize + (wordSize - 1 - position % wordSize)
                    let mask = maskOffset == 0 ? 0xFF : cache[maskOffset + stored]
                    if data[offset + position] & mask != cache[valueOffset + stored] & mask {
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
