import PortalDialogs
import XDGSupport

#if canImport(Glibc)
import Glibc
#endif

/// One request's private directory, `$XDG_RUNTIME_DIR/assoc/portal/<n>/` (mode 0700), with the
/// request file (0600) the dialog reads and the Unix socket `answer.sock` (0600) it answers on.
///
/// The runtime directory and every directory below it must be the user's own, mode 0700, not a
/// symbolic link (`PrivateDirectory`): each is made or opened from the one above it and checked,
/// and the request file is written through the held descriptor, so another user who shares the
/// runtime directory can neither read nor swap a request.
///
/// The service listens on the socket, accepts the dialog's one connection, reads its answer line
/// and may write lines to it; `remove()` closes everything and deletes the directory.
final class RequestDirectory {
    /// The directory.
    var path: String { directory.path }
    /// `request.json` inside it.
    var requestFile: String { path + "/" + Self.requestName }
    /// `answer.sock` inside it.
    var socketPath: String { path + "/" + Self.socketName }
    /// The listening socket, or -1 once the dialog has connected (one connection is taken).
    private(set) var listener: Int32 = -1
    /// The dialog's connection, or -1.
    private(set) var connection: Int32 = -1
    /// The dialog's process ID (SO_PEERCRED), once connected.
    private(set) var peerProcess: pid_t = 0
    private var received: [UInt8] = []
    /// `$XDG_RUNTIME_DIR/assoc/portal`, held open.
    private let parent: PrivateDirectory
    /// The request's own directory, held open.
    private let directory: PrivateDirectory
    /// The directory's name in `parent`.
    private let number: String
    private var removed = false

    private static let requestName = "request.json"
    private static let socketName = "answer.sock"

    /// The most a dialog may send before its answer line ends (1 MiB).
    static let lineLimit = 1 << 20

    /// Makes a new numbered directory under `runtimeDirectory` and listens on its socket.
    ///
    /// - Throws: `ChannelFailure` naming the directory that is not private, or what failed.
    init(runtimeDirectory: String) throws(ChannelFailure) {
        do throws(PrivateDirectory.Failure) {
            var parent = try PrivateDirectory(opening: runtimeDirectory)
            for name in PortalDialogs.requestDirectoryParents { parent = try parent.child(name, creating: true) }
            var number = 1
            while !(try parent.makeChild("\(number)")) {
                guard number < 100_000 else {
                    throw PrivateDirectory.Failure(path: parent.path, reason: "100000 request directories are in use")
                }
                number += 1
            }
            self.parent = parent
            self.number = "\(number)"
            directory = try parent.child(self.number, creating: false)
        } catch {
            let rule =
                "; every directory from XDG_RUNTIME_DIR down must be the user's own, mode 0700, not a symbolic link "
                + "(XDG Base Directory Specification)"
            throw ChannelFailure(path: error.path, reason: error.reason + (error.isNotPrivate ? rule : ""))
        }
        do {
            listener = try Self.listen(on: socketPath)
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// Writes the request file (0600, created new) through the held directory.
    ///
    /// - Throws: `ChannelFailure` when it cannot be written, or when it is larger than a dialog
    ///   reads (`PortalDialogs.maximumMessageSize`): such a request can never be shown.
    func writeRequest(_ text: String) throws(ChannelFailure) {
        let bytes = Array(text.utf8)
        guard bytes.count <= PortalDialogs.maximumMessageSize else {
            throw ChannelFailure(
                path: requestFile,
                reason: "the request is \(FileBytes.describeSize(bytes.count)), more than the "
                    + "\(FileBytes.describeSize(PortalDialogs.maximumMessageSize)) a dialog reads")
        }
        do {
            try directory.createFile(Self.requestName, bytes: bytes)
        } catch {
            throw ChannelFailure(path: error.path, reason: error.reason)
        }
    }

    /// Accepts the dialog's connection when one is waiting; a peer of another user is refused.
    ///
    /// - Returns: whether the dialog is now connected.
    func acceptConnection() -> Bool {
        guard listener >= 0 else { return connection >= 0 }
        // accept4 is a GNU extension; one thread starts the terminals, so nothing can inherit the
        // descriptor between accept and fcntl.
        let accepted = accept(listener, nil, nil)
        guard accepted >= 0 else { return false }
        _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
        _ = fcntl(accepted, F_SETFL, fcntl(accepted, F_GETFL) | O_NONBLOCK)
        guard let peer = SystemCalls.peer(of: accepted), peer.pid > 0, peer.uid == getuid() else {
            close(accepted)
            return false
        }
        connection = accepted
        peerProcess = peer.pid
        close(listener)
        listener = -1
        directory.remove(Self.socketName)
        return true
    }

    /// What reading the connection gave.
    enum Reading: Equatable {
        /// A complete line (without its newline).
        case line([UInt8])
        /// Nothing complete yet.
        case pending
        /// The dialog closed the connection, or sent more than `lineLimit` without a newline.
        case ended
    }

    /// Reads what the dialog sent and returns the first complete line, if any.
    func readLine() -> Reading {
        guard connection >= 0 else { return .ended }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            if count <= 0 { return takeLine() ?? .ended }
            received += chunk[..<count]
            if received.count > Self.lineLimit && !received.contains(UInt8(ascii: "\n")) { return .ended }
        }
        return takeLine() ?? .pending
    }

    private func takeLine() -> Reading? {
        guard let newline = received.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(received[..<newline])
        received.removeSubrange(...newline)
        return .line(line)
    }

    /// Writes `line` to the dialog (best effort: a dialog that has gone away is noticed by reading).
    func send(_ line: String) {
        guard connection >= 0 else { return }
        try? DescriptorIO.writeAll(connection, Array(line.utf8), via: .socket)
    }

    /// Closes the dialog's connection (the service has its answer, or has given up on it).
    func closeConnection() {
        if connection >= 0 { close(connection) }
        connection = -1
    }

    /// Closes the sockets and deletes the directory and what is in it (once: the number may be
    /// a later request's afterwards).
    func remove() {
        closeConnection()
        if listener >= 0 { close(listener) }
        listener = -1
        guard !removed else { return }
        removed = true
        directory.remove(Self.socketName)
        directory.remove(Self.requestName)
        parent.remove(number, isDirectory: true)
    }

    /// A non-blocking listening Unix stream socket bound at `path`, mode 0600.
    private static func listen(on path: String) throws(ChannelFailure) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = PathCoding.encode(path)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw ChannelFailure(path: path, reason: "the socket path is longer than a Unix socket allows")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let socket = Glibc.socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw .fromErrno(path, "create a socket") }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(socket, 4) == 0 else {
            let failure = ChannelFailure.fromErrno(path, "listen on it")
            close(socket)
            throw failure
        }
        return socket
    }
}
