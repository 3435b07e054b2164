/// One message for the desktop's notification service: the arguments of `Notify` in the Desktop
/// Notifications Specification ("org.freedesktop.Notifications.Notify"), less the ID it replaces.
struct DesktopNotification {
    /// The program that sends it (`app_name`).
    var application: String
    /// An icon name of the Icon Naming Specification, or empty.
    var icon: String
    /// One line: what happened.
    var summary: String
    /// What it means and what to do (plain text).
    var body: String
    /// The actions offered, as (key, label) pairs; the server reports the key chosen.
    var actions: [(key: String, label: String)] = []
    /// Hints such as `urgency` (a byte: 0 low, 1 normal, 2 critical) and `desktop-entry`.
    var hints: [(String, BusValue)] = []
    /// Milliseconds before it expires; -1 lets the server decide, 0 never.
    var expireTimeout: Int32 = -1

    /// The body of the `Notify` call (`susssasa{sv}i`), replacing no earlier notification.
    var notifyArguments: [BusValue] {
        [
            .string(application), .uint32(0), .string(icon), .string(summary), .string(body),
            .strings(actions.flatMap { [$0.key, $0.label] }), .vardict(hints), .int32(expireTimeout),
        ]
    }
}
