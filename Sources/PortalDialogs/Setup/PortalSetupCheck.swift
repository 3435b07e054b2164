import XDGSupport

/// Whether xdg-desktop-portal will pick assoc for the file and application dialogs, and if not,
/// what is wrong and what to run: what `assoc portal --check` reports.
public struct PortalSetupCheck: Sendable, Equatable {
    /// One thing in the way, with its fix.
    public struct Problem: Sendable, Equatable {
        /// What is wrong, naming the file or setting.
        public var what: String
        /// What to do.
        public var fix: String

        /// A problem.
        public init(_ what: String, fix: String) {
            self.what = what
            self.fix = fix
        }
    }

    /// The interfaces assoc implements.
    public static let interfaces = ["org.freedesktop.impl.portal.FileChooser", "org.freedesktop.impl.portal.AppChooser"]
    /// assoc's backend name: its `.portal` file is `assoc.portal`.
    public static let backendName = "assoc"
    /// The D-Bus activation file of assoc's backend.
    public static let serviceFile = "org.freedesktop.impl.portal.desktop.assoc.service"

    /// The frontend found, if any.
    public var frontend: PortalFrontend?
    /// The `portals.conf` in force, if any.
    public var configuration: PortalsConfiguration?
    /// Which backend serves each interface.
    public var selections: [PortalSelection] = []
    /// What is in the way.
    public var problems: [Problem] = []

    /// Checks the set-up of `environment` with `frontend`; `installedDeclaration` is the
    /// `assoc.portal` that `make install` wrote (nil when it cannot be found).
    public init(environment: XDGEnvironment, frontend: PortalFrontend?, installedDeclaration: String?) {
        self.frontend = frontend
        guard let frontend else {
            problems.append(
                Problem(
                    "xdg-desktop-portal is not installed (none of \(PortalFrontend.knownExecutables.joined(separator: ", ")))",
                    fix: "install it: apt install xdg-desktop-portal"))
            return
        }
        let declarations = PortalDeclaration.all(in: frontend.portalsDirectory)
        let declared = declarations.contains(where: { $0.name == Self.backendName })
        if !declared {
            let fix =
                installedDeclaration.map {
                    "run 'assoc portal --register' as root: it links \(frontend.portalsDirectory)/assoc.portal to \($0) "
                        + "('assoc portal --unregister' takes it away); then restart the frontend"
                } ?? "install assoc first (make install), then run 'assoc portal --register' as root"
            problems.append(
                Problem(
                    "\(frontend.portalsDirectory)/assoc.portal is missing: xdg-desktop-portal \(frontend.versionText) "
                        + "reads backends from that directory only, so it does not know assoc", fix: fix))
        }
        configuration =
            frontend.readsPortalsConf ? PortalsConfiguration.inForce(environment, frontendData: frontend.dataDirectory) : nil
        for interface in Self.interfaces {
            let selection = PortalSelection.select(
                interface, declarations: declarations, frontend: frontend, configuration: configuration,
                desktops: environment.currentDesktops)
            selections.append(selection)
            guard selection.chosen?.name != Self.backendName else { continue }
            let short = interface.split(separator: ".").last.map(String.init) ?? interface
            let what =
                "\(short) is served by \(selection.chosen.map { $0.name + ".portal" } ?? "no backend"): \(selection.reason)"
            if frontend.readsPortalsConf {
                let file = configuration?.path ?? environment.configHome + "/xdg-desktop-portal/portals.conf"
                problems.append(
                    Problem(what, fix: "add '\(interface)=assoc' under [preferred] in \(file), then restart the frontend"))
            } else if !declared && environment.currentDesktops.first?.lowercased() == Self.backendName {
                // assoc is first already: the missing assoc.portal, said above, is the whole problem.
                continue
            } else {
                problems.append(
                    Problem(
                        what,
                        fix: "start the session with assoc first in XDG_CURRENT_DESKTOP (such as assoc:"
                            + (environment.variables["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : $0 } ?? "GNOME")
                            + "), set where the session's environment is made (before the frontend starts); note that "
                            + "other programs read XDG_CURRENT_DESKTOP too, or remove the backend that comes first"))
            }
        }
        let services = (environment.dataSearchPath + ["/usr/local/share", "/usr/share"]).map {
            $0 + "/dbus-1/services/" + Self.serviceFile
        }
        if !services.contains(where: FileBytes.exists) {
            problems.append(
                Problem(
                    "no \(Self.serviceFile) in any dbus-1/services directory of the XDG data directories: the session "
                        + "bus cannot start assoc when a dialog is asked for",
                    fix: "make install puts it in PREFIX/share/dbus-1/services; that share directory must be in "
                        + "XDG_DATA_DIRS, or run 'assoc portal' in the session yourself"))
        }
    }

    /// Whether nothing is in the way.
    public var isReady: Bool { problems.isEmpty }
}
