import DesktopEntry
import MIMEDatabase
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

    /// What compiling the remembered rules again gives: each rule's types, and the rules skipped.
    public struct Compilation: Sendable {
        /// The rules that apply, each with the types it covers now.
        public var applied: [(rule: Rule, types: [String])] = []
        /// The rules that do not, each with the reason.
        public var skipped: [(rule: Rule, reason: String)] = []

        /// The edits that make each applied rule's application the default of its types.
        public var edits: [MimeAppsEdit] {
            applied.flatMap { rule, types in types.map { MimeAppsEdit.setDefault(type: $0, app: rule.app) } }
        }
    }

    /// Compiles every rule against the types and applications installed now. A rule whose
    /// application is gone is skipped, never widened to every matching type.
    public func compile(database: MIMEDatabase, applications: ApplicationIndex) -> Compilation {
        var result = Compilation()
        for rule in rules().rules {
            guard rule.allTypes || applications.application(rule.app)?.entry != nil else {
                result.skipped.append((rule, "'\(rule.app)' is not installed"))
                continue
            }
            do {
                let target = try AssociationTarget(
                    rule.target, app: rule.app, allTypes: rule.allTypes, database: database,
                    applications: applications)
                result.applied.append((rule, target.types))
            } catch {
                result.skipped.append((rule, error.description))
            }
        }
        return result
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
            var file = KeyFile(
                parsing: old ?? "# Rules kept by 'assoc set'; 'assoc sync' applies them again.\n",
                path: path, diagnostics: &diagnostics)
            file.set(rule.app + ";" + (rule.allTypes ? "all;" : ""), for: rule.target, in: Self.group)
            return file.text
        }
    }
}
