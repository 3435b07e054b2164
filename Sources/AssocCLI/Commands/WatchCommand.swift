import Associations
import XDGSupport

/// `assoc watch [--status]`: the service that records every change of a default, puts pinned
/// defaults back and tells the user; it runs in `assoc-portal`, which links sd-bus for the
/// desktop's notifications.
enum WatchCommand {
    static let status = OptionDefinition.flag("--status", "say whether a watcher is running, and its process ID")

    static let definition = CommandDefinition(
        name: "watch", summary: "watch what opens each type: record every change, put pinned defaults back, notify",
        forms: ["", "--status"],
        description: """
            Runs in the foreground until it is stopped (SIGTERM, SIGINT or SIGHUP). It watches, with inotify and \
            without polling, the directories whose files decide what opens a type: every configuration directory \
            ($XDG_CONFIG_HOME, $XDG_CONFIG_DIRS) for mimeapps.list and DESKTOP-mimeapps.list, the applications \
            directory of every data directory ($XDG_DATA_HOME, $XDG_DATA_DIRS) and its subdirectories for desktop \
            entries, mimeinfo.cache and the lists kept there, and the mime directory of each for mime.cache. A \
            directory that does not exist yet is watched for as soon as it is made; a list replaced by a rename, \
            or a directory deleted and made again, is followed. Changes are handled in bursts: after a change, \
            once 10 ms pass without another (at most 500 ms after the first), the history records what changed \
            in $XDG_STATE_HOME/assoc/history.jsonl, pinned types are put back, and one notification tells what \
            happened through the desktop's notification service (org.freedesktop.Notifications on the session \
            bus), with Undo and Keep where the service offers actions. Without a session bus the changes are \
            still recorded, and the watcher says once that it cannot notify.

            The running watcher's process ID is in $XDG_RUNTIME_DIR/assoc/watch.pid while it runs. A second \
            assoc watch exits at once with status 0 when one is running, so the systemd user unit \
            (assoc-watch.service) and the autostart entry (assoc-watch.desktop) that make install puts in place \
            never run two. --status says whether a watcher is running.
            """,
        options: [status],
        exitStatus: [
            (0, "stopped by a signal; a watcher runs already; with --status, a watcher is running"),
            (1, "with --status: no watcher is running"),
            (2, "the watcher could not start"),
        ],
        examples: [
            Example(command: "systemctl --user enable --now assoc-watch.service", explanation: "start it now and at each login"),
            Example(command: "assoc watch --status", explanation: "is it running?"),
            Example(command: "assoc watch --verbose", explanation: "run it here, printing each change"),
        ],
        seeAlso: ["assoc-portal(1)", "systemctl(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.isEmpty else { throw UsageError("watch takes no operands", subcommand: "watch") }
        let running = WatcherPIDFile.runningWatcher(context.environment)
        if arguments.has(status) {
            if let running {
                context.output.line("running (process \(running))")
                return .success
            }
            guard WatcherPIDFile.path(context.environment) != nil else {
                context.output.line("unknown: XDG_RUNTIME_DIR is not set, where a running watcher says so")
                return .notFound
            }
            context.output.line("not running")
            return .notFound
        }
        if running != nil { return .success }
        return ServiceExecutable.run("watch", context: context) { _ in ["--watch"] }
    }
}
