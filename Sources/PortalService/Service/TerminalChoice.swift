import Launching
import PortalDialogs

/// The terminal a dialog runs in: `Terminal=` of portal.conf, else the terminal `assoc open`
/// would choose (`Launcher.terminalPrefix`).
enum TerminalChoice {
    /// The command to start `dialog` with, or nil when no terminal is installed.
    static func argv(for dialog: [String], settings: PortalSettings, launcher: Launcher) -> [String]? {
        launcher.terminalPrefix(configured: settings.terminal).map { $0 + dialog }
    }
}
