import PortalDialogs
import XDGSupport

/// One portal request in progress: the method call waiting for its reply, the request the dialog
/// got, its private directory and answer channel, and the object at its handle path.
final class DialogSession {
    /// How long a dialog has to connect to its answer socket after the terminal starts.
    static let connectTimeout = 30.0
    /// How long a dialog told to close may stay connected before it gets SIGTERM.
    static let closeGrace = 1.0

    /// The request's handle (an object path).
    let handle: String
    /// The method call, answered when the dialog answers.
    let call: BusMessage
    /// What the dialog was asked.
    let request: DialogRequest
    /// The private directory with the request file and the answer socket.
    let directory: RequestDirectory
    /// The `org.freedesktop.impl.portal.Request` object at `handle`, while the request is open.
    var requestObject: BusObjectSlot?
    /// The terminal command the dialog was started with (without the dialog's arguments).
    var terminal = ""
    /// When the terminal was started.
    let started: Double
    /// Whether the method call has been answered.
    var replied = false
    /// When a dialog told to close gets SIGTERM if it is still connected.
    var terminateAt: Double?

    init(handle: String, call: BusMessage, request: DialogRequest, directory: RequestDirectory) {
        self.handle = handle
        self.call = call
        self.request = request
        self.directory = directory
        started = MonotonicClock.seconds
    }

    /// The next moment something must happen without any input: the connect time-out, or the
    /// SIGTERM after a close.
    var deadline: Double? {
        if let terminateAt { return terminateAt }
        return directory.connection < 0 && !replied ? started + Self.connectTimeout : nil
    }
}
