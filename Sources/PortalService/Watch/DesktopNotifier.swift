import Associations
import XDGSupport

/// The watcher's messages to the user through the desktop's notification service
/// (Desktop Notifications Specification: `org.freedesktop.Notifications` at
/// `/org/freedesktop/Notifications` on the session bus).
///
/// Each announcement is one `Notify`; its actions *Undo* and *Keep* are offered when the server's
/// `GetCapabilities` lists `actions`, and `ActionInvoked` with `undo` hands the announcement's
/// changes to `undo`. A server that cannot be reached is said once (through `warn`); the watcher
/// goes on recording. The calls go through `NotificationClient`, which the portal's failure
/// reports use too.
final class DesktopNotifier: WatchCompanion {
    static let service = NotificationClient.service
    static let path = NotificationClient.path
    /// How long a call to the server may take before the watcher goes on without it.
    static let callTimeoutMicroseconds = NotificationClient.callTimeoutMicroseconds

    private let bus: BusConnection
    private let client: NotificationClient
    private let warn: (String) -> Void
    private let log: (String) -> Void
    /// Puts back the changes of a notification whose *Undo* was chosen.
    private let undo: ([String]) -> Void
    private var slots: [BusObjectSlot] = []
    /// Whether the server offers actions; nil until asked.
    private var offersActions: Bool?
    /// The changes of each open notification that offers *Undo*, by the server's ID.
    private var undoable: [UInt32: [String]] = [:]
    /// Whether the server could not be reached (said once).
    private var saidUnreachable = false

    /// Listens for the server's `ActionInvoked` and `NotificationClosed` on `bus`.
    ///
    /// - Throws: `BusError` when the signals cannot be matched.
    init(
        bus: BusConnection, undo: @escaping ([String]) -> Void, log: @escaping (String) -> Void,
        warn: @escaping (String) -> Void
    ) throws(BusError) {
        self.bus = bus
        client = NotificationClient(bus: bus)
        self.undo = undo
        self.log = log
        self.warn = warn
        slots.append(
            try bus.addSignalHandler(
                sender: Self.service, path: Self.path, interface: Self.service, member: "ActionInvoked"
            ) { [unowned self] message in
                actionInvoked(message)
                return true
            })
        slots.append(
            try bus.addSignalHandler(
                sender: Self.service, path: Self.path, interface: Self.service, member: "NotificationClosed"
            ) { [unowned self] message in
                if case .uint32(let id)? = try? message.readNext() { undoable[id] = nil }
                return true
            })
    }

    /// Whether the bus connection failed: it is no longer polled (a hung-up descriptor would
    /// wake the loop at once, over and over), and nothing more is sent.
    private var broken = false

    var pollDescriptor: Int32? { broken ? nil : bus.descriptor }
    var pollEvents: Int16 { bus.events }
    var pollTimeoutMilliseconds: Int32 { bus.timeoutMilliseconds }

    func processPending() {
        guard !broken else { return }
        do {
            try bus.processPending()
            bus.flush()
        } catch {
            broken = true
            warn("lost the session bus (\(error)); changes are still recorded, without notifications")
        }
    }

    func announce(_ announcement: WatchAnnouncement) {
        guard !broken else { return }
        let actions = !announcement.undoableChanges.isEmpty && supportsActions()
        let notification = DesktopNotification(
            application: "assoc", icon: "preferences-desktop-default-applications", summary: announcement.summary,
            body: announcement.body, actions: actions ? [("undo", "Undo"), ("keep", "Keep")] : [],
            hints: [("desktop-entry", .string("assoc-watch")), ("category", .string("x-assoc.default-changed"))])
        do {
            let id = try client.notify(notification)
            saidUnreachable = false
            if actions { undoable[id] = announcement.undoableChanges }
            log("notified: \(announcement.summary)")
        } catch {
            say("cannot notify through \(Self.service): \(error)")
        }
    }

    /// Whether the server offers actions, asked once (`GetCapabilities`).
    private func supportsActions() -> Bool {
        if let offersActions { return offersActions }
        guard let capabilities = try? client.capabilities() else { return false }
        offersActions = capabilities.contains("actions")
        return offersActions ?? false
    }

    private func actionInvoked(_ message: BusMessage) {
        guard let values = try? message.readAll(), values.count == 2, case .uint32(let id) = values[0],
            let action = values[1].text, let changes = undoable[id]
        else { return }
        undoable[id] = nil
        log("notification \(id): \(action)")
        if action == "undo" { undo(changes) }
    }

    /// Says `message` unless the server was already said to be unreachable.
    private func say(_ message: String) {
        guard !saidUnreachable else { return }
        saidUnreachable = true
        warn(message)
    }
}
