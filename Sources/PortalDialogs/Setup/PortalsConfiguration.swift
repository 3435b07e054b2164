import XDGSupport

/// The `portals.conf` that xdg-desktop-portal 1.17 and later obey, found where it looks first:
/// `xdg-desktop-portal/` in `$XDG_CONFIG_HOME`, each of `$XDG_CONFIG_DIRS`, `/etc`,
/// `$XDG_DATA_HOME`, each of `$XDG_DATA_DIRS` and its own data directory; in each,
/// `DESKTOP-portals.conf` for each desktop of `$XDG_CURRENT_DESKTOP`, then `portals.conf`.
public struct PortalsConfiguration: Sendable, Equatable {
    /// The backends one key of `[preferred]` names, in order, and its line.
    public struct Preference: Sendable, Equatable {
        /// Backend names (`gtk`, `assoc`), or `*` for any and `none` for none.
        public var names: [String]
        /// The line of the key.
        public var line: Int
    }

    /// The file in force.
    public var path: String
    /// `[preferred]`: each key (`default`, or an interface) with its backends.
    public var preferred: [String: Preference]

    /// The backends named for `interface` (its own key, else `default`); nil when the file names none.
    public func backends(for interface: String) -> Preference? { preferred[interface] ?? preferred["default"] }

    /// The file in force for `environment`, or nil when there is none; `frontendData` is the
    /// frontend's own data directory (`/usr/share` for `/usr/libexec/xdg-desktop-portal`).
    public static func inForce(_ environment: XDGEnvironment, frontendData: String) -> PortalsConfiguration? {
        let directories =
            [environment.configHome] + environment.configDirs + ["/etc", environment.dataHome] + environment.dataDirs
            + [frontendData]
        for directory in directories {
            let base = directory + "/xdg-desktop-portal/"
            for name in environment.currentDesktops.map({ "\($0)-portals.conf" }) + ["portals.conf"] {
                if let configuration = read(base + name) { return configuration }
            }
        }
        return nil
    }

    /// The file at `path`, or nil when it cannot be read.
    public static func read(_ path: String) -> PortalsConfiguration? {
        guard let bytes = try? FileBytes.read(path, limit: 1 << 20) else { return nil }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        var preferred: [String: Preference] = [:]
        for entry in file.entries(in: "preferred") where entry.locale == nil {
            preferred[entry.key] = Preference(names: KeyFileValue.list(entry.value), line: entry.line)
        }
        return PortalsConfiguration(path: path, preferred: preferred)
    }
}
