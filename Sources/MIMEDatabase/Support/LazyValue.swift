import Synchronization

/// A value computed on first use and kept, safe to share between threads.
///
/// The database is an immutable value that many threads read; the tables only some queries need
/// (case-folded names, for instance) are built by the first query that asks, under a lock.
final class LazyValue<Value: Sendable>: Sendable {
    private let state = Mutex<Value?>(nil)
    private let make: @Sendable () -> Value

    /// Creates the box; `make` runs at most once, on first use.
    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, computed now if no one has asked before.
    var value: Value {
        state.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
