import Launching
import PortalDialogs
import XDGSupport

/// The portal part of `assoc explain`: what xdg-desktop-portal remembers of "Open with" choices
/// for a type (its permission store's `desktop-used-apps` entry), read-only, through `gdbus`.
///
/// Said only when there is a session bus, `gdbus` is installed and the entry exists; the question
/// gets two seconds in all, so an absent or stuck store never holds explain up.
enum PortalChoiceExplainer {
    static let timeout: Int32 = 2000

    static func lines(for type: String, context: CommandContext) -> [String] {
        guard hasSessionBus(context.environment) else { return [] }
        let launcher = Launcher(environment: context.environment, applications: context.resolver.applications)
        let argv = [
            "gdbus", "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.impl.portal.PermissionStore",
            "--object-path", "/org/freedesktop/impl/portal/PermissionStore",
            "--method", "org.freedesktop.impl.portal.PermissionStore.Lookup", "desktop-used-apps", type,
        ]
        // No entry (NotFound), no store, no answer in time: nothing to say.
        guard let result = launcher.capture(argv, timeout: timeout), result.status == 0,
            let entry = UsedApplications(lookupOutput: result.output), !entry.choices.isEmpty
        else { return [] }
        var lines = ["portal: xdg-desktop-portal's permission store remembers choices for \(type) (table desktop-used-apps):"]
        for choice in entry.choices {
            let who = choice.requester.isEmpty ? "applications outside a sandbox" : choice.requester
            let times = choice.count == 1 ? "once" : "\(choice.count) times in a row"
            let effect =
                entry.alwaysAsk
                ? "the entry asks every time"
                : choice.count >= choice.threshold
                    ? "at \(choice.threshold) or more OpenURI opens it without asking"
                    : "OpenURI asks until it is chosen \(choice.threshold) times in a row"
            lines.append("  for \(who): \(choice.application).desktop, chosen \(times); \(effect)")
        }
        return lines
    }

    /// Whether a session bus is there to ask: `DBUS_SESSION_BUS_ADDRESS`, or the `bus` socket in `XDG_RUNTIME_DIR`.
    private static func hasSessionBus(_ environment: XDGEnvironment) -> Bool {
        if let address = environment.variables["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment.variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        return FileBytes.exists(runtime + "/bus")
    }
}
