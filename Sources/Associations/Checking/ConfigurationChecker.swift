import DesktopEntry
import MIMEDatabase
import XDGSupport

/// Finds every problem in the effective configuration of an environment: its lists, the desktop
/// entries they name and that declare types, and the caches that index both (`assoc check`).
///
/// Each problem names its file and line, says what breaks and for which readers, and carries a
/// fix; the safe fixes are edits of the user's own list that `--fix` applies. A problem in a file
/// the user cannot change (a distribution's list, a system entry) is at most a note, unless it is
/// an outright error of the file.
public struct ConfigurationChecker: Sendable {
    /// The resolver whose lists, entries and database are checked.
    public let resolver: AssociationResolver

    /// Creates a checker over what `resolver` read.
    public init(resolver: AssociationResolver) {
        self.resolver = resolver
    }

    /// Every problem, sorted by file and line.
    public func problems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        found += listProblems()
        found += userListProblems()
        found += entryProblems()
        found += cacheProblems()
        found += databaseProblems()
        return found.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.path != b.path { return a.path < b.path }
            if a.line != b.line { return (a.line ?? 0) < (b.line ?? 0) }
            return left.offset < right.offset
        }.map(\.element)
    }

    // MARK: - Shared helpers

    var environment: XDGEnvironment { resolver.environment }
    var database: MIMEDatabase { resolver.database }
    var applications: ApplicationIndex { resolver.applications }

    /// The list the user's own associations are written to.
    var userList: String { environment.configHome + "/mimeapps.list" }

    /// Whether `path` is in a directory of the user's own: `$XDG_CONFIG_HOME` or `$XDG_DATA_HOME`.
    func isUsers(_ path: String) -> Bool {
        [environment.configHome, environment.dataHome].contains { path.hasPrefix($0 + "/") }
    }

    /// A problem whose warning becomes a note in a file that is not the user's.
    func problem(_ kind: ProblemKind, _ severity: ConfigurationProblem.Severity, path: String, line: Int? = nil,
                 _ message: String, fix: ConfigurationFix? = nil) -> ConfigurationProblem {
        let adjusted = severity == .warning && !isUsers(path) ? .note : severity
        return ConfigurationProblem(kind: kind, severity: adjusted, path: path, line: line, message: message, fix: fix)
    }

    /// The problems of the MIME database that loading reported: broken packages and caches,
    /// cycles in the hierarchy. (A cache older than its packages is `cacheProblems`' business.)
    func databaseProblems() -> [ConfigurationProblem] {
        database.diagnostics.filter { $0.severity == .warning }.map { diagnostic in
            problem(.mimeData, .warning, path: diagnostic.path, line: diagnostic.line, diagnostic.message,
                    fix: ConfigurationFix("repair or remove the file, then run update-mime-database on its mime/ directory"))
        }
    }
}
