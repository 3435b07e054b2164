import PortalDialogs

/// Why a request's dialog could not be shown, told to the user twice: on the service's standard
/// error (its log: the journal, or the bus's log) and as a desktop notification, so that a
/// terminal that cannot start is never mistaken for a cancel. The application gets response 2
/// ("ended another way"), not 1 ("cancelled by the user").
struct DialogFailure {
    /// What was asked for.
    var kind: DialogRequest.Kind
    /// What went wrong, as one sentence without a final stop.
    var reason: String
    /// What to do about it, when the user can do something.
    var fix: String?

    /// The failure of a request whose terminal could not run the dialog: the fix names the
    /// settings file and `assoc portal --check`.
    static func terminal(_ kind: DialogRequest.Kind, _ reason: String, settingsFile: String) -> DialogFailure {
        DialogFailure(
            kind: kind, reason: reason,
            fix: "Set the terminal with Terminal= in [Portal] of \(settingsFile); 'assoc portal --check' says what is wrong")
    }

    /// The notification's title: which dialog could not open.
    var summary: String {
        switch kind {
        case .openFile: return "The file dialog could not open"
        case .saveFile, .saveFiles: return "The save dialog could not open"
        case .chooseApplication: return "The application chooser could not open"
        }
    }

    /// The reason, the fix, and what the application was told.
    var body: String {
        reason.prefix(1).uppercased() + reason.dropFirst() + ". " + (fix.map { $0 + ". " } ?? "")
            + "The application was told the dialog failed."
    }

    /// The notification shown to the user.
    var notification: DesktopNotification {
        DesktopNotification(
            application: "assoc portal", icon: "dialog-error", summary: summary, body: body,
            hints: [("urgency", .byte(2)), ("category", .string("x-assoc.dialog-failed"))])
    }
}
