#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Associations
import MIMEDatabase
import XDGSupport

/// `assoc check [--json] [--fix] [--dry-run] [DIR...]`: every problem in the configuration, and the
/// safe fixes.
enum CheckCommand {
    static let command = Command(name: "check", help: help, run: run)

    static let help = """
        Usage: assoc check [--json] [--fix [--dry-run]] [DIR...]

        Finds every problem in the configuration that decides default applications: each
        mimeapps.list, defaults.list and mimeinfo.cache in the order they are read, the desktop
        entries they name and that declare types, and the MIME database. Each problem is printed
        as FILE:LINE: SEVERITY: MESSAGE [KIND], with a suggested fix on the next line.

        It reports defaults that are not installed, hidden, whose TryExec or program is missing,
        that are not applications, or that are not associated with their type; an application
        both added and removed; [Added Associations] or [Removed Associations] in a
        desktop-specific list; alias and wildcard keys, invalid keys and IDs; lines that are not
        key=value; stale mimeinfo.cache and mime.cache files; Exec lines with unknown field codes
        or two file codes; desktop file IDs used twice; broken entries and MIME files; a user list
        that is a symbolic link or read-only; temporary files an interrupted assoc left (older than
        ten minutes) in the directories it writes its lists in and in each DIR given (the
        destinations of import, export and move).

        Severity: error (invalid, or not what it says), warning (works, but not everywhere or not
        as written), note (worth knowing). A problem in a file that is not the user's own (outside
        $XDG_CONFIG_HOME and $XDG_DATA_HOME) is at most a note unless it is an error.

        Options:
          --json              JSON Lines: severity, path, line, message, kind, fix, fixable
          --fix               apply the safe fixes to the user's lists, through the same lossless,
                              atomic editing as 'assoc set': associate a default with its type,
                              drop an application from [Removed Associations] where it is also
                              added, write an alias key as its canonical type, remove a leftover
                              temporary file; then check again
          --dry-run           with --fix, print the changes as a unified diff and write nothing
          -h, --help          show this help

        Exit status: 0 when nothing but notes is found (or left, after --fix), 1 when an error or
        a warning is, 2 on a usage error or when a fix cannot be written.
        """

    static let specs = [OptionSpec(long: "--json"), OptionSpec(long: "--fix"), OptionSpec(long: "--dry-run")]

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: specs, subcommand: "check")
        for directory in arguments.operands where !FileBytes.isDirectory(directory) {
            throw UsageError("'\(directory)' is not a directory", subcommand: "check")
        }
        let leftoverDirectories = arguments.operands
        let json = arguments.has("--json")
        let fix = arguments.has("--fix")
        let dryRun = arguments.has("--dry-run")
        if dryRun && !fix { throw UsageError("'--dry-run' goes with '--fix'", subcommand: "check") }
        if dryRun && json {
            throw UsageError("'--dry-run' prints a diff, which is not JSON; use one or the other", subcommand: "check")
        }
        // The problems are the report: loading's own warnings are not printed a second time.
        let database = MIMEDatabase(environment: context.environment, source: context.databaseSource)
        let problems = ConfigurationChecker(resolver: AssociationResolver(environment: context.environment, database: database),
                                            leftoverSearchDirectories: leftoverDirectories).problems(summarized: false)
        guard fix else {
            print(problems, json: json, context)
            return status(of: problems)
        }
        let edits = CheckFixes.edits(for: problems)
        let removals = problems.compactMap { $0.fix?.removal }
        if dryRun {
            print(problems, json: false, context)
            for path in removals { context.output.untrustedLine("would remove '\(path)'") }
            return try CheckFixes.apply(edits, dryRun: true, context: context, database: database, removing: removals.count)
                .combined(with: status(of: problems))
        }
        let written = try CheckFixes.apply(edits, dryRun: false, context: context, database: database)
            .combined(with: CheckFixes.remove(removals, context: context))
        let remaining = ConfigurationChecker(resolver: AssociationResolver(environment: context.environment, database: database),
                                             leftoverSearchDirectories: leftoverDirectories).problems(summarized: false)
        let fixedCount = problems.filter { $0.fix?.isAutomatic == true }.count
            - remaining.filter { $0.fix?.isAutomatic == true }.count
        print(remaining, json: json, context)
        if !json { context.output.line("fixed \(max(fixedCount, 0)) problem\(fixedCount == 1 ? "" : "s")") }
        return written.combined(with: status(of: remaining))
    }

    /// 1 when an error or a warning is left, else 0.
    static func status(of problems: [ConfigurationProblem]) -> ExitStatus {
        problems.contains { $0.severity != .note } ? .notFound : .success
    }

    private static func print(_ all: [ConfigurationProblem], json: Bool, _ context: CommandContext) {
        let problems = ConfigurationChecker.summarized(all)
        for problem in problems {
            if json {
                context.output.line(JSONValue.object([("severity", .string(problem.severity.rawValue))]
                    + JSONValue.path("path", problem.path) + [
                    ("line", problem.line.map(JSONValue.int) ?? .null), ("message", .string(problem.message)),
                    ("kind", .string(problem.kind.rawValue)), ("fix", .optional(problem.fix?.suggestion)),
                    ("fixable", .bool(problem.fix?.isAutomatic == true)),
                ]).rendered)
            } else {
                context.output.untrustedLine(problem.description)
                if let fix = problem.fix {
                    context.output.untrustedLine((fix.isAutomatic ? "  fix (--fix does it): " : "  fix: ") + fix.suggestion)
                }
            }
        }
        guard !json else { return }
        if all.isEmpty {
            context.output.line("no problems found")
        } else {
            let counts = ConfigurationProblem.Severity.allCases.map { severity in
                (severity, all.filter { $0.severity == severity }.count)
            }
            context.output.line(counts.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", "))
        }
    }
}

/// The edits that the automatic fixes of a check make, file by file.
enum CheckFixes {
    /// The edits, grouped by the list they change, in the order the problems came.
    static func edits(for problems: [ConfigurationProblem]) -> [(file: String, edits: [MimeAppsEdit])] {
        var result: [(file: String, edits: [MimeAppsEdit])] = []
        for problem in problems {
            guard let fix = problem.fix, let file = fix.file, let edit = fix.edit else { continue }
            if let index = result.firstIndex(where: { $0.file == file }) {
                if !result[index].edits.contains(edit) { result[index].edits.append(edit) }
            } else {
                result.append((file, [edit]))
            }
        }
        return result
    }

    /// Writes (or with `dryRun` shows) each file's edits; the worst status of the writes.
    static func apply(_ edits: [(file: String, edits: [MimeAppsEdit])], dryRun: Bool, context: CommandContext,
                      database: MIMEDatabase, removing removalCount: Int = 0) throws -> ExitStatus {
        if edits.isEmpty && !dryRun { return .success }
        if edits.isEmpty {
            if removalCount == 0 { context.output.line("nothing to fix automatically") }
            return .success
        }
        var status = ExitStatus.success
        for (file, fileEdits) in edits {
            status = status.combined(with: try ListWriter.write(fileEdits, to: file, dryRun: dryRun, context: context))
        }
        return status
    }

    /// Removes the leftover temporaries; 2 when one could not be removed.
    static func remove(_ paths: [String], context: CommandContext) -> ExitStatus {
        var status = ExitStatus.success
        for path in paths where unlink(PathCoding.cString(path)) != 0 && errno != ENOENT {
            context.output.error("cannot remove '\(path)': \(FileBytes.Failure.fromErrno().reason)")
            status = .failure
        }
        return status
    }
}
