#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Associations
import Launching
import MIMEDatabase
import XDGSupport

/// `assoc open [--with APP] [--dry-run] [--json] [--strict] [--inline] TARGET...`.
enum OpenCommand {
    static let command = Command(name: "open", help: help, run: run)

    static let help = """
        Usage: assoc open [--with APP] [--choose | --selector CMD] [--dry-run] [--json] [--strict]
                          [--inline] TARGET...

        Opens each TARGET (a path, a file:// URL, or any URL as x-scheme-handler/SCHEME) with its
        application: the file's per-file choice first, then the default of its type, or APP with
        --with. Targets are grouped per application in the order given; nothing is dropped. The
        Exec line is expanded by the Desktop Entry rules and run directly, never through a shell,
        detached, in the entry's Path=. Terminal=true entries run in $TERMINAL,
        xdg-terminal-exec or the first installed terminal, or here with --inline when standard
        input and output are a terminal.

        With no default, on a terminal a numbered choice of the recommended and fallback
        applications is offered (--choose offers it even when there is a default); elsewhere the
        exit status is 1 and the candidates are listed. --selector 'CMD' runs a menu program
        (without a shell) with one 'ID<TAB>Name' line per candidate on its standard input and
        takes the ID it prints; cancelling it is exit 1, never a launch.

        A file is never run as a program: an executable, a script or a desktop entry goes to the
        handler of its type or is refused, and an entry whose Exec program is a field code (%f,
        %u, %k...) is refused. Files reach the application as absolute paths (%f, %F) or file://
        URLs (%u, %U). A downloaded file (user.xdg.origin.url) whose name and content disagree is
        warned about; --strict refuses it.

        A per-file choice (assoc set --file) is used only when the application is associated
        with the file's type or a parent of it; on a downloaded file only when it was set on this
        machine (a user.assoc.open-with attribute that came with the file is ignored with a
        warning); never with --strict. An APP given with --with must be usable: an entry with
        Hidden=true, a missing TryExec or Exec program is refused with the reason.

        Options:
          --with APP          open with APP (a desktop ID, or a unique prefix or name)
          --choose            choose the application from a numbered list on the terminal
          --selector CMD      choose with a menu program such as 'fzf' or 'rofi -dmenu'
          --dry-run           print the argv of each process and start nothing
          --json              with --dry-run, one JSON object per process: app, argv, targets
          --strict            refuse a download whose name and content disagree, and use no
                              per-file choice
          --inline            run a Terminal=true application in this terminal
          -h, --help          show this help

        Exit status: 0 when everything was opened, 1 when a TARGET has no application (the
        candidates are listed), 2 on an error or a refusal. A TARGET that cannot be opened is
        reported and the others are still opened.
        """

