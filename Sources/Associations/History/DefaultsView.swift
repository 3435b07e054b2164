/// One of the answers the history follows for each type: a resolution, for the current desktop
/// or for another desktop whose lists give a different answer.
public struct DefaultsView: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The rules followed.
    public var resolution: ResolutionMode
    /// The desktop (as `XDG_CURRENT_DESKTOP` names it) for a desktop-specific answer; nil for the
    /// session's own desktop.
    public var desktop: String?

    /// The view of `resolution` for `desktop`.
    public init(_ resolution: ResolutionMode, desktop: String? = nil) {
        self.resolution = resolution
        self.desktop = desktop
    }

    /// The three views of the session's desktop, assoc's own first.
    public static let session: [DefaultsView] = ResolutionMode.allCases.map { DefaultsView($0) }

    /// The key in the journal and the snapshot: `spec`, `gio`, `xdg-open`, or `gio@kde`.
    public var key: String { resolution.rawValue + (desktop.map { "@" + $0 } ?? "") }

    /// The view a key names; nil for a key assoc does not write.
    public init?(key: String) {
        let parts = key.split(separator: "@", maxSplits: 1).map(String.init)
        guard let resolution = parts.first.flatMap(ResolutionMode.init(rawValue:)) else { return nil }
        self.init(resolution, desktop: parts.count > 1 ? parts[1] : nil)
    }

    /// Words for a person: `assoc`, `GIO`, `xdg-open`, `GIO on KDE`.
    public var description: String {
        let name =
            switch resolution {
            case .spec: "assoc"
            case .gio: "GIO"
            case .xdgOpen: "xdg-open"
            }
        return name + (desktop.map { " on " + $0 } ?? "")
    }

    /// Session views first, in resolution order, then desktops by name.
    public static func < (lhs: DefaultsView, rhs: DefaultsView) -> Bool {
        let order = ResolutionMode.allCases
        let left = (lhs.desktop ?? "", order.firstIndex(of: lhs.resolution) ?? 0)
        let right = (rhs.desktop ?? "", order.firstIndex(of: rhs.resolution) ?? 0)
        return left < right
    }
}
