internal import CSDBus
import XDGSupport

#if canImport(Glibc)
import Glibc
#endif

/// A connection to the session bus through sd-bus, driven by the caller's event loop: its
/// descriptor, the events it waits for and its time-out go into `poll`, and `processPending`
/// dispatches what arrived. Nothing here blocks on a dialog.
final class BusConnection {
    /// The sd-bus connection.
    let bus: OpaquePointer

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS` (or the user's bus).
    init() throws(BusError) {
        var bus: OpaquePointer? = nil
        try checked(sd_bus_open_user(&bus), "connect to the session bus")
        guard let bus else { throw BusError("connect to the session bus", result: -ENOTCONN) }
        self.bus = bus
    }

    deinit {
        sd_bus_flush(bus)
        sd_bus_close_unref(bus)
    }

    /// Asks for the well-known `name`; with `replace` takes it from a running owner. The name always
    /// allows replacement, so a later `--replace` can take it from us.
    func requestName(_ name: String, replace: Bool) throws(BusError) {
        let allowReplacement: UInt64 = 1 << 1
        let replaceExisting: UInt64 = 1 << 0
        try checked(
            sd_bus_request_name(bus, name, allowReplacement | (replace ? replaceExisting : 0)),
            "own the bus name \(name) (is another portal backend running? --replace takes it over)")
    }

    /// Calls `handler` for every message to `path`; it returns whether it handled the message.
    /// The handler lives as long as the returned slot.
    func addObject(_ path: String, _ handler: @escaping (BusMessage) -> Bool) throws(BusError) -> BusObjectSlot {
        try slot(for: handler, "register the object \(path)") { slot, callback, userdata in
            sd_bus_add_object(bus, slot, path, callback, userdata)
        }
    }

    /// Calls `handler` for every signal `member` of the bus itself (`org.freedesktop.DBus`), such
    /// as `NameLost`. The handler lives as long as the returned slot.
    func addBusSignalHandler(_ member: String, _ handler: @escaping (BusMessage) -> Bool) throws(BusError) -> BusObjectSlot {
        try slot(for: handler, "watch the signal \(member)") { slot, callback, userdata in
            sd_bus_match_signal(
                bus, slot, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", member, callback, userdata)
        }
    }

    /// Calls `handler` for every signal `member` of `interface` at `path` from `sender` (a
    /// well-known name: sd-bus follows its owner), such as a notification server's
    /// `ActionInvoked`. The handler lives as long as the returned slot.
    func addSignalHandler(
        sender: String, path: String, interface: String, member: String, _ handler: @escaping (BusMessage) -> Bool
    ) throws(BusError) -> BusObjectSlot {
        try slot(for: handler, "watch the signal \(interface).\(member)") { slot, callback, userdata in
            sd_bus_match_signal(bus, slot, sender, path, interface, member, callback, userdata)
        }
    }

    /// Calls `member` of `interface` on `path` of `destination` with `values`, waiting at most
    /// `timeoutMicroseconds` for the reply, and returns the reply's values.
    ///
    /// - Throws: `BusError`, with the error's name and message when the callee answered with one.
    func call(
        _ destination: String, path: String, interface: String, member: String, _ values: [BusValue],
        timeoutMicroseconds: UInt64
    ) throws(BusError) -> [BusValue] {
        var call: OpaquePointer? = nil
        try checked(
            sd_bus_message_new_method_call(bus, &call, destination, path, interface, member), "call \(interface).\(member)")
        guard let call else { throw BusError("call \(interface).\(member)", result: -ENOMEM) }
        let message = BusMessage(adopting: call)
        try message.append(values)
        var error = csdbus_error_null()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer? = nil
        let result = sd_bus_call(bus, message.pointer, timeoutMicroseconds, &error, &reply)
        guard result >= 0, let reply else {
            var failure = BusError("call \(interface).\(member)", result: result < 0 ? result : -EBADMSG)
            if let name = error.name {
                failure.detail = String(cString: name) + (error.message.map { ": " + String(cString: $0) } ?? "")
            }
            throw failure
        }
        return try BusMessage(adopting: reply).readAll()
    }

    /// The one C callback of every handler: the `HandlerBox` in `userdata` handles the message.
    private static let dispatch: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        let box = Unmanaged<HandlerBox>.fromOpaque(userdata).takeUnretainedValue()
        return box.handler(BusMessage(referencing: message)) ? 1 : 0
    }

    /// Registers `handler` through `add` (given the slot to fill, the C callback and its
    /// userdata), keeping the handler alive in the returned slot; `action` names it in an error.
    private func slot(
        for handler: @escaping (BusMessage) -> Bool, _ action: String,
        _ add: (UnsafeMutablePointer<OpaquePointer?>, sd_bus_message_handler_t, UnsafeMutableRawPointer) -> Int32
    ) throws(BusError) -> BusObjectSlot {
        let box = Unmanaged.passRetained(HandlerBox(handler))
        var slot: OpaquePointer? = nil
        let result = add(&slot, Self.dispatch, box.toOpaque())
        guard result >= 0, let slot else {
            box.release()
            throw BusError(action, result: result)
        }
        return BusObjectSlot(slot: slot, box: box)
    }

    /// Sends the reply to `call` with `values` as its body.
    func reply(to call: BusMessage, _ values: [BusValue]) throws(BusError) {
        var reply: OpaquePointer? = nil
        try checked(sd_bus_message_new_method_return(call.pointer, &reply), "create a reply")
        guard let reply else { return }
        let message = BusMessage(adopting: reply)
        try message.append(values)
        try checked(sd_bus_send(bus, message.pointer, nil), "send a reply")
    }

    /// Sends the error `name` with `text` as the reply to `call`.
    func replyError(to call: BusMessage, name: String, _ text: String) throws(BusError) {
        var error = csdbus_error_null()
        defer { sd_bus_error_free(&error) }
        sd_bus_error_set(&error, name, text)
        try checked(sd_bus_reply_method_error(call.pointer, &error), "send an error reply")
    }

    /// The descriptor to poll.
    var descriptor: Int32 { sd_bus_get_fd(bus) }
    /// The poll events to wait for.
    var events: Int16 { Int16(truncatingIfNeeded: max(0, sd_bus_get_events(bus))) }

    /// Milliseconds until sd-bus needs to run again (-1: no time-out).
    var timeoutMilliseconds: Int32 {
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return -1 }
        let nowMicroseconds = MonotonicClock.microseconds
        return deadline <= nowMicroseconds ? 0 : Int32(clamping: (deadline - nowMicroseconds + 999) / 1000)
    }

    /// Dispatches every message that has arrived, calling the handlers.
    func processPending() throws(BusError) {
        while try checked(sd_bus_process(bus, nil), "read from the bus") > 0 {}
    }

    /// Writes out what is queued.
    func flush() { sd_bus_flush(bus) }
}

/// A registered object: unregistered when this is released.
final class BusObjectSlot {
    private let slot: OpaquePointer
    private let box: Unmanaged<HandlerBox>

    fileprivate init(slot: OpaquePointer, box: Unmanaged<HandlerBox>) {
        self.slot = slot
        self.box = box
    }

    deinit {
        sd_bus_slot_unref(slot)
        box.release()
    }
}

/// The Swift closure behind a C callback.
private final class HandlerBox {
    let handler: (BusMessage) -> Bool
    init(_ handler: @escaping (BusMessage) -> Bool) { self.handler = handler }
}
