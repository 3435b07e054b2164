import XDGSupport

/// Writes the user's current choices as a profile (`assoc profile export`): the user's explicit
/// `[Default Applications]` lines, with the types a remembered wildcard or extension rule made
/// folded back into that rule, or with `effective` every effective default; and the edit and
/// markup defaults of the user's `assoc/roles.list` (with `effective`, of every role list, the
/// line that counts for each key), as `[Edit]` and `[Markup]`.
public struct ProfileExporter: Sendable {
    /// The resolver whose lists and applications are exported.
    public let resolver: AssociationResolver

    /// An exporter over `resolver`.
    public init(resolver: AssociationResolver) {
        self.resolver = resolver
    }

    /// One key of the exported profile.
    public struct Line: Sendable, Equatable {
        /// The target: a type or a rule.
        public var target: String
        /// The desktop file IDs, in preference order.
        public var ids: [String]
        /// Which default: `view` goes to `[Enforce]`, the others to their group.
        public var role: Role = .view
    }

    /// The entries to export: with `effective` (each type's effective default), those; otherwise
    /// the user's explicit choices. Only targets in `only` when it is not empty (a role name stands
    /// for its types).
    public func lines(effective: [(type: String, id: String)]? = nil, only: [String] = []) -> [Line] {
        let database = resolver.database
        var wanted = Set<String>()
        for target in only {
            if let role = ProfileRole(rawValue: target) {
                wanted.formUnion(role.types)
            } else {
                wanted.insert(AssociationTarget.isRule(target) ? target : database.canonicalName(target))
            }
        }
        let selected = { (target: String) in wanted.isEmpty || wanted.contains(target) }
        let roleLines = roleLines(everyList: effective != nil).filter { selected($0.target) }
        if let effective {
            return effective.filter { selected($0.type) }.map { Line(target: $0.type, ids: [$0.id]) } + roleLines
        }
        let user = resolver.lists.first {
            $0.location.scope == .userConfig && $0.location.desktop == nil && $0.location.kind == .mimeapps
        }
        var explicit: [(type: String, value: ListValue)] = (user?.groups[.defaultApplications] ?? [:]).map { ($0.key, $0.value) }
        explicit.sort { $0.value.line < $1.value.line }
        var lines: [Line] = []
        var folded = Set<String>()
        for compiled in RulesList(environment: resolver.environment).compile(
            database: database, applications: resolver.applications
        ).applied where selected(compiled.rule.target) {
            let chosen = compiled.types.filter { type in explicit.first { $0.type == type }?.value.ids.first == compiled.rule.app
            }
            guard !chosen.isEmpty else { continue }
            folded.formUnion(chosen)
            lines.append(Line(target: compiled.rule.target, ids: [compiled.rule.app]))
        }
        for (type, value) in explicit where !folded.contains(type) && selected(type) && !value.ids.isEmpty {
            lines.append(Line(target: type, ids: value.ids))
        }
        return lines + roleLines
    }

    /// The edit and markup lines of the user's `roles.list`, in the file's order; with
    /// `everyList`, of every role list, most important first, each key once.
    private func roleLines(everyList: Bool) -> [Line] {
        let lists = RolesList.all(for: resolver.environment, database: resolver.database).filter {
            everyList || ($0.scope == .userConfig && $0.desktop == nil)
        }
        var lines: [Line] = []
        for role in Role.allCases {
            guard let group = role.group else { continue }
            var seen = Set<String>()
            for list in lists {
                for (key, value) in list.entries(group) where !value.ids.isEmpty && seen.insert(key).inserted {
                    lines.append(Line(target: key, ids: list.value(group, for: key)?.ids ?? value.ids, role: role))
                }
            }
        }
        return lines
    }

    /// The profile's text: `[Profile]` with `name` and version 1, then `[Enforce]` with the view
    /// `lines`, then `[Edit]` and `[Markup]` with the others when there are any.
    public static func text(_ lines: [Line], name: String) -> String {
        var text = "# Written by 'assoc profile export'; apply it with 'assoc profile apply FILE'.\n"
        text += "[\(ProfileGroup.headerName)]\nName=\(name)\nVersion=1\n"
        for role in Role.allCases {
            let group = lines.filter { $0.role == role }
            guard role == .view || !group.isEmpty else { continue }
            text += "\n[\(ProfileGroup.enforcing(role).name)]\n"
            for line in group { text += line.target + "=" + KeyFileValue.listValue(line.ids) + "\n" }
        }
        return text
    }
}
