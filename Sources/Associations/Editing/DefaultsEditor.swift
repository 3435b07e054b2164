import DesktopEntry
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one use case that changes what opens a type: reads a request, refuses what would not
/// work, edits the list losslessly and atomically, keeps the wildcard and extension rules, and
/// reports the defaults before and after. Every front end that changes a default calls it; none
/// rebuilds its rules.
public struct DefaultsEditor: Sendable {
    /// Where the lists and the rules are.
    public let environment: XDGEnvironment
    /// The database that canonicalises types and expands targets.
    public let database: MIMEDatabase
    /// The resolver whose applications the request names, and whose answers are "before".
    public let resolver: AssociationResolver

    /// An editor over the given state.
    public init(environment: XDGEnvironment, database: MIMEDatabase, resolver: AssociationResolver) {
        self.environment = environment
        self.database = database
        self.resolver = resolver
    }

    /// The canonical types `request` names, and the notes on how its target was read.
    ///
    /// - Throws: `EditRefusal` for a target that names no types, an application that declares
    ///   none, or a missing application.
    public func types(of request: EditRequest) throws(EditRefusal) -> (types: [String], notes: [String]) {
        if request.action.needsApplication && request.application == nil {
            throw .missingApplication(request.action)
        }
        switch request.subject {
        case .typesOfApplication:
            guard let id = request.application else { throw .missingApplication(request.action) }
            var seen = Set<String>()
            let declared = (resolver.applications.application(id)?.entry?.mimeTypes ?? []).map(database.canonicalName)
                .filter { seen.insert($0).inserted }
            guard !declared.isEmpty else { throw .declaresNoTypes(application: id) }
            return (declared, [])
        case .target(let text):
            let compiled = try compile(text, request)
            return (compiled.types, compiled.notes)
        case .targets(let texts):
            var types: [String] = []
            var notes: [String] = []
            for text in texts {
                let compiled = try compile(text, request)
                types += compiled.types.filter { !types.contains($0) }
                notes += compiled.notes
            }
            return (types, notes)
        }
    }

    /// One TARGET of `request`, compiled into its types.
    private func compile(_ text: String, _ request: EditRequest) throws(EditRefusal) -> AssociationTarget {
        do {
            return try AssociationTarget(
                text, app: request.application, allTypes: request.allTypes, force: request.force,
                takesAway: request.action.takesAway, database: database, applications: resolver.applications)
        } catch {
            throw .target(error)
        }
    }

    /// Makes the change `request` asks for in the user's list (or its desktop-specific list).
    ///
    /// - Throws: `EditRefusal`; nothing is written then.
    ///
    /// `set` of an extension that no type claims (`.foo`) first defines the type GIO would, as
    /// `ExtensionTypeDefiner` says, and the report's `definedType` tells.
    public func apply(_ request: EditRequest) throws(EditRefusal) -> EditReport {
        if let desktop = request.desktop, !ListLocation.isValidDesktopName(desktop) {
            throw .invalidDesktopName(desktop)
        }
        if request.role != .view && ![.set, .unset].contains(request.action) {
            throw .notForRole(request.action, request.role)
        }
        if request.role == .view, let (type, isDefined) = ExtensionTypeDefiner.typeToDefine(for: request, database: database) {
            return try ExtensionTypeDefiner(editor: self).apply(request, defining: type, isDefined: isDefined)
        }
        let (types, notes) = try types(of: request)
        return try apply(request, types: types, notes: notes)
    }

    /// Refuses an application no tool would open anything with, for `set` and `add` without `force`.
    func checkUsable(_ request: EditRequest) throws(EditRefusal) {
        if request.action == .set || request.action == .add, !request.force, let id = request.application,
            let status = resolver.applications.application(id)?.status, !status.isUsable
        {
            throw .unusableApplication(id, status)
        }
    }

    /// Makes the change of `request` to `types`, read from its target with `notes`.
    func apply(_ request: EditRequest, types: [String], notes: [String]) throws(EditRefusal) -> EditReport {
        try checkUsable(request)
        let desktop = request.desktop?.lowercased()
        let edits = types.map { type in
            Self.edit(request.action, type: type, app: request.application, desktop: desktop, role: request.role)
        }
        let file = try request.role == .view ? list(for: request) : rolesList(for: request)
        let before = request.dryRun ? [] : defaults(of: types, role: request.role, resolver: resolver)
        let change = try write(
            edits, to: file, dryRun: request.dryRun, command: request.commandText, readByGIO: request.role == .view)
        var report = EditReport(
            request: request, file: file, types: types, notes: notes, change: change, answers: [], forgottenRule: nil)
        guard !request.dryRun else { return report }
        report.history = request.role == .view ? recordInHistory(change, of: file, command: request.commandText) : []
        report.forgottenRule = try keepRule(request, desktop: desktop)
        let after = defaults(
            of: types, role: request.role, resolver: AssociationResolver(environment: environment, database: database))
        report.answers = zip(types, zip(before, after)).map { type, answers in
            DefaultAnswers(
                type: type, before: answers.0.spec, gioBefore: answers.0.gio, after: answers.1.spec, gioAfter: answers.1.gio)
        }
        return report
    }

