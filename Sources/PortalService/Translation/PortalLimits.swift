import PortalDialogs

/// The service's side of `RequestLimits`: a request's body is read within a budget, so that a
/// huge one (hundreds of thousands of filters) is refused at once, with the reason, after a
/// bounded amount of work and memory instead of freezing the service and leaving it large; and
/// its lists are checked against their own limits.
enum PortalLimits {
    /// A fresh budget for reading one request's body: no container longer than the longest list
    /// allowed, no string longer than allowed.
    static func readBudget() -> BusReadBudget {
        BusReadBudget(
            elementsPerContainer: RequestLimits.longestList, bytesPerValue: RequestLimits.bytesPerString,
            values: RequestLimits.values, bytes: RequestLimits.textBytes)
    }

    /// Refuses a list of `count` `what` when it is longer than `limit`.
    static func check(_ count: Int, _ what: String, limit: Int) throws(PortalRefusal) {
        guard count <= limit else {
            throw PortalRefusal(.limitsExceeded, "at most \(limit) \(what) are taken, this request has \(count)")
        }
    }
}

/// Why the service refuses a request before any dialog, and the D-Bus error it answers with (the
/// application sees response 2; the frontend logs the error's text).
struct PortalRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of refusal, by D-Bus error.
    enum Kind: String, Sendable, Equatable {
        /// An option the backend interface does not allow (a file name that is none).
        case invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"
        /// More than `PortalLimits` allows.
        case limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
    }

    /// The kind, and so the D-Bus error's name.
    var kind: Kind
    /// The reason, in a phrase.
    var reason: String

    /// A refusal of `kind` for `reason`.
    init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The reason.
    var description: String { reason }
}
