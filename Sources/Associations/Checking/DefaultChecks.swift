import DesktopEntry
import MIMEDatabase
import XDGSupport

/// The checks of one `[Default Applications]` ID: installed, usable, and associated with its type.
extension ConfigurationChecker {
    /// Whether `id`, named as the default for `type`, can be one; nil when it can.
    func defaultProblem(
        _ id: String, type: String, entry: KeyFileEntry, location: ListLocation,
        resolution: Resolution
    ) -> ConfigurationProblem? {
        let path = location.path
        let named = "[Default Applications] \(entry.key) names \(id)"
        let choose = ConfigurationFix("assoc set \(type) APP to choose an installed application, or assoc unset \(type)")
        guard let application = applications.application(id) else {
            // In the user's own list the name of a removed application can go: nothing reads it.
            let forget =
                location.path == userList
                ? ConfigurationFix(choose.suggestion, edit: .forget(type: type, app: id), in: path) : choose
            return problem(
                .defaultMissing, .warning, path: path, line: entry.line,
                "\(named), which is not installed", fix: forget)
        }
        switch application.status {
        case .usable: break
        case .hidden:
            return problem(
                .defaultHidden, .warning, path: path, line: entry.line,
                "\(named), whose entry \(application.path) says Hidden=true", fix: choose)
        case .tryExecMissing(let program):
            return problem(
                .defaultTryExec, .warning, path: path, line: entry.line,
                "\(named), whose TryExec '\(program)' is not installed", fix: choose)
        case .programMissing(let program):
            return problem(
                .defaultProgramMissing, .warning, path: path, line: entry.line,
                "\(named), whose program '\(program)' is not on PATH", fix: choose)
        case .notApplication(let kind):
            return problem(
                .defaultNotApplication, .warning, path: path, line: entry.line,
                "\(named), which is a Type=\(kind) entry, not an application", fix: choose)
        case .invalidExec, .noExec, .broken:
            return problem(
                .defaultBroken, .warning, path: path, line: entry.line,
                "\(named), which cannot be used: \(application.status.description)", fix: choose)
        }
        guard !isAssociated(application, with: type, resolution: resolution) else { return nil }
        let wasRemoved = resolution.steps.contains { if case .removed(id, _, _, _) = $0 { return true } else { return false } }
        let message =
            "\(named), which is not associated with \(type)"
            + (wasRemoved ? " ([Removed Associations] takes it away)" : "")
            + ": assoc ignores it, as the mime-apps specification asks (\"Default Application\"), while GIO uses it"
        let suggestion = "assoc add \(type) \(id)"
        let fix =
            location.scope == .userConfig && !wasRemoved
            ? ConfigurationFix(suggestion, edit: .add(type: type, app: id), in: userList) : ConfigurationFix(suggestion)
        return problem(.defaultNotAssociated, .warning, path: path, line: entry.line, message, fix: fix)
    }

    /// Whether the specification's resolution of `type` associates the application with it.
    private func isAssociated(_ application: InstalledApplication, with type: String, resolution: Resolution) -> Bool {
        if resolution.recommended.contains(application.id) || resolution.fallback.contains(application.id) { return true }
        let removed = resolution.steps.contains {
            if case .removed(application.id, _, _, _) = $0 { return true } else { return false }
        }
        // What a stale mimeinfo.cache hides still counts, as in SpecResolution.
        guard !removed, let entry = application.entry else { return false }
        let declared = Set(entry.mimeTypes.map(database.canonicalName))
        return resolver.specChain(type).contains(where: declared.contains)
    }
}
