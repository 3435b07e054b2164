import Synchronization

/// A value worked out on a helper thread (`HelperThread`) from the moment it is made, while the
/// caller goes on; `value` waits for it. The helper may go on with more work once the value is
/// out (`thenWith`), which `value` does not wait for.
public final class BackgroundValue<Value: Sendable>: Sendable {
    private let slot = Mutex<Value?>(nil)
    private let made = Latch()

    /// Starts working out the value with `make`; then the helper runs `more` with it, if given.
    public init(_ make: @escaping @Sendable () -> Value, thenWith more: (@Sendable (Value) -> Void)? = nil) {
        HelperThread.start {
            let value = make()
            self.slot.withLock { $0 = value }
            self.made.open()
            more?(value)
        }
    }

    /// The value, once the helper has made it.
    public var value: Value {
        if let value = slot.withLock({ $0 }) { return value }
        made.wait()
        // The latch opens only after the value is in its slot.
        return slot.withLock { $0 }.unsafelyUnwrapped
    }
}
