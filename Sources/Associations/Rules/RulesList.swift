import XDGSupport

/// `$XDG_CONFIG_HOME/assoc/rules.list`: the wildcard and extension rules `assoc set` compiled,
/// kept so that `assoc sync` can compile them again after types or applications change.
public struct RulesList: Sendable {
    /// One remembered rule.
    public struct Rule: Sendable, Equatable {
        /// The wildcard or extension.
        public var target: String
        /// The desktop file ID.
        public var app: String
        /// Whether it covers every matching type, not only those the application declares.
        public var allTypes: Bool

        /// A rule.
        public init(target: String, app: String, allTypes: Bool) {
            self.target = target
            self.app = app
            self.allTypes = allTypes
        }
    }

    static let group = "Rules"

    /// The environment whose configuration directory holds the list.
    public let environment: XDGEnvironment

    /// The list of `environment`.
    public init(environment: XDGEnvironment) {
        self.environment = environment
    }

    /// Where the list is read from.
    public var path: String { environment.configHome + "/assoc/rules.list" }

    /// Every rule, and the problems of the file.
    public func rules() -> (rules: [Rule], diagnostics: [Diagnostic]) {
        guard let bytes = try? FileBytes.read(path, limit: AtomicFile.defaultSizeLimit) else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        let rules = file.entries(in: Self.group).compactMap { entry -> Rule? in
            let values = KeyFileValue.list(entry.value)
            guard let app = values.first else { return nil }
            return Rule(target: entry.key, app: app, allTypes: values.contains("all"))
        }
        return (rules, diagnostics)
    }

    /// Forgets the rule for `target`; whether there was one.
    ///
    /// - Throws: `XDGEnvironment.UnknownDirectory`, `AtomicFile.Failure`.
    @discardableResult
    public func forget(_ target: String) throws -> Bool {
        guard rules().rules.contains(where: { $0.target == target }) else { return false }
        let path = try environment.configHomeForWriting() + "/assoc/rules.list"
        try AtomicFile.update(path) { old in
            var diagnostics: [Diagnostic] = []
            var file = KeyFile(parsing: old ?? "", path: path, diagnostics: &diagnostics)
            return file.remove(target, in: Self.group) ? file.text : nil
        }
        return true
    }

    /// Remembers TARGET=APP (`;all` marks `allTypes`), atomically.
    ///
    /// - Throws: `XDGEnvironment.UnknownDirectory`, `AtomicFile.Failure`.
    public func record(_ rule: Rule) throws {
        let path = try environment.configHomeForWriting() + "/assoc/rules.list"
        try AtomicFile.update(path) { old in
            var diagnostics: [Diagnostic] = []
            var file = KeyFile(parsing: old ?? "# Rules kept by 'assoc set'; 'assoc sync' applies them again.\n",
                               path: path, diagnostics: &diagnostics)
            file.set(rule.app + ";" + (rule.allTypes ? "all;" : ""), for: rule.target, in: Self.group)
            return file.text
        }
    }
}
