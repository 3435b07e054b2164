/// A name that stands for the types of one of the usual roles (`web-browser`, `mail`,
/// `file-manager`, `terminal`), usable as a key of a profile where a type would be.
public enum ProfileRole: String, Sendable, CaseIterable {
    /// The web browser: the types `xdg-settings set default-web-browser` writes.
    case webBrowser = "web-browser"
    /// The mail client: GIO's and xdg-email's handler of `mailto:` URLs.
    case mail
    /// The file manager: the handler of directories (`inode/directory`), which GIO and
    /// `xdg-open DIR` ask for.
    case fileManager = "file-manager"
    /// The terminal emulator: no MIME type names it (see `terminal`'s types).
    case terminal

    /// The types the role stands for, each written as `[Default Applications] TYPE=APP;`.
    ///
    /// The terminal has none: neither the mime-apps specification nor GIO nor xdg-utils ask
    /// `mimeapps.list` for a terminal (GIO tries a fixed list of programs; assoc `$TERMINAL`, then
    /// `xdg-terminal-exec`, then that list). Its choice is written to `xdg-terminals.list`, the
    /// preference list `xdg-terminal-exec` reads (the Default Terminal Execution proposal), which
    /// is how assoc's own launching reaches it.
    public var types: [String] {
        switch self {
        case .webBrowser: return WebBrowserSettings.browserTypes
        case .mail: return ["x-scheme-handler/mailto"]
        case .fileManager: return ["inode/directory"]
        case .terminal: return []
        }
    }

    /// Whether the role is stored in `xdg-terminals.list` rather than in `mimeapps.list`.
    public var usesTerminalList: Bool { self == .terminal }

    /// What the role stands for, in one line, for the documentation.
    public var summary: String {
        switch self {
        case .terminal:
            return "no MIME type; written as the first line of xdg-terminals.list (read by xdg-terminal-exec, "
                + "which assoc and desktops use to start a terminal)"
        default: return types.joined(separator: ", ")
        }
    }
}