    /// Makes the change `request` asks for, then asks `verify`, given a resolver over the lists as
    /// they now are and the request's types, which types do not answer as asked. When one does not
    /// (a desktop-specific list or a more important file overrides the user's list, or the
    /// resolution in use passes over the application), the list is put back as it was and the
    /// change refused: xdg-settings checks each key after its write and undoes a change that
    /// does not take. A wildcard or extension rule remembered for `assoc sync` is not put back.
    ///
    /// - Throws: `EditRefusal`; `.notEffective` once the list is back as it was.
    public func apply(
        _ request: EditRequest, verifiedBy verify: (AssociationResolver, [String]) -> [IneffectiveDefault]
    ) throws(EditRefusal) -> EditReport {
        let report = try apply(request)
        guard !request.dryRun else { return report }
        let failures = verify(AssociationResolver(environment: environment, database: database), report.types)
        guard !failures.isEmpty else { return report }
        try restore(report.change, of: report.file)
        if case .written(let old, let new) = report.change {
            _ = recordInHistory(.written(old: new, new: old ?? ""), of: report.file, command: request.commandText + " (put back)")
        }
        throw .notEffective(file: report.file, failures)
    }

    /// Puts a list back as it was before `change`, unless it was changed again since.
    private func restore(_ change: ListChange, of file: String) throws(EditRefusal) {
        guard case .written(let old, let new) = change else { return }
        do {
            guard let old else {
                let target = AtomicFile.resolvedTarget(file)
                if (try? FileBytes.read(target)).map({ String(decoding: $0, as: UTF8.self) }) == new {
                    unlink(PathCoding.cString(target))
                }
                return
            }
            _ = try AtomicFile.update(file) { current in current == new ? old : nil }
        } catch let failure as AtomicFile.Failure {
            throw .notWritten(failure, diff: "")
        } catch {
            throw .notWritten(.system(path: file, step: "write", reason: "\(error)"), diff: "")
        }
    }

    /// Writes `edits` to the list at `file`, or with `dryRun` only computes the diff: the one
    /// writer of lists, for requests, `assoc sync` and the fixes of `assoc check`. A list that GIO
    /// ignores as a whole is refused (GIO would ignore the change with the rest of it), unless
    /// the list is one GIO does not read (`readByGIO` false: assoc's `roles.list`).
    ///
    /// - Throws: `EditRefusal.ignoredByGIO` or `.notWritten`; nothing is written then.
    /// A write of a list GIO reads is announced to the history first (`command` names it there,
    /// `assoc` when nil), so that whoever records the change attributes it to assoc.
    public func write(
        _ edits: [MimeAppsEdit], to file: String, dryRun: Bool, command: String? = nil, readByGIO: Bool = true
    ) throws(EditRefusal) -> ListChange {
        if !dryRun && readByGIO {
            var seen = Set<String>()
            DefaultsHistory(environment: environment, database: database).announceEdit(
                command: command ?? "assoc", file: file, types: edits.map(\.type).filter { seen.insert($0).inserted })
        }
        let editor = MimeAppsEditor(database: database)
        let target = AtomicFile.resolvedTarget(file)
        func currentText() -> String? { (try? FileBytes.read(target)).map { String(decoding: $0, as: UTF8.self) } }
        if dryRun {
            let old = currentText()
            if readByGIO, let old, let refusal = GIOListView.refusal(of: Array(old.utf8)) {
                throw .ignoredByGIO(file: file, refusal)
            }
            return .wouldWrite(diff: UnifiedDiff.make(old: old, new: editor.apply(edits, to: old), path: file))
        }
        do {
            let written = try AtomicFile.update(file) { old in
                if readByGIO, let old, let refusal = GIOListView.refusal(of: Array(old.utf8)) {
                    throw EditRefusal.ignoredByGIO(file: file, refusal)
                }
                let new = editor.apply(edits, to: old)
                // Nothing to change, or nothing to remove from a list that does not exist.
                return new == old || (old == nil && new.isEmpty) ? nil : new
            }
            guard let written else { return .unchanged }
            return .written(old: written.old, new: written.new)
        } catch let refusal as EditRefusal {
            throw refusal
        } catch let failure as AtomicFile.Failure {
            let old = currentText()
            throw .notWritten(failure, diff: UnifiedDiff.make(old: old, new: editor.apply(edits, to: old), path: file))
        } catch {
            throw .notWritten(.system(path: file, step: "write", reason: "\(error)"), diff: "")
        }
    }

    /// Records a write in the history (DESIGN decision 18), attributed to assoc's `command`: the
    /// one place where assoc's own edits are recorded. It never fails or waits: when the history
    /// has not started or another process is recording, nothing is recorded now.
    public func recordInHistory(_ change: ListChange, of file: String, command: String) -> [HistoryRecord] {
        guard case .written(let old, let new) = change else { return [] }
        return DefaultsHistory(environment: environment, database: database).recordEdit(
            command: command, file: file, old: old, new: new)
    }

