/// Why a request's private directory or answer socket could not be set up or used.
public struct ChannelFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or directory concerned.
    public var path: String
    /// What went wrong.
    public var reason: String

    /// The message, naming the path.
    public var description: String { "the portal request directory '\(path)': \(reason)" }
}

#if canImport(Glibc)
import Glibc
#endif

extension ChannelFailure {
    /// The failure of the last system call on `path`.
    static func fromErrno(_ path: String, _ step: String) -> ChannelFailure {
        ChannelFailure(path: path, reason: "cannot \(step): \(String(cString: strerror(errno)))")
    }
}
