import XDGSupport

/// One file consulted during resolution, in precedence order (SPECS rule 42).
public struct ListLocation: Sendable, Equatable {
    /// Which kind of directory the file is in.
    public enum Scope: String, Sendable, Equatable {
        /// `$XDG_CONFIG_HOME`.
        case userConfig = "user config"
        /// An entry of `$XDG_CONFIG_DIRS`.
        case systemConfig = "system config"
        /// `$XDG_DATA_HOME/applications` (deprecated for lists).
        case userData = "user data"
        /// An entry of `$XDG_DATA_DIRS`, `/applications`.
        case systemData = "system data"
    }

    /// What kind of file it is.
    public enum Kind: String, Sendable, Equatable {
        /// `mimeapps.list` or `DESKTOP-mimeapps.list`.
        case mimeapps
        /// `defaults.list`: legacy, its `[Default Applications]` only (SPECS rule 44).
        case defaultsList = "legacy defaults.list"
        /// `mimeinfo.cache`: legacy, the directory's entries' `MimeType=` lines.
        case mimeInfoCache = "legacy mimeinfo.cache"
    }

    /// The file.
    public var path: String
    /// Its directory's kind.
    public var scope: Scope
    /// The lower-cased desktop of a desktop-specific list, else nil.
    public var desktop: String?
    /// What kind of file it is.
    public var kind: Kind
    /// For files in an `applications/` directory, that directory's index in the application index.
    public var applicationDirectory: Int?

    /// Whether `[Added Associations]` and `[Removed Associations]` count here (SPECS rule 43).
    public var mayAddOrRemove: Bool { desktop == nil && kind != .defaultsList }

    /// The files of `environment` in the order of SPECS rule 42, directory by directory as GIO
    /// and xdg-mime interleave them: in each directory the desktop-specific lists in
    /// `XDG_CURRENT_DESKTOP` order, then `mimeapps.list`, then in data directories the legacy
    /// `defaults.list` and `mimeinfo.cache`.
    public static func all(for environment: XDGEnvironment) -> [ListLocation] {
        let desktops = environment.currentDesktops.filter(isValidDesktopName)
        var result: [ListLocation] = []
        func add(directory: String, scope: Scope, applicationDirectory: Int?) {
            for desktop in desktops {
                result.append(
                    ListLocation(
                        path: directory + "/\(desktop)-mimeapps.list", scope: scope,
                        desktop: desktop, kind: .mimeapps, applicationDirectory: applicationDirectory))
            }
            result.append(
                ListLocation(
                    path: directory + "/mimeapps.list", scope: scope, desktop: nil, kind: .mimeapps,
                    applicationDirectory: applicationDirectory))
            if applicationDirectory != nil {
                result.append(
                    ListLocation(
                        path: directory + "/defaults.list", scope: scope, desktop: nil,
                        kind: .defaultsList, applicationDirectory: applicationDirectory))
                result.append(
                    ListLocation(
                        path: directory + "/mimeinfo.cache", scope: scope, desktop: nil,
                        kind: .mimeInfoCache, applicationDirectory: applicationDirectory))
            }
        }
        for (index, directory) in environment.configSearchPath.enumerated() {
            add(directory: directory, scope: index == 0 ? .userConfig : .systemConfig, applicationDirectory: nil)
        }
        for (index, directory) in environment.dataSearchPath.enumerated() {
            add(
                directory: directory + "/applications", scope: index == 0 ? .userData : .systemData,
                applicationDirectory: index)
        }
        return result
    }

    /// GIO builds file names from desktop names only when they are ASCII letters, digits, `-` and `_`.
    public static func isValidDesktopName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
