/// A failure of the bus library, with the step that failed and the system's reason.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done ("connect to the session bus", "read a message", ...).
    public var step: String
    /// The error number sd-bus returned (positive).
    public var code: Int32
    /// The reason in words when it is not the error number's (a limit that was passed).
    public var detail: String?

    /// Creates the error for a negative sd-bus result.
    init(_ step: String, result: Int32) {
        self.step = step
        code = -result
    }

    /// The error of a message that holds more than its reader takes (`E2BIG`), `detail` saying what.
    static func tooLarge(_ step: String, _ detail: String) -> BusError {
        var error = BusError(step, result: -E2BIG)
        error.detail = detail
        return error
    }

    /// Whether a limit was passed (`tooLarge`).
    var isTooLarge: Bool { code == E2BIG && detail != nil }

    /// The message.
    public var description: String { "cannot \(step): \(detail ?? String(cString: strerror(code)))" }
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
