import Associations
import MIMEDatabase
import XDGSupport

/// Prints the default application of `type` and the others that can open it, by the mime-apps
/// specification and as GIO (and so GNOME's file manager) sees them.
func showApplications(of type: String, environment: XDGEnvironment, database: MIMEDatabase) {
    // Reads every mimeapps.list, defaults.list, mimeinfo.cache and desktop entry once.
    let resolver = AssociationResolver(environment: environment, database: database)
    for mode in [ResolutionMode.spec, .gio] {
        let resolution = resolver.resolve(type, mode: mode)
        print("\(resolution.type), by \(mode.rawValue):")
        print("  default:     \(resolution.defaultApplication.map(name) ?? "none")")
        print("  recommended: \(resolution.recommended.map(name).joined(separator: ", "))")
        print("  fallback:    \(resolution.fallback.map(name).joined(separator: ", "))")
    }

    /// An application's desktop ID with its name in the user's language.
    func name(_ id: String) -> String {
        guard let entry = resolver.applications.application(id)?.entry else { return id }
        return "\(id) (\(entry.name.value(for: environment.locale)))"
    }
}
