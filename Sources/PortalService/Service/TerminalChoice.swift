import Launching

/// The terminal a dialog runs in: `Terminal=` of portal.conf, else `xdg-terminal-exec`, else
/// `$TERMINAL -e`, else the first installed of the terminals `assoc open` knows.
enum TerminalChoice {
    /// The command prefix to start `dialog` with, or nil when no terminal is installed.
    static func argv(for dialog: [String], settings: PortalSettings, launcher: Launcher) -> [String]? {
        if let configured = settings.terminal, !configured.isEmpty { return configured + dialog }
        var candidates: [[String]] = [["xdg-terminal-exec"]]
        if let terminal = launcher.environment.variables["TERMINAL"], !terminal.isEmpty { candidates.append([terminal, "-e"]) }
        return launcher.firstInstalledTerminal(candidates + Launcher.knownTerminals).map { $0 + dialog }
    }
}
