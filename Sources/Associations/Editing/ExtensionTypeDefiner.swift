import MIMEDatabase
import XDGSupport

/// `set .foo APP` when no type claims `*.foo`: defines the type GIO defines in that case
/// (`application/x-extension-foo` in the user's `user-extension-foo.xml`, GLib's
/// `g_app_info_set_as_default_for_extension`), compiles the user's database, and makes APP its
/// default, so that GIO, xdg-open and assoc type such files alike and open them with APP.
struct ExtensionTypeDefiner {
    /// The editor whose environment and applications are used.
    let editor: DefaultsEditor

    /// The type GIO defines for the extension `request` sets, and whether it is defined already:
    /// for a `set` of an extension (`.foo`) that no type claims, or that only that type claims
    /// (it was made for an earlier `set`, by assoc or GIO); nil otherwise (the target is then
    /// read as usual).
    static func typeToDefine(for request: EditRequest, database: MIMEDatabase) -> (type: ExtensionType, isDefined: Bool)? {
        guard request.action == .set, case .target(let text) = request.subject, text.hasPrefix("."),
            !MIMEDatabase.isTypeWildcard(text), let type = ExtensionType(text)
        else { return nil }
        let matching = database.types(withExtension: text)
        if matching.isEmpty { return (type, false) }
        guard matching.count == 1, matching[0].lowercased() == type.typeName.lowercased() else { return nil }
        return (type, true)
    }

    /// Defines `type` (unless a dry run, or it `isDefined`) and applies `request` to it. The rule
    /// kept for `assoc sync` covers every type of the extension, since the application does not
    /// declare the type made for it.
    ///
    /// - Throws: `EditRefusal`; nothing is written when the request is refused before the type
    ///   is defined (a missing or unusable application).
    func apply(_ request: EditRequest, defining type: ExtensionType, isDefined: Bool) throws(EditRefusal) -> EditReport {
        guard request.application != nil else { throw .missingApplication(request.action) }
        try editor.checkUsable(request)
        var inner = request
        inner.allTypes = true
        if isDefined {
            var report = try editor.apply(inner, types: [editor.database.canonicalName(type.typeName)], notes: [])
            report.request = request
            return report
        }
        let environment = editor.environment
        let directory: String
        do { directory = try PackageDestination.user.mimeDirectory(in: environment) } catch { throw .unknownDirectory(error) }
        if request.dryRun {
            var report = try editor.apply(inner, types: [type.typeName], notes: [])
            report.request = request
            report.definedType = DefinedType(
                type: type.typeName, pattern: type.pattern, package: directory + "/packages/" + type.packageName,
                written: false, problems: [])
            return report
        }
        let made: PackageInstaller.ExtensionTypeReport
        do {
            made = try PackageInstaller(environment: environment).defineExtensionType(
                type,
                options: PackageInstaller.Options(
                    synchronize: DatabaseUpdate.Options.synchronizes(environment: environment.variables)))
        } catch {
            throw .typeNotDefined(error)
        }
        let database = MIMEDatabase(environment: environment)
        let resolver = AssociationResolver(
            environment: environment, database: database, applications: editor.resolver.applications)
        var report = try DefaultsEditor(environment: environment, database: database, resolver: resolver)
            .apply(inner, types: [type.typeName], notes: [])
        report.request = request
        report.definedType = DefinedType(
            type: type.typeName, pattern: type.pattern, package: made.package, written: made.written,
            problems: made.compilation.problems)
        return report
    }
}
