import MIMEDatabase
import XDGSupport

/// One `roles.list` (or `DESKTOP-roles.list`) as read: the role groups' values, keys unaliased,
/// with the line each came from. Its syntax is `mimeapps.list`'s (the mime-apps specification,
/// "Default Application"): desktop file IDs, each followed by `;`, in preference order.
public struct RolesList: Sendable {
    /// The file.
    public let path: String
    /// Its directory's kind: the user's or a system one.
    public let scope: ListLocation.Scope
    /// The lower-cased desktop of a desktop-specific list, else nil.
    public let desktop: String?
    /// Whether the file exists and was read.
    public let exists: Bool
    /// Problems found in the file.
    public let diagnostics: [Diagnostic]
    /// Group → key as written → value.
    private let values: [AssociationGroup: [(key: String, value: ListValue)]]

    /// The file name of the role list, and of a desktop's.
    public static func fileName(desktop: String?) -> String {
        desktop.map { "\($0)-roles.list" } ?? "roles.list"
    }

    /// The role lists of `environment`, most important first: in `$XDG_CONFIG_HOME/assoc`, then
    /// in `assoc/` of each `$XDG_CONFIG_DIRS` entry, each directory's desktop-specific lists (in
    /// `XDG_CURRENT_DESKTOP` order) before its `roles.list`, as the mime-apps specification orders
    /// `DESKTOP-mimeapps.list` before `mimeapps.list` ("File name and location").
    public static func all(for environment: XDGEnvironment, database: MIMEDatabase) -> [RolesList] {
        let desktops = environment.currentDesktops.filter(ListLocation.isValidDesktopName).map { $0.lowercased() }
        var result: [RolesList] = []
        for (index, directory) in environment.configSearchPath.enumerated() {
            let scope: ListLocation.Scope = index == 0 ? .userConfig : .systemConfig
            for desktop in desktops + [nil] {
                let path = directory + "/assoc/" + fileName(desktop: desktop)
                result.append(RolesList(path: path, scope: scope, desktop: desktop, database: database))
            }
        }
        return result
    }

    /// Reads the file at `path`; a missing or unreadable one is empty (an unreadable one with a warning).
    public init(path: String, scope: ListLocation.Scope, desktop: String?, database: MIMEDatabase) {
        self.path = path
        self.scope = scope
        self.desktop = desktop
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: MimeAppsData.maximumSize)
        } catch {
            exists = false
            diagnostics =
                FileBytes.unreadableProblem(path, error).map { [Diagnostic(path: path, message: $0 + "; treated as empty")] }
                ?? []
            values = [:]
            return
        }
        exists = true
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        var values: [AssociationGroup: [(key: String, value: ListValue)]] = [:]
        for group in [AssociationGroup.editApplications, .markupApplications] {
            for entry in file.entries(in: group.rawValue) where entry.locale == nil {
                let ids = KeyFileValue.list(entry.value).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                let key = entry.key.contains("*") ? entry.key : database.canonicalName(entry.key)
                values[group, default: []].append((key, ListValue(ids: ids, line: entry.line, key: entry.key)))
            }
        }
        self.diagnostics = diagnostics
        self.values = values
    }

    /// The IDs the list gives `key` (a canonical type, or a media wildcard such as `image/*`) in
    /// `group`: the first line's, then those later lines of the same key add.
    public func value(_ group: AssociationGroup, for key: String) -> ListValue? {
        var found: ListValue?
        for entry in values[group] ?? [] where entry.key == key {
            if found == nil {
                found = entry.value
            } else {
                for id in entry.value.ids where !found!.ids.contains(id) { found!.ids.append(id) }
            }
        }
        return found
    }

    /// Every key of `group` with its value, in the order of the file.
    public func entries(_ group: AssociationGroup) -> [(key: String, value: ListValue)] { values[group] ?? [] }

    /// A phrase naming the file for steps: `user config`, `system config, for desktop 'gnome'`.
    public var label: String {
        scope.rawValue + (desktop.map { ", for desktop '\($0)'" } ?? "")
    }
}
