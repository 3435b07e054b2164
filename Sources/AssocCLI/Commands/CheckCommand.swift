import Associations
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc check [--json] [--fix] [--dry-run] [DIR...]`: every problem in the configuration, and the
/// safe fixes.
enum CheckCommand {
    static let definition = CommandDefinition(
        name: "check", summary: "find every problem in the configuration, with file, line and a fix",
        forms: ["[--json] [--fix [--dry-run]] [DIR...]", "--xdg-utils"],
        description: """
            Reads everything that decides which application opens what: each mimeapps.list, \
            desktop-specific DESKTOP-mimeapps.list, defaults.list and mimeinfo.cache in the order of the \
            mime-apps specification (see assoc-default(1)), the desktop entries of every applications/ \
            directory, and the MIME database of every mime/ directory. Each problem is printed on one line \
            as FILE:LINE: SEVERITY: MESSAGE [KIND], followed by a line with a suggested fix, and a count at \
            the end. The line is left out where the problem is the whole file.

            Severity: error (the file is invalid or does not do what it says), warning (it works, but not \
            in every tool or not as written), note (worth knowing). A problem in a file outside \
            $XDG_CONFIG_HOME and $XDG_DATA_HOME, such as a distribution's list, is at most a note unless it \
            is an error of the file: it is normal for a distribution's defaults to name applications that \
            are not installed.

            Each DIR is searched for temporary files an interrupted assoc left, as the directories assoc \
            writes its lists in are.

            Once the history has started (see assoc-history(1)), check records the changes made since its \
            last snapshot (unless assoc watch runs and records them), and warns about each type whose \
            effective default another program changed since assoc history was last read (default-changed), \
            and about each pin that nothing defends because assoc watch is not running (pin-undefended).
            """,
        options: [
            .flag(
                "--json",
                "one JSON object per problem: severity, path, line (null when none), message, kind, fix "
                    + "(the suggestion) and fixable (whether --fix applies it)"),
            .flag(
                "--fix",
                "apply the safe fixes, then check again and print what is left and how many were fixed: "
                    + "through the lossless, atomic editing of assoc set, a default that is not associated is associated, "
                    + "an application both added and removed keeps its addition, an alias key is written as its "
                    + "canonical type, an application that is not installed is taken out of the user's [Default Applications] "
                    + "and [Added Associations]; a leftover temporary file is removed. A read-only list is not written; the "
                    + "change is printed instead"),
            .flag("--dry-run", "with --fix, print the changes as a unified diff and write nothing"),
            .flag(
                "--xdg-utils",
                "instead, say which xdg-open, xdg-mime and xdg-settings a PATH lookup finds, whether each is "
                    + "assoc's (see assoc-xdg-open(1)), and what each would open for a PDF, an https URL and a folder; "
                    + "exit status 1 unless all three are assoc's"),
        ],
        operands: [OperandDefinition(name: "DIR...", completion: .directory)],
        exitStatus: [
            (0, "nothing but notes is found (after --fix: left)"), (1, "an error or a warning is"),
            (2, "a usage error, or a fix cannot be written"),
        ],
        manSections: [
            JSONNames.section(fields: "path"),
            ManSection(
                title: "PROBLEMS",
                text: """
                    default-missing, default-hidden, default-try-exec, default-program-missing
                      A [Default Applications] entry names an application that is not installed, whose entry says
                      Hidden=true, whose TryExec program is missing, or whose Exec program is not on PATH. Every
                      reader passes over it. In the user's own list, --fix takes the name of an application that is
                      not installed out of the line.

                    association-missing
                      An [Added Associations] entry names an application that is not installed. In the user's own
                      list, --fix takes it out of the line (without adding it to [Removed Associations]).

                    default-not-application, default-broken
                      It names a Link or Directory entry, or one that cannot be loaded or run.

                    default-not-associated
                      The default is not associated with its type. The specification requires the association, so
                      assoc passes over such a default; GIO does not, so the two disagree.

                    role-default-missing, role-default-undeclared
                      An [Edit Applications] or [Markup Applications] line of assoc/roles.list names an application
                      that is not installed or cannot be used (the role passes over it), or one that declares neither
                      the type nor a supertype of it (the role uses it, since it was chosen, but it may not open it).

                    added-and-removed
                      One list adds and removes the same application for the same type, which the specification
                      calls invalid. GIO and assoc let the addition win.

                    desktop-list-associations
                      [Added Associations] or [Removed Associations] in a desktop-specific list or in defaults.list,
                      where every reader ignores them.

                    alias-key, wildcard-key, invalid-key, invalid-id
                      A key that is an alias or another spelling of a type (xdg-mime and handlr look up the
                      canonical name only); a key with * or ?, which GIO, xdg-mime and KDE ignore; a key that is no
                      MIME type; a value that is no desktop file ID (such as evince.deskto).

                    list-syntax, unreadable-file
                      A line that is not a comment, a group or key=value; a list that is not UTF-8, or that cannot
                      be read (a directory, a FIFO or a device, a dangling link, no permission, over 64 MiB).

                    stale-mimeinfo-cache, stale-mime-cache
                      A mimeinfo.cache that says something else than the entries of its directory (an entry
                      removed, hidden or changed, or one it does not list), or none where entries declare types; a
                      mime.cache older than its packages/, or none beside them: GIO and xdg-mime read their
                      associations and types from these files, so they see what is no longer true.

                    duplicate-key, misspelled-group
                      A key written twice in one group (GIO reads only the last line, xdg-mime only the first,
                      assoc merges them); a group whose name is a near miss of [Default Applications], [Added
                      Associations] or [Removed Associations], whose lines every reader ignores.

                    exec-syntax, exec-field-code, exec-file-codes
                      An Exec line that cannot be split; a field code the specification does not define (the line
                      must then not be run), a field code in the program itself (a target would be run), %F, %U
                      or %i inside a longer argument, a field code inside quotes, a deprecated code; more than one
                      of %f, %F, %u, %U.

                    entry-alias-type, duplicate-id, broken-entry
                      MimeType= lists an alias; two files have one desktop file ID (in one directory, where which
                      one is used is undefined, or in two, where one masks the other); an entry no tool can load.

                    working-directory-missing
                      Path= names no existing directory, so no launch of the entry can start.

                    mime-data
                      A broken package, an unreadable or corrupt mime.cache, a cycle of sub-class-of.

                    symlinked-list, read-only-list
                      The user's mimeapps.list is a symbolic link, which desktop settings replace with a file, or it
                      cannot be written, so no tool can record a choice.

                    leftover-temporary
                      A temporary file that an interrupted assoc left: .NAME.assoc-XXXXXX beside a list it was
                      rewriting, or .assoc-copy-XXXXXX, a copy in progress. SIGINT, SIGTERM and SIGHUP remove them at
                      once; SIGKILL or a power cut cannot. Only files older than ten minutes are reported (a younger
                      one may belong to an assoc still running), in $XDG_CONFIG_HOME, $XDG_CONFIG_HOME/assoc,
                      $XDG_STATE_HOME/assoc and each DIR given, such as the destination of an assoc import. --fix
                      removes them.

                    default-changed
                      Another program (not an assoc command) changed the effective default of a type since assoc
                      history was last read: the cause is named as assoc history words it, with the file and line
                      where a list was edited. assoc undo ID puts the old default back; assoc pin keeps the new one.

                    pin-undefended
                      A type is pinned (assoc pin) but assoc watch is not running, so nothing restores it when
                      another program changes it.
                    """),
        ],
        examples: [
            Example(command: "assoc check", explanation: "every problem, with its fix"),
            Example(command: "assoc check --json | jq 'select(.severity != \"note\")'", explanation: "errors and warnings only"),
            Example(command: "assoc check --fix --dry-run", explanation: "the diff the safe fixes would make"),
            Example(command: "assoc check ~/Downloads", explanation: "also look for unfinished copies in ~/Downloads"),
        ],
        seeAlso: [
            "assoc-default(1)", "assoc-explain(1)", "assoc-set(1)", "desktop-file-validate(1)",
            "update-desktop-database(1)", "update-mime-database(1)",
        ])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if arguments.has("--xdg-utils") {
            guard arguments.operands.isEmpty, !arguments.has("--json"), !arguments.has("--fix") else {
                throw UsageError("'--xdg-utils' goes alone", subcommand: "check")
            }
            return DropInReport.run(context)
        }
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
        // Changes made since the history's last snapshot are recorded first, unless the watcher
        // records them as they happen; a history never started is not started by a check.
        let history = DefaultsHistory(environment: context.environment)
        if history.hasStarted { HistoryCommand.catchUp(history, context: context) }
        // The problems are the report: loading's own warnings are not printed a second time.
        let database = MIMEDatabase(environment: context.environment, source: context.databaseSource)
        let problems = ConfigurationChecker(
            resolver: AssociationResolver(environment: context.environment, database: database),
            leftoverSearchDirectories: leftoverDirectories
        ).problems(summarized: false)
        guard fix else {
            print(problems, json: json, context)
            return status(of: problems)
        }
        let edits = CheckFixes.edits(for: problems)
        let removals = problems.compactMap { $0.fix?.removal }
        if dryRun {
            print(problems, json: false, context)
            return try CheckFixes.apply(edits, removing: removals, dryRun: true, context: context)
                .combined(with: status(of: problems))
        }
        let written = try CheckFixes.apply(edits, removing: removals, dryRun: false, context: context)
        let remaining = ConfigurationChecker(
            resolver: AssociationResolver(environment: context.environment, database: database),
            leftoverSearchDirectories: leftoverDirectories
        ).problems(summarized: false)
        let fixedCount =
            problems.filter { $0.fix?.isAutomatic == true }.count
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
                context.output.line(
                    JSONValue.object(
                        [("severity", .string(problem.severity.rawValue))]
                            + JSONValue.path("path", problem.path) + [
                                ("line", problem.line.map(JSONValue.int) ?? .null), ("message", .string(problem.message)),
                                ("kind", .string(problem.kind.rawValue)), ("fix", .optional(problem.fix?.suggestion)),
                                ("fixable", .bool(problem.fix?.isAutomatic == true)),
                            ]
                    ).rendered)
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

    /// Writes each file's edits and removes the leftover temporaries, or with `dryRun` shows
    /// the diffs and the files it would remove; the worst status of the writes and removals.
    static func apply(
        _ edits: [(file: String, edits: [MimeAppsEdit])], removing removals: [String], dryRun: Bool,
        context: CommandContext
    ) throws -> ExitStatus {
        if dryRun {
            for path in removals { context.output.untrustedLine("would remove '\(path)'") }
            if edits.isEmpty && removals.isEmpty { context.output.line("nothing to fix automatically") }
        }
        var status = ExitStatus.success
        for (file, fileEdits) in edits {
            status = status.combined(
                with: EditRendering.write(
                    fileEdits, to: file, dryRun: dryRun, command: "assoc check --fix", context: context))
        }
        guard !dryRun else { return status }
        for path in removals where unlink(PathCoding.cString(path)) != 0 && errno != ENOENT {
            context.output.error("cannot remove '\(path)': \(FileBytes.Failure.fromErrno().reason)")
            status = .failure
        }
        return status
    }
}
