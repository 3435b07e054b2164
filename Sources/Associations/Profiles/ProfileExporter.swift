import XDGSupport

/// Writes the user's current choices as a profile (`assoc profile export`): the user's explicit
/// `[Default Applications]` lines, with the types a remembered wildcard or extension rule made
/// folded back into that rule, or with `effective` every effective default.
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
        if let effective {
            return effective.filter { selected($0.type) }.map { Line(target: $0.type, ids: [$0.id]) }
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
        return lines
    }

    /// The profile's text: `[Profile]` with `name` and version 1, then `[Enforce]` with `lines`.
    public static func text(_ lines: [Line], name: String) -> String {
        var text = "# Written by 'assoc profile export'; apply it with 'assoc profile apply FILE'.\n"
        text += "[\(ProfileGroup.headerName)]\nName=\(name)\nVersion=1\n\n[\(ProfileGroup.enforce.name)]\n"
        for line in lines { text += line.target + "=" + KeyFileValue.listValue(line.ids) + "\n" }
        return text
    }
}
