/// The dialogs of `assoc portal`: what the service asks a dialog and what the dialog answers.
///
/// `assoc portal` serves xdg-desktop-portal's backend interfaces `org.freedesktop.impl.portal.FileChooser`
/// and `org.freedesktop.impl.portal.AppChooser`. For each request it makes a private directory
/// (`$XDG_RUNTIME_DIR/assoc/portal/<n>/`, mode 0700), writes `request.json` there (a `DialogRequest`,
/// mode 0600), listens on the Unix stream socket `answer.sock` beside it (mode 0600), and starts a
/// terminal running `assoc pick --portal-request DIR/request.json` (file chooser) or
/// `assoc choose --portal-request DIR/request.json` (application chooser), as separate arguments.
///
/// The dialog connects to `answerSocket` (`DialogChannel`) before it draws anything and keeps the
/// connection open. When done it writes exactly one line, a `DialogAnswer`'s JSON and `\n`, and
/// closes; a cancel writes `{"response":1}`. The service may write `ServiceMessage` lines on the same
/// connection: `{"update_choices":[…]}` (the chooser replaces its list in place) and
/// `{"close":true}` (the dialog exits at once without answering). An end of the connection without
/// an answer line is a dialog that died (response 2 to the portal).
///
/// The JSON forms (snake_case keys named after the portal's options where there is one):
/// - request: `kind` (`open-file`, `save-file`, `save-files`, `choose-application`), `title`,
///   `accept_label`, `modal`, `multiple`, `directory`, `filters` (`[{"name":…,"patterns":[{"kind":0|1,
///   "pattern":…}]}]`), `current_filter` (an index into `filters`), `choices` (`[{"id":…,"label":…,
///   "options":[{"id":…,"label":…}],"initial":…}]`, no options for a check box), `current_folder`,
///   `current_name`, `current_file`, `files`, `applications` (desktop IDs without `.desktop`),
///   `last_choice`, `content_type`, `uri`, `filename`, `app_id`, `answer_socket`;
/// - answer: `response` (0, 1, 2) and, for 0 only, `uris`, `choices` (`[{"id":…,"value":…}]`),
///   `current_filter` (when a filter was in use), `writable`, `choice` (when there is one).
/// In Swift a combo's option is a `DialogChoice.Option` and an answered value a
/// `DialogAnswer.ChoiceValue` (the contract's `(id, label)` and `(id, value)` pairs, as structs).
///
/// Paths are strings in `PathCoding`'s form; in JSON a path `NAME` that is not its own UTF-8 is
/// followed by `NAME_bytes` with its exact bytes in base64 (`JSONValue.path`), and a list of paths
/// by a list of base64 texts (`JSONValue.paths`).
///
/// Every directory from `$XDG_RUNTIME_DIR` down to the request's (`assoc`, `portal`, `<n>`) must be
/// the user's own, mode 0700, and not a symbolic link (`PrivateDirectory`), and `request.json` the
/// user's regular file: the service refuses to make a request in, and the dialog to read one from,
/// a directory another user could rename things in, since then another user could swap the request
/// (its title, its answer socket) under the dialog. The runtime directory is the user's own by the
/// XDG Base Directory Specification; a shared one (`/tmp`) is refused, naming the directory and why.
public enum PortalDialogs {
    /// The largest request or answer line either side reads: 1 MiB.
    public static let maximumMessageSize = 1 << 20

    /// The directories between `$XDG_RUNTIME_DIR` and a request's own directory: `assoc/portal`.
    public static let requestDirectoryParents = ["assoc", "portal"]
}
