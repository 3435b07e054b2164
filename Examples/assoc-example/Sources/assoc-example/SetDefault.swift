import Associations
import MIMEDatabase
import XDGSupport

/// Makes `application` the default of `type` in the user's mimeapps.list, as `assoc set` does:
/// one request to `DefaultsEditor`, which refuses what would not work, edits the list without
/// touching the lines it does not own, and reports the defaults before and after. Without
/// `write`, only the change is shown.
func setDefault(
    of type: String, to application: String, write: Bool, environment: XDGEnvironment, database: MIMEDatabase
) -> Int32 {
    let resolver = AssociationResolver(environment: environment, database: database)
    // The editor takes a desktop file ID; look it up among the installed applications first.
    guard resolver.applications.application(application) != nil else {
        print("\(application): no installed application has this desktop file ID")
        return 64
    }
    let editor = DefaultsEditor(environment: environment, database: database, resolver: resolver)
    let request = EditRequest(.set, .target(type), application: application, dryRun: !write)
    let report: EditReport
    do {
        report = try editor.apply(request)
    } catch {
        // EditRefusal: an unknown type, an application that is not installed or cannot run, a
        // list GIO would ignore, a file that could not be written. Nothing was written.
        print("refused: \(error)")
        return error.isUsageError ? 64 : 1
    }
    switch report.change {
    case .unchanged: print("\(report.file): already so")
    case .wouldWrite(let diff): print(diff)
    case .written: print(report.change.changedLines.joined(separator: "\n"))
    }
    for answer in report.answers { print(answer.lines.joined(separator: "\n")) }
    return 0
}
