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

    /// More directories to look in for temporaries a killed assoc left, beside its own (the
    /// destinations of transfers).
    public let leftoverSearchDirectories: [String]

    /// Creates a checker over what `resolver` read; `leftoverSearchDirectories` are searched for
    /// leftover temporaries too.
    public init(resolver: AssociationResolver, leftoverSearchDirectories: [String] = []) {
        self.resolver = resolver
        self.leftoverSearchDirectories = leftoverSearchDirectories
    }

    /// The most problems of one kind listed for one file; the rest are counted in one more, so
    /// that a list of a million bad lines gives a report a person can read.
    public static let problemsShownPerKind = 20

    /// Every problem, sorted by file and line; with `summarized`, at most
    /// `problemsShownPerKind` of one kind in one file, and one more that counts the rest.
    public func problems(summarized: Bool = true) -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        found += listProblems()
        found += userListProblems()
        found += entryProblems()
        found += cacheProblems()
        found += databaseProblems()
        found += leftoverProblems()
        found += historyProblems()
        found += roleProblems()
        let sorted = found.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.path != b.path { return a.path < b.path }
            if a.line != b.line { return (a.line ?? 0) < (b.line ?? 0) }
            return left.offset < right.offset
        }.map(\.element)
        return summarized ? Self.summarized(sorted) : sorted
    }

    /// Keeps the first problems of each kind in each file, and one more that counts the rest
    /// (without an automatic fix: `--fix` takes its edits from the whole list).
    public static func summarized(_ problems: [ConfigurationProblem]) -> [ConfigurationProblem] {
        var counts: [String: Int] = [:]
        var result: [ConfigurationProblem] = []
        var summaries: [String: Int] = [:]
        for problem in problems {
            let key = problem.kind.rawValue + "\u{0}" + problem.path
            counts[key, default: 0] += 1
            let count = counts[key]!
            if count <= problemsShownPerKind {
                result.append(problem)
            } else if count == problemsShownPerKind + 1 {
                var summary = problem
                summary.message = "more problems like these"
                summary.fix = problem.fix.map { ConfigurationFix($0.suggestion) }
                summaries[key] = result.count
                result.append(summary)
            }
        }
        for (key, index) in summaries {
            result[index].message = "\(counts[key]! - problemsShownPerKind) more problems like these"
        }
        return result
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
    func problem(
        _ kind: ProblemKind, _ severity: ConfigurationProblem.Severity, path: String, line: Int? = nil,
        _ message: String, fix: ConfigurationFix? = nil
    ) -> ConfigurationProblem {
        let adjusted = severity == .warning && !isUsers(path) ? .note : severity
        return ConfigurationProblem(kind: kind, severity: adjusted, path: path, line: line, message: message, fix: fix)
    }

    /// The problems of the MIME database that loading reported: broken packages and caches,
    /// cycles in the hierarchy. (A cache older than its packages is `cacheProblems`' business.)
    func databaseProblems() -> [ConfigurationProblem] {
        database.diagnostics.filter { $0.severity == .warning }.map { diagnostic in
            problem(
                .mimeData, .warning, path: diagnostic.path, line: diagnostic.line, diagnostic.message,
                fix: ConfigurationFix("repair or remove the file, then run update-mime-database on its mime/ directory"))
        }
    }
}
