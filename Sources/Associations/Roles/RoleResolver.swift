import MIMEDatabase
import XDGSupport

/// Resolves the `edit` and `markup` roles (DESIGN.md decision 19, `docs/roles.md`): the role's
/// default for the type, then for each supertype as the view resolution tries them, then their
/// media wildcards (`image/*`); for markup, the same search in the edit defaults; then the
/// inference from the entries that handle the type; last the view default of `mimeapps.list`.
/// The view role is the view resolution itself.
public struct RoleResolver: Sendable {
    /// The view resolution, its applications and its environment.
    public let resolver: AssociationResolver
    /// Every role list, most important first.
    public let lists: [RolesList]

    /// A resolver over the role lists of `resolver`'s environment.
    public init(resolver: AssociationResolver) {
        self.resolver = resolver
        lists = RolesList.all(for: resolver.environment, database: resolver.database)
    }

    /// Problems found in the role lists.
    public var diagnostics: [Diagnostic] { lists.flatMap(\.diagnostics) }

    /// The keys searched for `type`, in order: the type and its supertypes, then the media
    /// wildcard of each (`image/*`), without repeats.
    public func keys(for type: String) -> [String] {
        let chain = resolver.specChain(resolver.database.canonicalName(type))
        var keys = chain
        for candidate in chain {
            let media = MIMETypeName.media(of: candidate)
            guard !media.isEmpty else { continue }
            let wildcard = String(media) + "/*"
            if !keys.contains(wildcard) { keys.append(wildcard) }
        }
        return keys
    }

    /// Resolves `role` for `type`; for a file, its per-file choice of the role comes first (when
    /// `path` is given and the choice may be used).
    public func resolve(_ type: String, role: Role, path: String? = nil, strict: Bool = false) -> RoleResolution {
        let view = resolver.resolve(type)
        var candidates: [RoleCandidate] = []
        var steps: [String] = []
        func propose(_ id: String, _ source: RoleCandidate.Source, _ reason: String, _ origin: DefaultOrigin? = nil) {
            guard !candidates.contains(where: { $0.id == id }) else { return }
            candidates.append(RoleCandidate(id: id, source: source, reason: reason, origin: origin))
        }
        if let path {
            switch resolver.perFileChoice(for: path, type: view.type, strict: strict, role: role) {
            case .honoured(let found)?:
                steps.append("per-file choice: \(found.app) (from \(found.source)); it comes before any default")
                propose(found.app, .perFile, "the per-file choice, from \(found.source)")
            case .ignored(let found, let refusal)?:
                steps.append("per-file choice '\(found.app)' (from \(found.source)) is ignored: \(refusal)")
            case nil: break
            }
        }
        guard let group = role.group else {
            steps += view.steps.map(\.text)
            if let id = view.defaultApplication { propose(id, .viewDefault, "the default of mimeapps.list") }
            for id in view.recommended { propose(id, .associated, "associated with \(view.type)") }
            for id in view.fallback { propose(id, .associated, "associated with a supertype of \(view.type)") }
            return RoleResolution(role: role, type: view.type, candidates: candidates, steps: steps)
        }
        let keys = keys(for: view.type)
        steps.append("keys tried, most specific first: \(keys.joined(separator: ", "))")
        for list in lists {
            steps.append("read \(list.path) (\(list.label))" + (list.exists ? "" : ": missing, treated as empty"))
        }
        search(group, keys: keys, source: .roleDefault, steps: &steps, propose: propose)
        if role == .markup {
            steps.append("then the edit defaults, for markup")
            search(.editApplications, keys: keys, source: .editDefault, steps: &steps, propose: propose)
        }
        steps.append("then the inference from the applications that handle \(view.type) (docs/roles.md):")
        for (id, reason) in inferred(view, role: role, steps: &steps) { propose(id, .inference, reason) }
        if let id = view.defaultApplication {
            steps.append("last, the view default: \(id)")
            propose(id, .viewDefault, "the view default of mimeapps.list")
        } else {
            steps.append("last, the view default: none")
        }
        if let first = candidates.first {
            steps.append("\(role.rawValue): \(first.id) (\(first.source.rawValue): \(first.reason))")
        } else {
            steps.append("no \(role.rawValue) application")
        }
        return RoleResolution(role: role, type: view.type, candidates: candidates, steps: steps)
    }

    /// Proposes the usable IDs of `group`'s lines for `keys`, in the order of keys, then lists.
    private func search(
        _ group: AssociationGroup, keys: [String], source: RoleCandidate.Source, steps: inout [String],
        propose: (String, RoleCandidate.Source, String, DefaultOrigin?) -> Void
    ) {
        var found = false
        for key in keys {
            for list in lists {
                guard let value = list.value(group, for: key) else { continue }
                found = true
                steps.append("\(list.path):\(value.line): [\(group.rawValue)] \(value.key)=\(value.ids.joined(separator: ";"));")
                for id in value.ids {
                    guard let application = resolver.applications.application(id) else {
                        steps.append("\(id) passed over: not installed")
                        continue
                    }
                    guard application.status.isUsable else {
                        steps.append("\(id) passed over: \(application.status.description)")
                        continue
                    }
                    propose(
                        id, source, "[\(group.rawValue)] \(value.key) in \(list.path):\(value.line)",
                        DefaultOrigin(path: list.path, line: value.line))
                }
            }
        }
        if !found { steps.append("no [\(group.rawValue)] line for any of these keys") }
    }

    /// The applications that handle the view resolution's type, ranked by `RoleInference`,
    /// with a step for each.
    private func inferred(_ view: Resolution, role: Role, steps: inout [String]) -> [(String, String)] {
        var handlers: [String] = []
        for id in [view.defaultApplication].compactMap({ $0 }) + view.recommended + view.fallback
        where !handlers.contains(id) {
            handlers.append(id)
        }
        var ranked: [(rank: RoleInference.Rank, position: Int, id: String, reason: String)] = []
        for (position, id) in handlers.enumerated() {
            guard let entry = resolver.applications.application(id)?.entry else { continue }
            let (rank, reason) = RoleInference.classify(entry, for: role)
            if let rank {
                steps.append("  \(id): proposed (\(rankName(rank))): \(reason)")
                ranked.append((rank, position, id, reason))
            } else {
                steps.append("  \(id): not proposed: \(reason)")
            }
        }
        if handlers.isEmpty { steps.append("  no application handles it") }
        return ranked.sorted { ($0.rank, $0.position) < ($1.rank, $1.position) }.map { ($0.id, $0.reason) }
    }

    private func rankName(_ rank: RoleInference.Rank) -> String {
        switch rank {
        case .annotator: return "an annotator, first"
        case .editor: return "an editor"
        case .broad: return "a possible editor, after the editors"
        }
    }
}
