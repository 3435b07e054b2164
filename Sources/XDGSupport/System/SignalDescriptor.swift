internal import CSystem

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Signals a service waits for in its `poll` loop instead of in a handler (signalfd(2)): the
/// signals are blocked, and the descriptor reads as readable when one arrives.
public final class SignalDescriptor {
    /// The descriptor to poll for `POLLIN`.
    public let descriptor: Int32

    /// Blocks `signals` for the calling thread and the threads it starts after, and opens the
    /// descriptor. Call it before other threads start, so that none of them takes the signal.
    ///
    /// - Throws: `Errno` when the signals cannot be blocked or the descriptor made.
    public init(_ signals: [Int32]) throws(Errno) {
        let descriptor = signals.withUnsafeBufferPointer {
            csystem_signal_descriptor($0.baseAddress, Int32($0.count))
        }
        guard descriptor >= 0 else { throw Errno.current }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The signal that arrived, or nil when none is waiting.
    public func take() -> Int32? {
        // struct signalfd_siginfo is 128 bytes; its first field is the signal number.
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == 128 else { return nil }
        return buffer.withUnsafeBytes { Int32(bitPattern: $0.loadUnaligned(as: UInt32.self)) }
    }
}
