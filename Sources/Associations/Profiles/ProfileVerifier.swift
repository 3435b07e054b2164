import XDGSupport

/// Asks every resolution what each entry's types open with now: the specification's, GIO's and
/// xdg-open's (the resolution calls `assoc default --as` uses), on each desktop named in
/// `XDG_CURRENT_DESKTOP` or by `--desktop`; for an `[Edit]` or `[Markup]` entry assoc's role
/// resolution (`assoc default --role`), the only one that knows roles; and for the terminal the
/// list `xdg-terminal-exec` reads.
struct ProfileVerifier {
    /// The resolvers over the lists as they are now, one per desktop verified.
    private let resolvers: [(desktop: String?, resolver: AssociationResolver)]
    /// The role resolvers over the same lists and the role lists, one per desktop.
    private let roleResolvers: [RoleResolver]
    /// The terminal lists, one per desktop.
    private let terminals: [(desktop: String?, list: TerminalPreferenceList)]

    /// A verifier over `editor`'s environment; `desktop` replaces the session's desktops.
    init(editor: DefaultsEditor, desktop: String?) {
        let environment = editor.environment
        let named =
            desktop.map { [$0] } ?? (environment.variables["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init)
        let desktops: [String?] = named.isEmpty ? [nil] : named
        var resolvers: [(String?, AssociationResolver)] = []
        var terminals: [(String?, TerminalPreferenceList)] = []
        for desktop in desktops {
            let scoped = environment.withDesktop(desktop ?? "")
            resolvers.append(
                (
                    desktop,
                    AssociationResolver(
                        environment: scoped, database: editor.database, applications: editor.resolver.applications)
                ))
            terminals.append((desktop, TerminalPreferenceList(environment: scoped)))
        }
        self.resolvers = resolvers
        roleResolvers = resolvers.map { RoleResolver(resolver: $0.1) }
        self.terminals = terminals
    }

    /// Fills in the entry's `verification` and `after`.
    func verify(_ outcome: inout ProfileEntryOutcome) {
        guard let chosen = outcome.chosen else { return }
        if outcome.entry.role?.usesTerminalList == true {
            for (desktop, list) in terminals {
                let preferred = list.preferred(desktops: desktop.map { [$0] } ?? [])
                outcome.verification.append(
                    ResolutionCheck(
                        type: "terminal", desktop: desktop, resolution: "xdg-terminal-exec", answer: preferred?.id,
                        origin: preferred.map { DefaultOrigin(path: $0.path, line: $0.line) }, matches: preferred?.id == chosen))
            }
            return
        }
        let role = outcome.entry.group.role
        guard role == .view else {
            for type in outcome.types {
                for (index, (desktop, roles)) in zip(resolvers.map(\.desktop), roleResolvers).enumerated() {
                    let candidate = roles.resolve(type, role: role).candidates.first
                    if index == 0, let id = candidate?.id { outcome.after[type] = id }
                    outcome.verification.append(
                        ResolutionCheck(
                            type: type, desktop: desktop, resolution: role.rawValue, answer: candidate?.id,
                            origin: candidate?.origin, matches: candidate?.id == chosen))
                }
            }
            return
        }
        for type in outcome.types {
            for (index, (desktop, resolver)) in resolvers.enumerated() {
                for mode in ResolutionMode.allCases {
                    let resolution = resolver.resolve(type, mode: mode)
                    if index == 0, mode == .spec, let id = resolution.defaultApplication { outcome.after[type] = id }
                    outcome.verification.append(
                        ResolutionCheck(
                            type: type, desktop: desktop, resolution: mode.rawValue, answer: resolution.defaultApplication,
                            origin: Self.origin(of: resolution, resolver: resolver),
                            matches: resolution.defaultApplication == chosen))
                }
            }
        }
    }

    /// The list line that names the answer: the one the resolution read, else the first
    /// `[Default Applications]` line in precedence order that names it for the type (GIO's
    /// resolution does not say which line it took), else where the answer comes from otherwise.
    static func origin(of resolution: Resolution, resolver: AssociationResolver) -> DefaultOrigin? {
        guard let answer = resolution.defaultApplication else { return nil }
        var source: DefaultOrigin?
        for step in resolution.steps {
            switch step {
            case .defaultEntry(_, let ids, let path, let line) where ids.contains(answer):
                return DefaultOrigin(path: path, line: line)
            case .xdgMimeSource(_, let path):
                source = DefaultOrigin(path: path, line: nil)
            default:
                continue
            }
        }
        for list in resolver.lists where list.location.kind != .mimeInfoCache {
            if let value = list.value(.defaultApplications, for: resolution.type), value.ids.contains(answer),
                source == nil || source?.path == list.location.path
            {
                return DefaultOrigin(path: list.location.path, line: value.line)
            }
        }
        return source ?? resolution.defaultOrigin
    }
}
