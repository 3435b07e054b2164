import Associations
import XDGSupport

/// The watcher's messages to the user through the desktop's notification service
/// (Desktop Notifications Specification: `org.freedesktop.Notifications` at
/// `/org/freedesktop/Notifications` on the session bus).
///
/// Each announcement is one `Notify`; its actions *Undo* and *Keep* are offered when the server's
/// `GetCapabilities` lists `actions`, and `ActionInvoked` with `undo` hands the announcement's
/// changes to `undo`. A server that cannot be reached is said once (through `warn`); the watcher
/// goes on recording.
final class DesktopNotifier: WatchCompanion {
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// How long a call to the server may take before the watcher goes on without it.
    static let callTimeoutMicroseconds: UInt64 = 2_000_000

    private let bus: BusConnection
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

    var pollDescriptor: Int32? { bus.descriptor }
    var pollEvents: Int16 { bus.events }
    var pollTimeoutMilliseconds: Int32 { bus.timeoutMilliseconds }

    func processPending() {
        do {
            try bus.processPending()
            bus.flush()
        } catch {
            say("cannot read from the session bus: \(error)")
        }
    }

    func announce(_ announcement: WatchAnnouncement) {
        let actions = !announcement.undoableChanges.isEmpty && supportsActions()
        let values: [BusValue] = [
            .string("assoc"), .uint32(0), .string("preferences-desktop-default-applications"),
            .string(announcement.summary), .string(announcement.body),
            .strings(actions ? ["undo", "Undo", "keep", "Keep"] : []),
            .vardict([("desktop-entry", .string("assoc-watch")), ("category", .string("x-assoc.default-changed"))]),
            .int32(-1),
        ]
        do {
            let reply = try call("Notify", values)
            saidUnreachable = false
            if actions, case .uint32(let id)? = reply.first { undoable[id] = announcement.undoableChanges }
            log("notified: \(announcement.summary)")
        } catch {
            say("cannot notify through \(Self.service): \(error)")
        }
    }

    /// Whether the server offers actions, asked once (`GetCapabilities`).
    private func supportsActions() -> Bool {
        if let offersActions { return offersActions }
        guard let reply = try? call("GetCapabilities", []) else { return false }
        let capabilities = reply.first?.elements?.compactMap(\.text) ?? []
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

    private func call(_ member: String, _ values: [BusValue]) throws(BusError) -> [BusValue] {
        try bus.call(
            Self.service, path: Self.path, interface: Self.service, member: member, values,
            timeoutMicroseconds: Self.callTimeoutMicroseconds)
    }

    /// Says `message` unless the server was already said to be unreachable.
    private func say(_ message: String) {
        guard !saidUnreachable else { return }
        saidUnreachable = true
        warn(message)
    }
}
