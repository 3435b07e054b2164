/// The process environment variables that steer every XDG lookup, captured once as a value.
///
/// Libraries never read the process environment themselves: the CLI builds this value from
/// `ProcessInfo` and tests build it from a dictionary, so tests can run in parallel, each in its
/// own temporary tree. Implements the XDG Base Directory rules (SPECS rules 1–2): unset and empty
/// both mean the default, and relative paths are ignored.
public struct XDGEnvironment: Sendable, Equatable {
    /// The raw variables this value was built from.
    public let variables: [String: String]
    /// `$HOME`, or `/` when unset.
    public let home: String
    /// `$XDG_DATA_HOME`, default `$HOME/.local/share`.
    public let dataHome: String
    /// `$XDG_DATA_DIRS`, most important first, default `/usr/local/share:/usr/share`.
    public let dataDirs: [String]
    /// `$XDG_CONFIG_HOME`, default `$HOME/.config`.
    public let configHome: String
    /// `$XDG_CONFIG_DIRS`, most important first, default `/etc/xdg`.
    public let configDirs: [String]
    /// `$XDG_STATE_HOME`, default `$HOME/.local/state`.
    public let stateHome: String
    /// `$XDG_CACHE_HOME`, default `$HOME/.cache`.
    public let cacheHome: String
    /// The lower-cased components of `$XDG_CURRENT_DESKTOP`, in order.
    public let currentDesktops: [String]

    /// Builds the value from a plain dictionary, such as `ProcessInfo`'s or a test's.
    public init(_ variables: [String: String]) {
        self.variables = variables
        let home = variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
        self.home = home
        func single(_ name: String, _ fallback: String) -> String {
            guard let value = variables[name], value.hasPrefix("/") else { return fallback }
            return value
        }
        dataHome = single("XDG_DATA_HOME", Self.join(home, ".local/share"))
        configHome = single("XDG_CONFIG_HOME", Self.join(home, ".config"))
        stateHome = single("XDG_STATE_HOME", Self.join(home, ".local/state"))
        cacheHome = single("XDG_CACHE_HOME", Self.join(home, ".cache"))
        dataDirs = Self.pathList(variables["XDG_DATA_DIRS"], default: ["/usr/local/share", "/usr/share"])
        configDirs = Self.pathList(variables["XDG_CONFIG_DIRS"], default: ["/etc/xdg"])
        currentDesktops = (variables["XDG_CURRENT_DESKTOP"] ?? "")
            .split(separator: ":").map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    /// Every data directory, most important first: `XDG_DATA_HOME`, then `XDG_DATA_DIRS` in order.
    ///
    /// A directory named twice keeps its more important place only.
    public var dataSearchPath: [String] { Self.unique([dataHome] + dataDirs) }

    /// Every configuration directory, most important first: `XDG_CONFIG_HOME`, then `XDG_CONFIG_DIRS`.
    public var configSearchPath: [String] { Self.unique([configHome] + configDirs) }

    /// Why a directory to write in cannot be determined: neither its own variable nor `$HOME` is
    /// an absolute path, so the default would be a path under `/` that is nobody's.
    public struct UnknownDirectory: Error, Sendable, Equatable, CustomStringConvertible {
        /// The variable that names the directory, such as `XDG_CONFIG_HOME`.
        public var variable: String
        /// What `$HOME` was: nil when unset.
        public var home: String?

        /// The message, with what to set.
        public var description: String {
            let state = home.map { $0.isEmpty ? "empty" : "'\($0)', which is not an absolute path" } ?? "not set"
            return "cannot tell where to write: \(variable) is not an absolute path and HOME is \(state); "
                + "set HOME (or \(variable)) to an absolute path"
        }
    }

    /// `configHome`, for a write: refused when it would be a default under a `$HOME` that is
    /// unset, empty or relative.
    public func configHomeForWriting() throws(UnknownDirectory) -> String {
        try writable(configHome, variable: "XDG_CONFIG_HOME")
    }

    /// `dataHome`, for a write (a package of MIME types, say), refused as `configHomeForWriting`
    /// refuses.
    public func dataHomeForWriting() throws(UnknownDirectory) -> String {
        try writable(dataHome, variable: "XDG_DATA_HOME")
    }

    /// `stateHome`, for a write, refused as `configHomeForWriting` refuses.
    public func stateHomeForWriting() throws(UnknownDirectory) -> String {
        try writable(stateHome, variable: "XDG_STATE_HOME")
    }

    private func writable(_ directory: String, variable: String) throws(UnknownDirectory) -> String {
        if variables[variable]?.hasPrefix("/") == true || variables["HOME"]?.hasPrefix("/") == true { return directory }
        throw UnknownDirectory(variable: variable, home: variables["HOME"])
    }

    /// The locale preferences for localised strings, from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`.
    public var locale: LocalePreferences { LocalePreferences(variables) }

    /// The environment with `XDG_CURRENT_DESKTOP` set to `desktop` (empty: no desktop): another
    /// desktop's view of the same files.
    public func withDesktop(_ desktop: String) -> XDGEnvironment {
        var variables = self.variables
        variables["XDG_CURRENT_DESKTOP"] = desktop
        return XDGEnvironment(variables)
    }

    private static func join(_ base: String, _ relative: String) -> String {
        base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    private static func pathList(_ value: String?, default fallback: [String]) -> [String] {
        let parts = (value ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return parts.isEmpty ? fallback : parts.map(normalised)
    }

    /// Drops a trailing slash so that `/usr/share/` and `/usr/share` name one directory.
    private static func normalised(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.map(normalised).filter { seen.insert($0).inserted }
    }
}
