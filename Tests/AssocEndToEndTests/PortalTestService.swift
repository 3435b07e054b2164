import AssocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The test's stand-in for `assoc portal`: a private request directory with `request.json` and a
/// listening `answer.sock`, as the contract between the service and its dialogs has them. It
/// reads the dialog's answer line and can write service lines to it.
final class PortalTestService {
    let directory: String
    let requestPath: String
    let socketPath: String
    private let listener: Int32
    private var connection: Int32 = -1
    private var received: [UInt8] = []

    /// A new request directory `runtime/assoc/portal/<n>` under `tree`, every directory 0700 as
    /// the service makes them (the dialog reads nothing from another).
    static func requestDirectory(_ tree: TemporaryXDGTree) throws -> String {
        let directory = try tree.makeDirectory("runtime/assoc/portal/\(UUID().uuidString.prefix(8))")
        for path in ["runtime", "runtime/assoc", "runtime/assoc/portal"] { chmod(tree.path(path), 0o700) }
        chmod(directory, 0o700)
        return directory
    }

    /// Writes `request` (with `answer_socket` filled in) into a new private folder under `tree` and listens.
    init(_ tree: TemporaryXDGTree, request: [String: Any]) throws {
        directory = try Self.requestDirectory(tree)
        requestPath = directory + "/request.json"
        socketPath = directory + "/answer.sock"
        var full = request
        full["answer_socket"] = socketPath
        let data = try JSONSerialization.data(withJSONObject: full)
        try data.write(to: URL(fileURLWithPath: requestPath))
        chmod(requestPath, 0o600)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(socketPath)")
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 4) == 0, "cannot listen on \(socketPath)")
        chmod(socketPath, 0o600)
    }

    deinit {
        if connection >= 0 { close(connection) }
        close(listener)
    }

    /// Waits for the dialog to connect.
    func accept(timeout: Double = 10) throws {
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&entry, 1, Int32(timeout * 1000)) == 1, "the dialog did not connect")
        connection = Glibc.accept(listener, nil, nil)
        try #require(connection >= 0)
    }

    /// Writes a service line (`{"close":true}`, `{"update_choices":[…]}`).
    func send(_ object: [String: Any]) throws {
        var line = try JSONSerialization.data(withJSONObject: object)
        line.append(UInt8(ascii: "\n"))
        let written = line.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        try #require(written == line.count)
    }

    /// Everything the dialog wrote until it closed the connection: its answer lines.
    func readUntilClosed(timeout: Double = 10) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = Int32(max(deadline.timeIntervalSinceNow, 0) * 1000)
            var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            try #require(poll(&entry, 1, left) == 1, "the dialog did not close the connection")
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// The one answer line as an object.
    func answer(timeout: Double = 10) throws -> [String: Any] {
        let lines = try readUntilClosed(timeout: timeout)
        try #require(lines.count == 1, "expected exactly one answer line, got \(lines)")
        return try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    }
}

/// The portal filters of the issue: PDF, and images as a glob and a MIME type.
let issueFilters: [(String, [(Int, String)])] = [
    ("PDF", [(1, "application/pdf")]),
    ("Images", [(0, "*.png"), (1, "image/jpeg")]),
]

/// The filters in the request's JSON form.
func requestFilters(_ filters: [(String, [(Int, String)])]) -> [[String: Any]] {
    filters.map { filter in
        ["name": filter.0, "patterns": filter.1.map { ["kind": $0.0, "pattern": $0.1] as [String: Any] }]
    }
}

/// A `file://` URI of an absolute path with only unreserved characters in it.
func fileURI(_ path: String) -> String { "file://" + path }
