/// A client of the desktop's notification service (Desktop Notifications Specification:
/// `org.freedesktop.Notifications` at `/org/freedesktop/Notifications` on the session bus), shared
/// by the watcher's announcements and the portal's failure reports.
///
/// Each call waits at most `callTimeoutMicroseconds` for the server, so that a server that hangs
/// holds up its caller's loop for no longer than that; a bus without a server answers at once with
/// an error.
struct NotificationClient {
    /// The server's bus name, also the interface's name.
    static let service = "org.freedesktop.Notifications"
    /// The server's object.
    static let path = "/org/freedesktop/Notifications"
    /// How long a call to the server may take before the caller goes on without it.
    static let callTimeoutMicroseconds: UInt64 = 2_000_000

    /// The connection the calls are made on.
    let bus: BusConnection

    /// Shows `notification`; returns the server's ID for it.
    ///
    /// - Throws: `BusError` when the server cannot be reached or refuses it.
    @discardableResult
    func notify(_ notification: DesktopNotification) throws(BusError) -> UInt32 {
        let reply = try call("Notify", notification.notifyArguments)
        guard case .uint32(let id)? = reply.first else { return 0 }
        return id
    }

    /// What the server offers (`GetCapabilities`), such as `actions` and `body-markup`.
    ///
    /// - Throws: `BusError` when the server cannot be reached.
    func capabilities() throws(BusError) -> [String] {
        try call("GetCapabilities", []).first?.elements?.compactMap(\.text) ?? []
    }

    /// Calls `member` of the server with `values` and returns the reply's values.
    func call(_ member: String, _ values: [BusValue]) throws(BusError) -> [BusValue] {
        try bus.call(
            Self.service, path: Self.path, interface: Self.service, member: member, values,
            timeoutMicroseconds: Self.callTimeoutMicroseconds)
    }
}
