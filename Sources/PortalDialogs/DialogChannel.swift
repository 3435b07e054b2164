import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The dialog's end of the answer channel: a Unix stream socket the service listens on.
///
/// The dialog connects before it draws anything, watches `fileDescriptor` alongside the keyboard
/// (`poll` for input), reads the service's lines with `receive()` without blocking, and sends its
/// one answer with `send(_:)`, which closes the connection.
public final class DialogChannel {
    /// Why the channel failed.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The socket's path.
        public var path: String
        /// What failed, with the system's reason.
        public var reason: String

        /// A failure of the socket at `path`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// The message, naming the socket.
        public var description: String { "the answer socket '\(path)': \(reason)" }
    }

    /// The socket's path.
    public let path: String
    /// The connected socket, for `poll`; -1 once the answer is sent.
    public private(set) var fileDescriptor: Int32
    /// Whether the service has closed its end (a dialog then has no one to answer).
    public private(set) var serviceClosed = false
    private var pending: [UInt8] = []

    private init(path: String, fileDescriptor: Int32) {
        self.path = path
        self.fileDescriptor = fileDescriptor
    }

    deinit { if fileDescriptor >= 0 { close(fileDescriptor) } }

    /// Connects to the Unix stream socket at `path`.
    ///
    /// - Throws: `Failure` when the path is too long for a socket address or the connection fails.
    public static func connect(to path: String) throws(Failure) -> DialogChannel {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = PathCoding.encode(path)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw Failure(path: path, reason: "a socket path must have 1 to \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(path: path, reason: "cannot make a socket: \(systemReason())") }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        guard result == 0 else {
            let reason = systemReason()
            close(descriptor)
            throw Failure(path: path, reason: "cannot connect: \(reason)")
        }
        return DialogChannel(path: path, fileDescriptor: descriptor)
    }

    /// Sends `answer` as one line and closes the connection; the channel is done after it.
    ///
    /// - Throws: `Failure` when the service is gone or the write fails.
    public func send(_ answer: DialogAnswer) throws(Failure) {
        guard fileDescriptor >= 0 else { throw Failure(path: path, reason: "the answer was sent already") }
        defer {
            close(fileDescriptor)
            fileDescriptor = -1
        }
        do { try DescriptorIO.writeAll(fileDescriptor, Array(answer.line.utf8), via: .socket) } catch {
            throw Failure(path: path, reason: "cannot send the answer: \(error)")
        }
    }

    /// The service's lines that have arrived, without waiting for more; sets `serviceClosed` at
    /// the end of the connection.
    ///
    /// - Throws: `Failure` for a read error, a line longer than 1 MiB, or a line that is neither
    ///   message (the error says which).
    public func receive() throws(Failure) -> [ServiceMessage] {
        guard fileDescriptor >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !serviceClosed {
            let count = buffer.withUnsafeMutableBytes { recv(fileDescriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                throw Failure(path: path, reason: "cannot read: \(systemReason())")
            }
            if count == 0 {
                serviceClosed = true
                break
            }
            pending += buffer[0..<count]
            guard pending.count <= PortalDialogs.maximumMessageSize || pending.contains(UInt8(ascii: "\n")) else {
                throw Failure(
                    path: path, reason: "a line longer than \(FileBytes.describeSize(PortalDialogs.maximumMessageSize))")
            }
        }
        var messages: [ServiceMessage] = []
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<end])
            pending.removeSubrange(...end)
            do {
                messages.append(try ServiceMessage(json: line))
            } catch {
                throw Failure(path: path, reason: error.description)
            }
        }
        return messages
    }

    private func systemReason() -> String { Self.systemReason() }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
