import Synchronization

/// A value computed on first use and kept, safe to share between threads.
///
/// The database is an immutable value that many threads read; the tables only some queries need
/// (the magic, case-folded names) are built by the first query that asks, under a lock. Once
/// built, reading the value takes one atomic load and no lock, so that threads typing files in
/// parallel do not queue on it. The association lists use it for what only some commands read.
///
/// Copies share one value, as references to one box would. The box is one class for every kind
/// of value, not a generic class: the runtime builds the metadata of a generic class for each
/// type it is used with, the first time one is made, and a one-file query makes a dozen kinds
/// of lazy values.
public struct LazyValue<Value: Sendable>: Sendable {
    private let box: LazyBox

    /// Creates the box; `make` runs at most once, on first use.
    public init(_ make: @escaping @Sendable () -> Value) {
        box = LazyBox(
            storage: .allocate(byteCount: MemoryLayout<Value>.stride, alignment: MemoryLayout<Value>.alignment),
            make: { $0.initializeMemory(as: Value.self, to: make()) },
            destroy: { $0.assumingMemoryBound(to: Value.self).deinitialize(count: 1) })
    }

    /// The value, computed now if no one has asked before.
    public var value: Value {
        box.prepare()
        return box.storage.assumingMemoryBound(to: Value.self).pointee
    }
}

/// The storage of a `LazyValue`, of whatever type, and what fills and empties it.
private final class LazyBox: @unchecked Sendable {
    // `storage` is initialised once, under `lock`, before `ready` is set with release ordering;
    // it is read only after `ready` is seen with acquire ordering.
    private let ready = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    /// Room for one value, initialised by `make`.
    let storage: UnsafeMutableRawPointer
    /// Initialises the storage at the pointer it is given; dropped once it has run.
    private var make: (@Sendable (UnsafeMutableRawPointer) -> Void)?
    /// Deinitialises the value at the pointer it is given.
    private let destroy: @Sendable (UnsafeMutableRawPointer) -> Void

    init(
        storage: UnsafeMutableRawPointer, make: @escaping @Sendable (UnsafeMutableRawPointer) -> Void,
        destroy: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
    ) {
        self.storage = storage
        self.make = make
        self.destroy = destroy
    }

    /// Makes sure the value is in `storage`.
    func prepare() {
        if ready.load(ordering: .acquiring) { return }
        lock.withLock { _ in
            guard !ready.load(ordering: .relaxed), let make else { return }
            make(storage)
            self.make = nil
            ready.store(true, ordering: .releasing)
        }
    }

    deinit {
        if ready.load(ordering: .relaxed) { destroy(storage) }
        storage.deallocate()
    }
}
