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
    func visitAscending(_ visit: (Int) -> Bool) -> Bool {
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
