import Associations
import MIMEDatabase
import TerminalUI

/// The library calls behind `assoc settings`: each declared type's row (its view default, its
/// edit and markup answers from `RoleResolver`, its pin), and the changes the screen asks for,
/// each made as the command line makes it: `DefaultsEditor` for `set [--role]`, `DefaultsHistory`
/// for `pin`, `unpin` and `undo`, printed as those commands print them.
struct SettingsWorld {
    let context: CommandContext
    /// The canonical types that installed applications declare: the screen's rows.
    let declared: Set<String>
    /// Each installed application's name, by desktop file ID.
    let names: [String: String]

    /// The world of `context`: the declared types and the applications' names.
    init(context: CommandContext) {
        self.context = context
        let database = context.database
        var declared = Set<String>()
        for application in context.resolver.applications.applicationEntries() {
            for type in application.entry?.mimeTypes ?? [] { declared.insert(database.canonicalName(type)) }
        }
        self.declared = declared
        names = Dictionary(context.chooserOffer(for: "application/octet-stream").everything.map { ($0.id, $0.name) }) {
            first, _ in first
        }
    }

    /// Every declared type's row, in group order, as `resolver` (by default one reading the lists
    /// as they are now) answers.
    func rows(_ resolver: AssociationResolver? = nil) -> [SettingsType] {
        let resolver = resolver ?? fresh()
        let roles = RoleResolver(resolver: resolver)
        var pins: [String: String] = [:]
        let history = DefaultsHistory(environment: context.environment)
        for (pin, types) in history.pins.expanded(database: context.database, applications: resolver.applications) {
            for type in types where pins[type] == nil { pins[type] = pin.app }
        }
        return declared.map { row($0, resolver, roles, pinnedTo: pins[$0]) }.sorted {
            (TypeGroup.order(of: $0.group), $0.type) < (TypeGroup.order(of: $1.group), $1.type)
        }
    }

    /// A resolver that reads the lists as they are now, over the applications already read (the
    /// screen changes lists, never desktop entries).
    private func fresh() -> AssociationResolver {
        AssociationResolver(
            environment: context.environment, database: context.database, applications: context.resolver.applications)
    }

    private func row(_ type: String, _ resolver: AssociationResolver, _ roles: RoleResolver, pinnedTo: String?)
        -> SettingsType
    {
        let database = context.database
        let resolution = resolver.resolve(type)
        let origin = resolution.defaultOrigin.map { $0.path + ($0.line.map { ":\($0)" } ?? "") } ?? ""
        var answers: [Role: SettingsRoleAnswer] = [:]
        for role in [Role.edit, .markup] { answers[role] = answer(roles.resolve(type, role: role)) }
        return SettingsType(
            type: type, group: TypeGroup.of(type, database: database),
            comment: database.description(of: type)?.comment(for: context.environment.locale) ?? "",
            extensions: database.globs(of: type).compactMap { TypeGroup.extensionOf($0.pattern) },
            defaultApplication: resolution.defaultApplication,
            defaultApplicationName: resolution.defaultApplication.flatMap { names[$0] }, origin: origin, roles: answers,
            pinnedTo: pinnedTo)
    }

    /// A role's answer as the screen shows it: explicit for a line of the role's own group,
    /// inferred for the entries' guess, fallen back for the edit or view default.
    private func answer(_ resolution: RoleResolution) -> SettingsRoleAnswer {
        let role = resolution.role.rawValue
        guard let first = resolution.candidates.first else {
            return SettingsRoleAnswer(application: nil, basis: .fallback, reason: "no \(role) application")
        }
        let (basis, reason): (SettingsRoleAnswer.Basis, String)
        switch first.source {
        case .roleDefault, .perFile: (basis, reason) = (.explicit, first.reason)
        case .inference: (basis, reason) = (.inferred, "no \(role) default; inferred: " + first.reason)
        case .editDefault: (basis, reason) = (.fallback, "no \(role) default; the edit default: " + first.reason)
        case .viewDefault, .associated: (basis, reason) = (.fallback, "no \(role) default, none inferred: the view default")
        }
        return SettingsRoleAnswer(application: first.id, name: names[first.id], basis: basis, reason: reason)
    }

