import AssocTestSupport
import Foundation
import PortalDialogs
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The dialog's end of the answer channel against a real listening Unix socket, the test playing the service.
@Suite("dialog channel")
struct DialogChannelTests {
    /// A listening Unix stream socket at `path`, as the service makes it.
    static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && Glibc.listen(descriptor, 1) == 0)
        return descriptor
    }

    /// A dialog's channel connected to a listening socket in a new tree, and the service's end.
    static func connected() throws -> (TemporaryXDGTree, DialogChannel, Int32) {
        let tree = try TemporaryXDGTree()
        let listener = try listen(at: tree.path("answer.sock"))
        defer { close(listener) }
        let channel = try DialogChannel.connect(to: tree.path("answer.sock"))
        let service = accept(listener, nil, nil)
        try #require(service >= 0)
        return (tree, channel, service)
    }

    static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("connect, receive the service's lines without blocking, answer one line, and the connection ends")
    func exchange() throws {
        let (tree, channel, service) = try Self.connected()
        defer { withExtendedLifetime(tree) { _ = close(service) } }
        // Nothing sent yet: receive returns at once with nothing.
        #expect(try channel.receive().isEmpty)
        let lines = ServiceMessage.updateChoices(["a", "b"]).line + ServiceMessage.close.line + "{\"upd"
        _ = lines.withCString { write(service, $0, strlen($0)) }
        var pollEntry = pollfd(fd: channel.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollEntry, 1, 5000) == 1)
        #expect(try channel.receive() == [.updateChoices(["a", "b"]), .close])
        // The rest of a line arrives later.
        _ = "ate_choices\":[]}\n".withCString { write(service, $0, strlen($0)) }
        #expect(poll(&pollEntry, 1, 5000) == 1)
        #expect(try channel.receive() == [.updateChoices([])])
        #expect(!channel.serviceClosed)
        try channel.send(.cancelled)
        #expect(channel.fileDescriptor == -1)
        #expect(Self.readAll(service) == "{\"response\":1}\n")
    }

    @Test("the service closing its end is seen; a line that is not a message is an error naming the socket")
    func serviceEnds() throws {
        let (tree, channel, service) = try Self.connected()
        defer { withExtendedLifetime(tree) {} }
        _ = "{\"what\":1}\n".withCString { write(service, $0, strlen($0)) }
        close(service)
        var pollEntry = pollfd(fd: channel.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollEntry, 1, 5000) == 1)
        #expect(throws: DialogChannel.Failure.self) { try channel.receive() }
        #expect(channel.serviceClosed)
    }

    @Test("no one listening, or a path too long for a socket, is a clear error")
    func connectFailures() throws {
        let tree = try TemporaryXDGTree()
        #expect(
            throws: DialogChannel.Failure(path: tree.path("none.sock"), reason: "cannot connect: No such file or directory")
        ) { try DialogChannel.connect(to: tree.path("none.sock")) }
        let long = "/" + String(repeating: "x", count: 200)
        #expect(throws: DialogChannel.Failure(path: long, reason: "a socket path must have 1 to 107 bytes")) {
            try DialogChannel.connect(to: long)
        }
    }
}
