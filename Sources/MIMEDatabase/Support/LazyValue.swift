import Synchronization

/// A value computed on first use and kept, safe to share between threads.
///
/// The database is an immutable value that many threads read; the tables only some queries need
/// (the magic, case-folded names) are built by the first query that asks, under a lock. Once
/// built, reading the value takes one atomic load and no lock, so that threads typing files in
/// parallel do not queue on it. The association lists use it for what only some commands read.
public final class LazyValue<Value: Sendable>: @unchecked Sendable {
    // `stored` is written once, under `lock`, before `ready` is set with release ordering; it is
    // read only after `ready` is seen with acquire ordering, or under `lock`.
    private let ready = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    private var stored: Value?
    private let make: @Sendable () -> Value

    /// Creates the box; `make` runs at most once, on first use.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, computed now if no one has asked before.
    public var value: Value {
        if ready.load(ordering: .acquiring), let stored { return stored }
        return lock.withLock { _ in
            if let stored { return stored }
            let made = make()
            stored = made
            ready.store(true, ordering: .releasing)
            return made
        }
    }
}
