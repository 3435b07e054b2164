/// A failure of the bus library, with the step that failed and the system's reason.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done ("connect to the session bus", "read a message", ...).
    public var step: String
    /// The error number sd-bus returned (positive).
    public var code: Int32

    /// Creates the error for a negative sd-bus result.
    init(_ step: String, result: Int32) {
        self.step = step
        code = -result
    }

    /// The message.
    public var description: String { "cannot \(step): \(String(cString: strerror(code)))" }
}

#if canImport(Glibc)
import Glibc
#endif

/// Throws `BusError` for a negative sd-bus result and returns a non-negative one.
@discardableResult
func checked(_ result: Int32, _ step: @autoclosure () -> String) throws(BusError) -> Int32 {
    guard result >= 0 else { throw BusError(step(), result: result) }
    return result
}
