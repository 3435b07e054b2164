import Associations
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc history [TYPE…] [--since TIME] [--json]`: the changes of effective defaults, newest first.
enum HistoryCommand {
    static let historyFiles: [(String, String)] = [
        ("$XDG_STATE_HOME/assoc/history.jsonl", "the journal, one JSON object per change (history.1.jsonl: the older part)"),
        ("$XDG_STATE_HOME/assoc/defaults-snapshot.json", "the state the next comparison starts from"),
        ("$XDG_CONFIG_HOME/assoc/pins.list", "the pinned types, one TARGET=APP; line each under [Pins]"),
        ("$XDG_RUNTIME_DIR/assoc/watch.pid", "the process ID of assoc watch while it runs"),
    ]

    static let seeAlso = ["assoc-undo(1)", "assoc-pin(1)", "assoc-explain(1)", "assoc-check(1)"]

    static let causesSection = ManSection(
        title: "CAUSES",
        text: """
            assoc
              an assoc command (set, unset, add, remove, reset, sync, check --fix, undo, a pin's restore, the screens, \
            xdg-mime and xdg-settings run as assoc) wrote the list; the record names the command.

            list-edit
              another program changed a mimeapps.list or defaults.list: the record names the file and the lines added \
            and removed.

            last-used
              an application was moved to the front of the type's [Added Associations] line, as GIO does for the \
            application last chosen in an Open-with dialog.

            application-installed, application-removed
              a desktop entry (or the mimeinfo.cache that indexes it) appeared or went away, and with it the \
            application chosen.

            type-database
              a package of the shared-mime-info database changed the type's aliases, parents or globs, or gave a file \
            name pattern (*.htm) to another type.

            unexplained
              nothing in the files compared explains the change.
            """)

    static let definition = CommandDefinition(
        name: "history", summary: "show the changes of the effective defaults, with their causes",
        forms: ["[--since TIME] [--json] [TYPE...]"],
        description: """
            Prints each recorded change of an effective default, newest first: the type, what it opens in now \
            and opened in before (by assoc's own resolution, else as GIO or xdg-open see it), when, and why. \
            An effective default is what assoc, GIO (gio open) and xdg-open (xdg-mime query default) would \
            open, for the session's desktop and for each desktop that has its own DESKTOP-mimeapps.list.

            When assoc watch is not running, history first compares the current state with the snapshot \
            taken last and records what changed since, with the cause the files show, so the history is \
            useful on a system where the watcher never ran. The first run takes the snapshot the history \
            starts from. With TYPE, only the changes of those types.

            The journal is $XDG_STATE_HOME/assoc/history.jsonl, one JSON object per change, appended to; past \
            1 MiB it is renamed history.1.jsonl (replacing the older one), so at most 2 MiB are kept.
            """,
        options: [
            .value(
                "--since", "TIME",
                "only changes at or after TIME: YYYY-MM-DD[THH:MM[:SS]][Z] (UTC), HH:MM today (local time), or a "
                    + "duration ago such as 30m, 2h or 7d"),
            .flag(
                "--json",
                "one JSON object per change, as the journal has it: id, time, type, before, after, changed, cause, "
                    + "command, file, added, removed, application, detail, files, process"),
        ],
        operands: [OperandDefinition(name: "TYPE...", completion: .mimeType)],
        exitStatus: [(0, "at least one change is shown"), (1, "none"), (2, "a usage error or a failure")],
        manSections: [causesSection], files: historyFiles,
        examples: [
            Example(command: "assoc history", explanation: "every change, newest first"),
            Example(command: "assoc history --since 2h application/pdf", explanation: "what happened to PDFs lately"),
            Example(
                command: "assoc history --json | jq -r 'select(.cause != \"assoc\") | .id'", explanation: "changes made by others"
            ),
        ],
        seeAlso: seeAlso)

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let since = try arguments.value("--since").map { text in
            guard let time = parseSince(text, now: DefaultsHistoryClock.now()) else {
                throw UsageError("'\(text)' is not a time (YYYY-MM-DD[THH:MM], HH:MM, or 30m, 2h, 7d)", subcommand: "history")
            }
            return time
        }
        let history = DefaultsHistory(environment: context.environment)
        catchUp(history, context: context)
        let types = Set(arguments.operands.map(context.database.canonicalName))
        let records = history.records().filter { record in
            (types.isEmpty || types.contains(record.type)) && (since.map { record.time >= $0 } ?? true)
        }
        for record in records {
            if arguments.has("--json") {
                context.output.line(record.json.rendered)
            } else {
                context.output.untrustedLine("\(record.id)  " + words(record, context))
            }
        }
        do {
            try history.journal.markRead()
        } catch {
            context.output.warning(error.description)
        }
        if records.isEmpty && !arguments.has("--json") { context.output.line("no change recorded") }
        return records.isEmpty ? .notFound : .success
    }

    /// Records what changed since the last snapshot unless the watcher runs (it records as things
    /// change); says so when this starts the history.
    static func catchUp(_ history: DefaultsHistory, context: CommandContext) {
        guard WatcherStatus.runningPID(context.environment) == nil else { return }
        let started = history.hasStarted
        do {
            _ = try history.recordChanges(process: nil)
            if !started {
                context.output.errorText(
                    "assoc: note: the history starts now; changes from here on are recorded (assoc watch records them as they happen)\n"
                )
            }
        } catch {
            context.output.warning("cannot record the changes since the last snapshot: \(error.description)")
        }
    }

    /// The record in words, with its time in local time.
    static func words(_ record: HistoryRecord, _ context: CommandContext) -> String {
        record.sentence(since: "Since " + localTime(record.time), home: context.environment.home)
    }

    /// `HH:MM` for today, else `YYYY-MM-DD HH:MM`, in the process's local time.
    static func localTime(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var now = time_t(DefaultsHistoryClock.now())
        var parts = tm()
        var today = tm()
        localtime_r(&time, &parts)
        localtime_r(&now, &today)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let clock = two(parts.tm_hour) + ":" + two(parts.tm_min)
        if parts.tm_year == today.tm_year && parts.tm_yday == today.tm_yday { return clock }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) " + clock
    }

    /// Reads `--since`: a journal time, `HH:MM` today in local time, or `N` followed by `s`, `m`,
    /// `h` or `d` ago.
    static func parseSince(_ text: String, now: Int64) -> Int64? {
        if let unit = text.last, let count = Int64(text.dropLast()), count >= 0 {
            let seconds: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
            if let factor = seconds[unit] { return now - count * factor }
        }
        let clock = text.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2, !text.contains("-"), let hour = Int32(clock[0]), let minute = Int32(clock[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        {
            var current = time_t(now)
            var parts = tm()
            localtime_r(&current, &parts)
            parts.tm_hour = hour
            parts.tm_min = minute
            parts.tm_sec = 0
            parts.tm_isdst = -1
            return Int64(mktime(&parts))
        }
        return JournalTime.parse(text)
    }
}

/// The wall clock, for the times the history commands show and compare.
enum DefaultsHistoryClock {
    /// Seconds since the epoch, now.
    static func now() -> Int64 { Int64(time(nil)) }
}