    /// The list `request` writes: at its level, `mimeapps.list` or `DESKTOP-mimeapps.list`
    /// (the desktop lower-cased).
    ///
    /// - Throws: `EditRefusal.unknownDirectory` when there is no absolute directory to write in.
    public func list(for request: EditRequest) throws(EditRefusal) -> String {
        let desktop = request.desktop?.lowercased()
        switch request.level {
        case .user: return try userList(desktop: desktop)
        case .system: return systemList(desktop: desktop)
        }
    }

    /// `mimeapps.list`, or `DESKTOP-mimeapps.list`, in the first directory of `$XDG_CONFIG_DIRS`:
    /// the most important list after the user's (mime-apps specification, "File name and
    /// location").
    public func systemList(desktop: String? = nil) -> String {
        (environment.configDirs.first ?? "/etc/xdg") + "/" + (desktop.map { "\($0)-mimeapps.list" } ?? "mimeapps.list")
    }

    /// The user's `mimeapps.list`, or `DESKTOP-mimeapps.list`, in `$XDG_CONFIG_HOME`.
    ///
    /// - Throws: `EditRefusal.unknownDirectory` when there is no absolute directory to write in.
    public func userList(desktop: String? = nil) throws(EditRefusal) -> String {
        do {
            return try environment.configHomeForWriting() + "/" + (desktop.map { "\($0)-mimeapps.list" } ?? "mimeapps.list")
        } catch {
            throw .unknownDirectory(error)
        }
    }

    /// The user's `assoc/roles.list`, or `assoc/DESKTOP-roles.list`, in `$XDG_CONFIG_HOME`: where
    /// the edit and markup defaults are written (DESIGN.md decision 19).
    ///
    /// - Throws: `EditRefusal.unknownDirectory` when there is no absolute directory to write in.
    public func userRolesList(desktop: String? = nil) throws(EditRefusal) -> String {
        do {
            return try environment.configHomeForWriting() + "/assoc/" + RolesList.fileName(desktop: desktop)
        } catch {
            throw .unknownDirectory(error)
        }
    }

    /// The role list `request` writes: at its level, `assoc/roles.list` or `assoc/DESKTOP-roles.list`
    /// (the desktop lower-cased), as `list(for:)` places `mimeapps.list`.
    ///
    /// - Throws: `EditRefusal.unknownDirectory` when there is no absolute directory to write in.
    public func rolesList(for request: EditRequest) throws(EditRefusal) -> String {
        let desktop = request.desktop?.lowercased()
        switch request.level {
        case .user: return try userRolesList(desktop: desktop)
        case .system: return (environment.configDirs.first ?? "/etc/xdg") + "/assoc/" + RolesList.fileName(desktop: desktop)
        }
    }

    /// The list edit that `action` makes for one type, in `mimeapps.list` for the view role, in
    /// the role's group of `roles.list` for the others.
    static func edit(
        _ action: EditRequest.Action, type: String, app: String?, desktop: String?, role: Role = .view
    ) -> MimeAppsEdit {
        if let group = role.group {
            return action == .set ? .setIn(group: group, type: type, app: app ?? "") : .unsetIn(group: group, type: type)
        }
        switch action {
        case .set: return desktop == nil ? .setDefault(type: type, app: app ?? "") : .setDefaultOnly(type: type, app: app ?? "")
        case .unset: return .unsetDefault(type: type)
        case .add: return .add(type: type, app: app ?? "")
        case .remove: return .remove(type: type, app: app ?? "")
        case .reset: return .reset(type: type)
        }
    }

    /// Remembers a wildcard or extension `set` for `assoc sync`, or forgets it on `unset` and
    /// `reset`; the target of a rule forgotten.
    func keepRule(_ request: EditRequest, desktop: String?) throws(EditRefusal) -> String? {
        guard case .target(let target) = request.subject, AssociationTarget.isRule(target), desktop == nil,
            request.level == .user, request.role == .view
        else { return nil }
        let rules = RulesList(environment: environment)
        do {
            if request.action == .set, let app = request.application {
                let rule = RulesList.Rule(target: target, app: app, allTypes: request.allTypes)
                // Kept as it is when it is there already, so that a repeated edit writes nothing.
                if !rules.rules().rules.contains(rule) { try rules.record(rule) }
            } else if request.action == .unset || request.action == .reset, try rules.forget(target) {
                return target
            }
        } catch let error as XDGEnvironment.UnknownDirectory {
            throw .unknownDirectory(error)
        } catch let failure as AtomicFile.Failure {
            throw .notWritten(failure, diff: "")
        } catch {
            throw .notWritten(.system(path: rules.path, step: "write", reason: "\(error)"), diff: "")
        }
        return nil
    }

    /// Each type's default by the specification and as GIO sees it; for the edit and markup
    /// roles, which GIO does not know, the role's answer twice.
    private func defaults(of types: [String], role: Role, resolver: AssociationResolver) -> [(spec: String?, gio: String?)] {
        guard role == .view else {
            let roles = RoleResolver(resolver: resolver)
            return types.map { type in
                let answer = roles.resolve(type, role: role).application
                return (answer, answer)
            }
        }
        return types.map { (resolver.resolve($0).defaultApplication, resolver.resolve($0, mode: .gio).defaultApplication) }
    }
}
