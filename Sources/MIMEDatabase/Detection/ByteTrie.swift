/// A trie of byte strings walked from their last byte, so that every stored string that ends a
/// name is found in one walk from the name's end; each node lists the values stored under it.
///
/// Built once, then frozen into flat tables: the edges in one open-addressing hash table keyed by
/// `node << 8 | byte`, the values of every node in one array. A walk then costs a multiply, a
/// load or two per byte, and allocates nothing.
struct ByteTrie: Sendable {
    /// The edge keys (`node << 8 | byte`), -1 in an empty slot; the table's size is a power of two.
    private var keys: [Int] = [-1, -1]
    private var targets: [Int32] = [0, 0]
    /// How far a key's product is shifted to give its slot.
    private var shift = 63
    /// For node `n`, its values are `values[starts[n]..<starts[n + 1]]`.
    private var starts: [Int32] = [0, 0]
    private var values: [Int32] = []
    /// The length of the longest string stored.
    private(set) var depth = 0

    /// The trie of the strings of `entries`, each stored with its value.
    init(_ entries: [(string: [UInt8], value: Int32)]) {
        var edges: [Int: Int] = [:]
        var lists: [[Int32]] = [[]]
        for (string, value) in entries {
            var current = 0
            for byte in string.reversed() {
                let key = current << 8 | Int(byte)
                if let next = edges[key] {
                    current = next
                } else {
                    lists.append([])
                    current = lists.count - 1
                    edges[key] = current
                }
            }
            lists[current].append(value)
            depth = max(depth, string.count)
        }
        var bits = 1
        while 1 << bits < edges.count * 2 { bits += 1 }
        shift = 64 - bits
        keys = [Int](repeating: -1, count: 1 << bits)
        targets = [Int32](repeating: 0, count: 1 << bits)
        for (key, target) in edges {
            var slot = slot(of: key)
            while keys[slot] >= 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            targets[slot] = Int32(target)
        }
        starts = [0]
        values = []
        for list in lists {
            values += list
            starts.append(Int32(values.count))
        }
    }

    @inline(__always)
    private func slot(of key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The node reached from `node` by `byte`, or nil.
    @inline(__always)
    func child(of node: Int, _ byte: UInt8) -> Int? {
        let key = node << 8 | Int(byte)
        var slot = slot(of: key)
        while true {
            let found = keys[slot]
            if found == key { return Int(targets[slot]) }
            if found < 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// The root, where every walk starts.
    static let root = 0

    /// The values stored under `node`, in the order they were given.
    @inline(__always)
    func values(at node: Int) -> Range<Int> { Int(starts[node])..<Int(starts[node + 1]) }

    /// The value at `position` of `values(at:)`.
    @inline(__always)
    func value(_ position: Int) -> Int { Int(values[position]) }

    /// The node of the whole of `name`, when it is stored (with or without values).
    func node(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        var current = Self.root
        var position = name.count
        while position > 0 {
            position -= 1
            guard let next = child(of: current, name[position]) else { return nil }
            current = next
        }
        return current
    }
}