    // MARK: - The changes

    /// The screen's source: every action through the library, its output printed as the
    /// matching command prints it.
    var source: SettingsSource {
        SettingsSource(
            applications: { type in
                let resolver = fresh()
                var offers: [Role: [ChooserApplication]] = [:]
                for role in Role.allCases {
                    offers[role] = ChooserOffer.applications(
                        for: type, role: role, resolver: resolver, locale: context.environment.locale)
                }
                return (
                    offers,
                    ChooserOffer.applications(for: type, resolver: resolver, locale: context.environment.locale).everything
                )
            },
            setDefault: setDefault, setForAllTypes: setForAllTypes, pin: pin, unpin: unpin, undo: undo)
    }

    private func setDefault(_ type: String, _ role: Role, _ app: String) -> Result<SettingsChange, SettingsProblem> {
        if let problem = edit(EditRequest(.set, .target(type), application: app, command: "assoc settings", role: role)) {
            return .failure(problem)
        }
        let rows = rows()
        let now = rows.first { $0.type == type }?.answer(role).application ?? "(none)"
        return .success(SettingsChange(rows: rows, message: "\(type)\(role == .view ? "" : " (\(role.rawValue))"): now \(now)"))
    }

    private func setForAllTypes(_ app: String, _ role: Role) -> Result<SettingsChange, SettingsProblem> {
        let request = EditRequest(.set, .typesOfApplication, application: app, command: "assoc settings", role: role)
        if let problem = edit(request) { return .failure(problem) }
        let resolver = fresh()
        let types = (resolver.applications.application(app)?.entry?.mimeTypes ?? []).map(context.database.canonicalName)
        let count = Set(types).intersection(declared).count
        let what = role == .view ? "the default" : "the \(role.rawValue) default"
        return .success(SettingsChange(rows: rows(resolver), message: "\(app) is now \(what) for \(count) types"))
    }

    /// Makes `request` through the editor, printing its report; the problem when it was refused.
    private func edit(_ request: EditRequest) -> SettingsProblem? {
        do {
            return try EditRendering.apply(request, context: context, subcommand: "settings") == .success
                ? nil : SettingsProblem("the list could not be written")
        } catch { return SettingsProblem("\(error)") }
    }

    private func pin(_ type: String) -> Result<SettingsChange, SettingsProblem> {
        do {
            let (pins, records) = try DefaultsHistory(environment: context.environment).pin([type], app: nil)
            PinCommands.render(pins, records, context: context)
            let app = pins.first?.app ?? "(none)"
            return .success(SettingsChange(rows: rows(), message: "pinned \(type) to \(app)"))
        } catch { return .failure(SettingsProblem(error.description)) }
    }

    private func unpin(_ type: String) -> Result<SettingsChange, SettingsProblem> {
        let history = DefaultsHistory(environment: context.environment)
        do {
            guard try history.unpin([type]).contains(type) else {
                let rule = history.pins.expanded(database: context.database, applications: fresh().applications)
                    .first { $0.types.contains(type) }?.pin.target
                return .failure(
                    SettingsProblem(
                        rule.map { "\(type) is pinned by '\($0)': assoc unpin '\($0)' unpins every type it covers" }
                            ?? "\(type) is not pinned"))
            }
        } catch { return .failure(SettingsProblem(error.description)) }
        context.output.untrustedLine("unpinned \(type)")
        return .success(SettingsChange(rows: rows(), message: "unpinned \(type)"))
    }

    /// Undoes the last change of `type` the history holds (`DefaultsHistory.undoLastChange`).
    private func undo(_ type: String) -> Result<SettingsChange, SettingsProblem> {
        let history = DefaultsHistory(environment: context.environment)
        do {
            guard let (record, records) = try history.undoLastChange(of: type) else {
                return .failure(SettingsProblem("the history holds no change of \(type) (see assoc history)"))
            }
            UndoCommand.render(records, context: context)
            let rows = rows()
            let now = rows.first { $0.type == type }?.defaultApplication ?? "(none)"
            return .success(SettingsChange(rows: rows, message: "undid \(record.id): \(type): now \(now)"))
        } catch { return .failure(SettingsProblem(error.description)) }
    }
}
