import DesktopEntry
import XDGSupport

/// What is wrong with the terminal the portal's dialogs start in: a settings file that cannot be
/// read, a program not on `PATH`, a bare name of an unknown terminal that may not run a command,
/// or no terminal at all. `assoc portal --check` lists these, and the service logs them when it
/// starts, before any dialog fails on them.
public enum TerminalSettingCheck {
    /// The problems of the terminal setting of `environment`. `isKnownTerminal` says whether a
    /// bare program name gets its run-a-command flag from assoc's list; `defaultTerminal` is the
    /// terminal chosen when none is configured (nil when none is installed).
    public static func problems(
        _ environment: XDGEnvironment, applications: ApplicationIndex, isKnownTerminal: (String) -> Bool,
        defaultTerminal: () -> [String]?
    ) -> [PortalSetupCheck.Problem] {
        let file = PortalSettings.path(in: environment)
        let settings: PortalSettings
        do { settings = try PortalSettings.load(from: environment) } catch {
            return [PortalSetupCheck.Problem("\(error)", fix: "correct that line of \(file)")]
        }
        guard let configured = settings.terminal, let program = configured.first else {
            guard defaultTerminal() == nil else { return [] }
            return [
                PortalSetupCheck.Problem(
                    "no terminal is installed to show the dialogs in ($TERMINAL, xdg-terminal-exec and the known terminals are missing)",
                    fix: "install one (apt install xterm), or set Terminal= in [Portal] of \(file)")
            ]
        }
        var problems: [PortalSetupCheck.Problem] = []
        if applications.findProgram(program) == nil {
            problems.append(
                PortalSetupCheck.Problem(
                    "Terminal= of \(file) names '\(program)', which is not on PATH",
                    fix: "install it, or name a terminal that is (the bus starts the service with its own PATH)"))
        }
        if configured.count == 1 && !isKnownTerminal(program) {
            problems.append(
                PortalSetupCheck.Problem(
                    "Terminal=\(program) in \(file) has no argument: '\(program)' is not a terminal assoc knows, and most "
                        + "terminals need a flag to run a command, so the dialog may never start",
                    fix: "write the flag it takes, such as Terminal=\(program) -e"))
        }
        return problems
    }
}
