import Associations
import DocumentProvider
import Launching
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc open [--with APP] [--dry-run] [--json] [--strict] [--inline] TARGET...`.
enum OpenCommand {
    static let definition = CommandDefinition(
        name: "open", summary: "open files and URLs with their applications, never through a shell",
        forms: [
            "[--with APP] [--choose | --selector CMD] [--dry-run] [--json] [--strict] [--inline] TARGET...",
            "--edit [--with APP] [--choose] [--dry-run] TARGET...",
            "--markup [--copy | --in-place] [--with APP] [--dry-run] FILE...",
        ],
        description: """
            Each TARGET is typed (a path, a file:// URL with percent-decoding, or any other URL as \
            x-scheme-handler/SCHEME) and given to its application: the file's per-file choice first (see \
            assoc-set(1) --file), then the default of its type (see assoc-default(1)), or APP with --with. \
            Targets are grouped per application in the order given, and none is dropped.

            The entry's Exec line is split by the Desktop Entry quoting rules and its field codes expanded: \
            %f and %u start one process per target, %F and %U one process with all; %i, %c, %k and %% as the \
            specification says; deprecated codes are dropped; any other code makes the entry invalid. With no \
            file code the targets are appended, one process each, as GIO does. A local file reaches the \
            application as its absolute path (%f, %F, appended), or as its file:// URL where the entry asks for \
            URLs (%u, %U), as GIO passes it; a URL given to a %f application is refused, never downloaded \
            silently. Each argument reaches the program exactly as it is, file names that are not UTF-8 \
            included: argv is executed with posix_spawn, never through a shell, detached in a new session, \
            with standard input from /dev/null, in the entry's Path=.

            Terminal=true entries run in $TERMINAL, else xdg-terminal-exec, else the first installed of \
            gnome-terminal, kgx, konsole, xfce4-terminal, mate-terminal, tilix, alacritty, kitty, foot, \
            wezterm, x-terminal-emulator and xterm, each with its own way to pass a command; with --inline, \
            when standard input and output are a terminal, here.

            --edit opens each TARGET with its edit application, --markup with its markup application, as \
            assoc-default(1) --role finds them (docs/roles.md); mimeapps.list's default is only their last \
            resort. --markup works on the file itself, unless the file came from elsewhere (its \
            user.xdg.origin.url attribute says where) or cannot be written: then on a copy beside it named \
            'NAME (marked up).EXT', numbered as 'NAME (marked up) (2).EXT' when that exists, created under a \
            free name so that nothing is overwritten, with the original's bytes untouched; the copy's path is \
            printed. --copy always makes the copy, --in-place never does.
            """,
        options: [
            .flag("--edit", "open with the edit application of each target's type, not the view default"),
            .flag("--markup", "open with the markup (annotation) application; a download is marked up on a copy"),
            .flag("--copy", "with --markup, always work on a copy beside the file"),
            .flag("--in-place", "with --markup, always work on the file itself"),
            .value("--with", "APP", completion: .desktopID, "open with APP: a desktop file ID, or a unique prefix or name"),
            .flag("--choose", "choose the application from a numbered list, even when there is a default"),
            .value("--selector", "CMD", completion: .command, "choose with a menu program such as fzf or 'rofi -dmenu'"),
            .flag("--dry-run", "print the argument vector of each process and start nothing"),
            .flag("--json", "with --dry-run, one JSON object per process: app, argv, targets"),
            .flag("--strict", "refuse a download whose name and content disagree, and use no per-file choice"),
            .flag("--inline", "run a terminal application in this terminal"),
        ],
        operands: [OperandDefinition(name: "TARGET...", completion: .file)],
        exitStatus: [
            (0, "every target was opened"), (1, "a target has no application (the candidates are listed)"),
            (2, "an error or a refusal; a target that cannot be opened is reported and the others are still opened"),
        ],
        manSections: [
            ManSection(
                title: "CHOOSING",
                text: """
                    With no default, on a terminal, a numbered list of the recommended and fallback applications is \
                    offered on standard error and a number read from standard input; --choose offers it even when \
                    there is a default. Elsewhere the exit status is 1 and the candidates are listed. --selector CMD \
                    runs a menu program (split by the Exec quoting rules, no shell) with one ID<TAB>Name line per \
                    candidate on its standard input, and takes the ID it prints, which must be one of them; a \
                    non-zero exit or an unknown answer is a cancel: exit 1, nothing opened.
                    """),
            ManSection(
                title: "SAFETY",
                text: """
                    A file is never run as a program. A script or a desktop entry goes to the handler of its type (a \
                    text editor, through text/plain); an executable with no handler is refused with the reason. A \
                    downloaded file (one with user.xdg.origin.url) whose name and content disagree, such as \
                    invoice.pdf whose content is an ELF executable, is warned about, naming both types and the \
                    origin; --strict refuses it. An entry whose Exec program is itself a field code (Exec=%f, %u, \
                    %k...) is refused, so no target is ever the program; local files reach the application as absolute \
                    paths or file:// URLs, so that neither the entry's Path= nor a leading - changes what is opened; a \
                    file:// URL with a malformed escape, a NUL (%00) or an encoded / (%2F) is refused. --with refuses \
                    an entry the application index cannot use (Hidden=true, a missing TryExec or program), with the \
                    reason; a script or an executable opened --with an application that takes neither its type nor \
                    a parent of it is refused. A downloaded script or executable whose handler nobody chose (one \
                    found only because it declares the type, not named by a [Default Applications] line) is \
                    refused, since that handler may be an interpreter: --with or assoc set chooses one.

                    A per-file choice (assoc set --file) is used only when its application is associated with the \
                    file's type or a parent of it. assoc set --file records the choice in \
                    $XDG_STATE_HOME/assoc/open-with.list as well as in the user.assoc.open-with attribute; on a \
                    downloaded file an attribute without that record (one that came with the file) is ignored with a \
                    warning that says how to confirm it. With --strict no per-file choice is used.
                    """),
        ],
        examples: [
            Example(
                command: "assoc open report.pdf 'a b.txt' https://example.org",
                explanation: "each with its application, grouped per application"),
            Example(command: "assoc open --dry-run --json *.pdf", explanation: "the argv that would run"),
            Example(command: "assoc open --selector fzf notes.md", explanation: "choose the application with fzf"),
            Example(
                command: "assoc open --markup ~/Downloads/report.pdf",
                explanation: "annotate 'report (marked up).pdf', a copy, since the file was downloaded"),
        ],
        seeAlso: ["assoc-default(1)", "assoc-set(1)"])

    static let command = Command(definition: definition, run: run)

    /// How `open` was asked to open its targets.
    struct Options {
        /// The application every target opens with (`--with`), resolved.
        var forced: String?
        /// `--strict`: refuse what the planner would only warn about.
        var strict = false
        /// `--choose`: ask even when a default exists.
        var alwaysAsk = false
        /// `--selector CMD`: the menu program that asks.
        var selector: String?
        /// `--inline`: a terminal application runs in this terminal.
        var inline = false
        /// `--dry-run`: print the plans, start nothing.
        var dryRun = false
        /// `--json`: the dry run's plans as JSON.
        var json = false
        /// `--edit` or `--markup`: the role to open with; view by default.
        var role = Role.view
        /// `--copy` or `--in-place`: where markup works.
        var placement = MarkupCopy.Placement.automatic
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard !arguments.operands.isEmpty else { throw UsageError("expected at least one TARGET", subcommand: "open") }
        var options = Options(
            forced: try arguments.value("--with").map { try AppResolver.resolve($0, context: context, subcommand: "open") },
            strict: arguments.has("--strict"), alwaysAsk: arguments.has("--choose"), selector: arguments.value("--selector"),
            inline: arguments.has("--inline"), dryRun: arguments.has("--dry-run"), json: arguments.has("--json"))
        guard !(arguments.has("--edit") && arguments.has("--markup")) else {
            throw UsageError("--edit and --markup exclude each other", subcommand: "open")
        }
        guard !(arguments.has("--copy") && arguments.has("--in-place")) else {
            throw UsageError("--copy and --in-place exclude each other", subcommand: "open")
        }
        options.role = arguments.has("--markup") ? .markup : arguments.has("--edit") ? .edit : .view
        if arguments.has("--copy") || arguments.has("--in-place") {
            guard options.role == .markup else { throw UsageError("--copy and --in-place go with --markup", subcommand: "open") }
            options.placement = arguments.has("--copy") ? .copy : .inPlace
        }
        return try open(arguments.operands, options, context: context)
    }

    /// Opens `targets` as `options` say: each planned, grouped per application in the order of
    /// first appearance, and started without a shell (or printed, for a dry run).
    static func open(_ targets: [String], _ options: Options, context: CommandContext) throws -> ExitStatus {
        let planner = OpenPlanner(
            resolver: context.resolver, detector: context.detector,
            workingDirectory: context.process.workingDirectory)
        let selector = options.selector
        let request = OpenPlanner.Request(
            forced: options.forced, strict: options.strict, alwaysAsk: options.alwaysAsk,
            canAsk: selector != nil || options.alwaysAsk
                || (context.process.inputIsTerminal && context.process.errorIsTerminal),
            role: options.role, placement: options.placement)
        var status = ExitStatus.success
        // Group targets per application, keeping the order of first appearance.
        var groups: [(app: String, targets: [LaunchTarget])] = []
        for argument in targets {
            do {
                var plan = try planner.plan(argument, request)
                for warning in plan.warnings { context.output.warning(warning) }
                if let reason = plan.copyReason, case .file(let path) = plan.target {
                    plan.target = .file(try markupCopy(of: path, reason: reason, dryRun: options.dryRun, context: context))
                }
                guard let app = try application(for: plan, argument: argument, selector: selector, context: context) else {
                    status = status.combined(with: .notFound)
                    continue
                }
                if let index = groups.firstIndex(where: { $0.app == app }) {
                    groups[index].targets.append(plan.target)
                } else {
                    groups.append((app, [plan.target]))
                }
            } catch {
                // One target that cannot be opened stops only itself.
                context.output.error(error)
                status = status.combined(with: .failure)
            }
        }
        let launcher = Launcher(environment: context.environment, applications: context.resolver.applications)
        let inline = options.inline && context.process.inputIsTerminal && context.process.outputIsTerminal
        for group in groups {
            do {
                for plan in try planner.launchPlans(app: group.app, targets: group.targets, launcher: launcher, inline: inline) {
                    if options.dryRun {
                        print(plan, json: options.json, context: context)
                    } else {
                        try launcher.start(plan, wait: plan.terminal && inline)
                    }
                }
            } catch let error as LaunchError {
                context.output.error(error.description)
                status = status.combined(with: .failure)
            }
        }
        return status
    }

    /// The application the plan settles on: its own, the one the person picks when it asks (nil
    /// when they cancel), or nil after naming the candidates when there is none.
    private static func application(
        for plan: OpenPlanner.Plan, argument: String, selector: String?,
        context: CommandContext
    ) throws -> String? {
        switch plan.decision {
        case .open(let app): return app
        case .ask(let candidates):
            if let selector { return try ApplicationChooser.select(with: selector, candidates: candidates, context: context) }
            return ApplicationChooser.ask(for: argument, candidates: candidates, context: context)
        case .noApplication(let candidates):
            context.output.error(
                "no default application for '\(argument)' (\(plan.type))"
                    + (candidates.isEmpty ? "" : "; candidates: " + candidates.joined(separator: ", ") + " (use --with)"))
            return nil
        }
    }

    /// The copy of `path` that markup works on, made now (or for a dry run, named), its path printed.
    private static func markupCopy(of path: String, reason: String, dryRun: Bool, context: CommandContext) throws -> String {
        guard !dryRun else {
            let name = DocumentTransfer.directoryName(path) + "/" + MarkupCopy.copyName(for: DocumentTransfer.baseName(path))
            context.output.untrustedLine("\(path): would mark up a copy: \(name) (\(reason))")
            return name
        }
        let copy = try MarkupCopy.make(of: path)
        context.output.untrustedLine("\(path): marking up a copy: \(copy) (\(reason))")
        return copy
    }

    private static func print(_ plan: LaunchPlan, json: Bool, context: CommandContext) {
        if json {
            context.output.line(
                JSONValue.object([
                    ("app", .string(plan.app)), ("argv", .strings(plan.argv)), ("targets", .strings(plan.targets.map(\.text))),
                ]).rendered)
        } else {
            context.output.untrustedLine(plan.app + ": " + plan.argv.map(ShellQuoting.quoted).joined(separator: " "))
        }
    }
}
