import XDGSupport

/// Which backend the frontend picks for one interface, and why, by the frontend's own rules:
/// 1.17 and later obey `portals.conf` and fall back to `UseIn=`; 1.16 knows only `UseIn=` and,
/// with no match, takes any backend that implements the interface, in file-name order.
public struct PortalSelection: Sendable, Equatable {
    /// The interface, such as `org.freedesktop.impl.portal.FileChooser`.
    public var interface: String
    /// The backend chosen, or nil when none serves the interface.
    public var chosen: PortalDeclaration?
    /// Why, in words.
    public var reason: String

    /// The selection for `interface` among `declarations` (sorted by file name).
    public static func select(
        _ interface: String, declarations: [PortalDeclaration], frontend: PortalFrontend,
        configuration: PortalsConfiguration?, desktops: [String]
    ) -> PortalSelection {
        let implementing = declarations.filter { $0.interfaces.contains(interface) }
        if frontend.readsPortalsConf, let configuration, let preference = configuration.backends(for: interface) {
            let place = "\(configuration.path):\(preference.line)"
            for name in preference.names {
                if name == "none" {
                    return PortalSelection(interface: interface, chosen: nil, reason: "\(place) says none")
                }
                if name == "*", let first = implementing.first {
                    return PortalSelection(
                        interface: interface, chosen: first, reason: "\(place) allows any, and \(first.name) comes first")
                }
                if let match = implementing.first(where: { $0.name == name }) {
                    return PortalSelection(interface: interface, chosen: match, reason: "\(place) names \(name)")
                }
            }
            return PortalSelection(
                interface: interface, chosen: nil,
                reason: "\(place) names \(preference.names.joined(separator: ", ")), and none of them is installed for it")
        }
        for desktop in desktops {
            if let match = implementing.first(where: { $0.useIn.contains(desktop) }) {
                return PortalSelection(
                    interface: interface, chosen: match,
                    reason: "\(match.name).portal has UseIn=\(desktop), which XDG_CURRENT_DESKTOP names")
            }
        }
        let noDesktop = desktops.isEmpty ? "XDG_CURRENT_DESKTOP is empty" : "no UseIn= names \(desktops.joined(separator: ":"))"
        if !frontend.readsPortalsConf, let first = implementing.first {
            return PortalSelection(
                interface: interface, chosen: first,
                reason:
                    "\(noDesktop), so xdg-desktop-portal \(frontend.versionText) takes any backend: \(first.name) comes first by name"
            )
        }
        return PortalSelection(interface: interface, chosen: nil, reason: "\(noDesktop) and no portals.conf names a backend")
    }
}
