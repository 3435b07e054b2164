/// A string-keyed table that iterates in the order GLib's `GHashTable` (GLib 2.74, `g_str_hash`)
/// would hold the same keys inserted in the same order.
///
/// `update-mime-database` writes `subclasses`, `icons`, `generic-icons`, the order of equal-weight
/// lines in `globs2`, the suffix tree and the string pool of `mime.cache` by walking its hash tables
/// bucket by bucket, so a compiler that must produce the same bytes has to place keys in the same
/// buckets: the djb2 hash over signed bytes, the first bucket `(hash * 11) % prime`, quadratic
/// probing modulo a power of two, and the in-place rehash when the table grows past 15/16 full.
/// Nothing is ever removed from these tables, so there are no tombstones to model.
struct GLibStringTable<Value> {
    private var hashes: [UInt32]
    private var keys: [[UInt8]]
    private var values: [Value?]
    private var shift = 3
    private var modulus: UInt32 = 7
    private var nodeCount = 0
    private var occupiedCount = 0

    /// An empty table of eight buckets, as `g_hash_table_new` makes.
    init() {
        hashes = Array(repeating: 0, count: 8)
        keys = Array(repeating: [], count: 8)
        values = Array(repeating: nil, count: 8)
        setShift(3)
    }

    /// How many keys the table holds.
    var count: Int { nodeCount }

    /// The keys and values in bucket order, the order `g_hash_table_foreach` visits them.
    var entries: [(key: [UInt8], value: Value)] {
        hashes.indices.compactMap { index in
            guard hashes[index] >= 2, let value = values[index] else { return nil }
            return (keys[index], value)
        }
    }

    /// The keys in bucket order.
    var orderedKeys: [[UInt8]] { entries.map(\.key) }

    /// The value for `key`, if any.
    subscript(key: [UInt8]) -> Value? {
        let (index, _) = lookup(key)
        return hashes[index] >= 2 ? values[index] : nil
    }

    /// `g_hash_table_insert`: a new key takes a bucket (and may grow the table); an existing key
    /// keeps its bucket and its first spelling and gets the new value.
    mutating func insert(_ key: [UInt8], _ value: Value) {
        let (index, hash) = lookup(key)
        if hashes[index] >= 2 {
            values[index] = value
            return
        }
        let wasUnused = hashes[index] == 0
        hashes[index] = hash
        keys[index] = key
        values[index] = value
        nodeCount += 1
        if wasUnused {
            occupiedCount += 1
            resizeIfNeeded()
        }
    }

    /// Changes the value stored for `key` in place, inserting `initial` first when it is absent.
    mutating func modify(_ key: [UInt8], default initial: @autoclosure () -> Value, _ change: (inout Value) -> Void) {
        let (index, _) = lookup(key)
        if hashes[index] >= 2, var value = values[index] {
            values[index] = nil
            change(&value)
            values[index] = value
            return
        }
        var value = initial()
        change(&value)
        insert(key, value)
    }

    /// GLib's `g_str_hash`: djb2 over the bytes read as signed characters.
    static func hash(_ key: [UInt8]) -> UInt32 {
        var hash: UInt32 = 5381
        for byte in key {
            hash = (hash << 5) &+ hash &+ UInt32(bitPattern: Int32(Int8(bitPattern: byte)))
        }
        return hash
    }

    private func firstBucket(_ hash: UInt32) -> Int {
        Int((hash &* 11) % modulus)
    }

    private func lookup(_ key: [UInt8]) -> (index: Int, hash: UInt32) {
        var hash = Self.hash(key)
        if hash < 2 { hash = 2 }
        var index = firstBucket(hash)
        var step = 0
        let mask = hashes.count - 1
        while hashes[index] != 0 {
            if hashes[index] == hash && keys[index] == key { return (index, hash) }
            step += 1
            index = (index + step) & mask
        }
        return (index, hash)
    }

    private mutating func setShift(_ newShift: Int) {
        shift = newShift
        modulus = GLibHashPrimes.moduli[newShift]
    }

    private mutating func resizeIfNeeded() {
        let size = hashes.count
        if (size > nodeCount * 4 && size > 8) || size <= occupiedCount + occupiedCount / 16 {
            resize()
        }
    }

    /// GLib's in-place rehash: buckets are visited in order, and each entry is moved to its new
    /// home, evicting whatever was there to be placed in turn.
    private mutating func resize() {
        let oldSize = hashes.count
        var target = Int(Double(nodeCount) * 1.333)
        var newShift = 0
        while target != 0 {
            target >>= 1
            newShift += 1
        }
        setShift(max(newShift, 3))
        let newSize = 1 << shift
        if newSize > oldSize {
            hashes += Array(repeating: 0, count: newSize - oldSize)
            keys += Array(repeating: [], count: newSize - oldSize)
            values += Array(repeating: nil, count: newSize - oldSize)
        }
        let mask = newSize - 1
        var placed = Array(repeating: false, count: max(newSize, oldSize))
        for start in 0..<oldSize {
            var nodeHash = hashes[start]
            if nodeHash < 2 {
                hashes[start] = 0
                continue
            }
            if placed[start] { continue }
            hashes[start] = 0
            var key = keys[start]
            var value = values[start]
            keys[start] = []
            values[start] = nil
            while true {
                var index = firstBucket(nodeHash)
                var step = 0
                while placed[index] {
                    step += 1
                    index = (index + step) & mask
                }
                placed[index] = true
                let replacedHash = hashes[index]
                hashes[index] = nodeHash
                if replacedHash < 2 {
                    keys[index] = key
                    values[index] = value
                    break
                }
                nodeHash = replacedHash
                swap(&key, &keys[index])
                swap(&value, &values[index])
            }
        }
        if newSize < oldSize {
            hashes.removeLast(oldSize - newSize)
            keys.removeLast(oldSize - newSize)
            values.removeLast(oldSize - newSize)
        }
        occupiedCount = nodeCount
    }
}

/// GLib's first prime below each power of two, which picks the first bucket of a key.
enum GLibHashPrimes {
    static let moduli: [UInt32] = [
        1, 2, 3, 7, 13, 31, 61, 127, 251, 509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071,
        262139, 524287, 1_048_573, 2_097_143, 4_194_301, 8_388_593, 16_777_213, 33_554_393, 67_108_859,
        134_217_689, 268_435_399, 536_870_909, 1_073_741_789, 2_147_483_647,
    ]
}
