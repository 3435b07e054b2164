#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A C error number with readable names, as swift-system's `Errno`: what a system call of the
/// system layer throws.
public struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C error number.
    public let rawValue: Int32

    /// The error number `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`, now.
    public static var current: Errno { Errno(rawValue: errno) }

    /// The system's description of the error, such as `Permission denied`.
    public var description: String { String(cString: strerror(rawValue)) }

    /// A system call was interrupted by a signal. The corresponding C error is `EINTR`.
    public static let interrupted = Errno(rawValue: EINTR)
    /// Non-blocking I/O would have blocked. The corresponding C error is `EAGAIN`.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// No such file or directory. The corresponding C error is `ENOENT`.
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    /// The name is taken. The corresponding C error is `EEXIST`.
    public static let fileExists = Errno(rawValue: EEXIST)
    /// Permission denied. The corresponding C error is `EACCES`.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// The operation is not permitted. The corresponding C error is `EPERM`.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// A rename across file systems. The corresponding C error is `EXDEV`.
    public static let crossDevice = Errno(rawValue: EXDEV)
    /// An invalid argument (or a flag the file system does not know). The corresponding C error is `EINVAL`.
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// The kernel does not have the system call. The corresponding C error is `ENOSYS`.
    public static let noSystemCall = Errno(rawValue: ENOSYS)
    /// The operation is not supported here. The corresponding C error is `EOPNOTSUPP`.
    public static let notSupported = Errno(rawValue: EOPNOTSUPP)
    /// The reading end of a pipe or socket is closed. The corresponding C error is `EPIPE`.
    public static let brokenPipe = Errno(rawValue: EPIPE)
    /// The file is too large. The corresponding C error is `EFBIG`.
    public static let fileTooLarge = Errno(rawValue: EFBIG)
}