    static let specs = [
        OptionSpec(long: "--with", takesValue: true), OptionSpec(long: "--dry-run"), OptionSpec(long: "--json"),
        OptionSpec(long: "--strict"), OptionSpec(long: "--inline"), OptionSpec(long: "--choose"),
        OptionSpec(long: "--selector", takesValue: true),
    ]

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: specs, subcommand: "open")
        guard !arguments.operands.isEmpty else { throw UsageError("expected at least one TARGET", subcommand: "open") }
        let forced = try arguments.value("--with").map { try AppResolver.resolve($0, context: context, subcommand: "open") }
        var status = ExitStatus.success
        // Group targets per application, keeping the order of first appearance.
        var groups: [(app: String, targets: [LaunchTarget])] = []
        for argument in arguments.operands {
            do {
                guard let (app, target) = try choose(argument, forced: forced, arguments: arguments, context: context) else {
                    status = status.combined(with: .notFound)
                    continue
                }
                if let index = groups.firstIndex(where: { $0.app == app }) {
                    groups[index].targets.append(target)
                } else {
                    groups.append((app, [target]))
                }
            } catch {
                // One target that cannot be opened stops only itself.
                context.output.error("\(error)")
                status = status.combined(with: .failure)
            }
        }
        let launcher = Launcher(environment: context.environment, applications: context.resolver.applications)
        let inline = arguments.has("--inline") && isatty(0) == 1 && isatty(1) == 1
        for group in groups {
            guard let application = context.resolver.applications.application(group.app) else {
                context.output.error("'\(group.app)' is not installed")
                status = status.combined(with: .failure)
                continue
            }
            do {
                let plans = try ExecExpander.plans(for: application, targets: group.targets, locale: context.environment.locale)
                for var plan in plans {
                    if plan.terminal && !inline {
                        guard let wrapped = launcher.inTerminal(plan) else {
                            throw LaunchError.notLaunchable(app: plan.app, reason: "it needs a terminal and none is installed")
                        }
                        plan = wrapped
                    }
                    if arguments.has("--dry-run") {
                        print(plan, json: arguments.has("--json"), context: context)
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

    /// The application and target for one argument, or nil (after listing candidates) when none.
    private static func choose(_ argument: String, forced: String?, arguments: ParsedArguments,
                               context: CommandContext) throws -> (String, LaunchTarget)? {
        let strict = arguments.has("--strict")
        let resolved = try ResolvedTarget.resolve(argument, context: context)
        let target: LaunchTarget
        switch resolved.kind {
        case .url: target = .url(argument)
        case .type: throw UsageError("'\(argument)' is neither an existing file nor a URL", subcommand: "open")
        case .path: target = .localFile(resolved.path ?? argument, relativeTo: WorkingDirectory.current())
        }
        if case .file(let path) = target {
            if let warning = OpenSafety.downloadMismatch(path: path, detector: context.detector) {
                if strict { throw LaunchError.refused(target: path, reason: warning + " (--strict)") }
                context.output.warning(warning)
            }
        }
        if let forced { return (forced, target) }
        if case .file(let path) = target,
            let choice = PerFileChoiceCommand.usableChoice(path, type: resolved.type, strict: strict, context: context) {
            return (choice, target)
        }
        let resolution = context.resolver.resolve(resolved.type)
        var candidates: [String] = []
        for id in [resolution.defaultApplication].compactMap({ $0 }) + resolution.recommended + resolution.fallback
        where !candidates.contains(id) {
            candidates.append(id)
        }
        let interactive = arguments.has("--choose") || (resolution.defaultApplication == nil && isatty(0) == 1 && isatty(2) == 1)
        if let selector = arguments.value("--selector"), arguments.has("--choose") || resolution.defaultApplication == nil {
            return try ApplicationChooser.select(with: selector, candidates: candidates, context: context).map { ($0, target) }
        }
        if interactive && !candidates.isEmpty {
            return ApplicationChooser.ask(for: argument, candidates: candidates, context: context).map { ($0, target) }
        }
        if let app = resolution.defaultApplication { return (app, target) }
        if OpenSafety.isProgram(resolved.type, database: context.database) {
            throw LaunchError.refused(target: argument, reason: "it is a \(resolved.type), and assoc never runs a file as a program; "
                + "no application is set to open that type")
        }
        context.output.error("no default application for '\(argument)' (\(resolved.type))"
            + (candidates.isEmpty ? "" : "; candidates: " + candidates.joined(separator: ", ") + " (use --with)"))
        return nil
    }

    private static func print(_ plan: LaunchPlan, json: Bool, context: CommandContext) {
        if json {
            context.output.line(JSONValue.object([
                ("app", .string(plan.app)), ("argv", .strings(plan.argv)), ("targets", .strings(plan.targets.map(\.text))),
            ]).rendered)
        } else {
            context.output.untrustedLine(plan.app + ": " + plan.argv.map(shellQuoted).joined(separator: " "))
        }
    }

    /// Quotes an argument for a person to read (and paste into a shell); assoc itself never uses a shell.
    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+=:,@%".unicodeScalars.contains($0) }
        if safe && !argument.isEmpty { return argument }
        return "'" + argument.replacingOccurrences("'", "'\\''") + "'"
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
