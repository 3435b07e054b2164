import Associations
import XDGSupport

/// The applications the chooser offers for a type, from the resolver: the default, the
/// recommended ones, those of a supertype, and every installed application.
public enum ChooserOffer {
    /// The rows offered first, then every usable installed application by name.
    public static func applications(for type: String, resolver: AssociationResolver, locale: LocalePreferences) -> (
        offered: [ChooserApplication], everything: [ChooserApplication]
    ) {
        let resolution = resolver.resolve(type)
        var through: [String: String] = [:]
        for case .associated(let id, let associatedType, _) in resolution.steps where through[id] == nil {
            through[id] = associatedType
        }
        func name(_ id: String) -> String { Self.name(id, resolver: resolver, locale: locale) }
        var offered: [ChooserApplication] = []
        func offer(_ id: String, _ source: String) {
            guard !offered.contains(where: { $0.id == id }) else { return }
            offered.append(ChooserApplication(id: id, name: name(id), source: source))
        }
        if let id = resolution.defaultApplication { offer(id, "default") }
        for id in resolution.recommended { offer(id, "recommended for \(resolution.type)") }
        for id in resolution.fallback { offer(id, "through \(through[id] ?? "a parent type")") }
        let everything = resolver.applications.applicationEntries()
            .filter { $0.status.isUsable && $0.entry?.noDisplay != true }
            .map { ChooserApplication(id: $0.id, name: name($0.id), source: "installed") }
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        return (offered, everything)
    }

    /// The rows offered first for `role`: for view, those of `applications(for:resolver:locale:)`;
    /// for edit and markup, the role's candidates in order (`RoleResolver`), then the other
    /// applications that handle the type.
    public static func applications(
        for type: String, role: Role, path: String? = nil, resolver: AssociationResolver, locale: LocalePreferences
    ) -> [ChooserApplication] {
        let view = applications(for: type, resolver: resolver, locale: locale).offered
        guard role != .view else { return view }
        let resolution = RoleResolver(resolver: resolver).resolve(type, role: role, path: path)
        var offered = resolution.candidates.map { candidate in
            ChooserApplication(
                id: candidate.id, name: name(candidate.id, resolver: resolver, locale: locale),
                source: candidate.source == .inference ? candidate.reason : candidate.source.rawValue)
        }
        for row in view where !offered.contains(where: { $0.id == row.id }) {
            offered.append(ChooserApplication(id: row.id, name: row.name, source: "handles \(resolution.type)"))
        }
        return offered
    }

    /// An application's localised name, or its ID.
    public static func name(_ id: String, resolver: AssociationResolver, locale: LocalePreferences) -> String {
        resolver.applications.localizedName(of: id, locale: locale) ?? id
    }
}
