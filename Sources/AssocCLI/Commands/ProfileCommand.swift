import Associations
import XDGSupport

/// `assoc profile apply|export`: defaults stated as intent in a profile file (assoc-profile(5)),
/// applied idempotently and verified, or written from the user's choices. The work is
/// `ProfileApplier`'s and `ProfileExporter`'s; this reads the arguments and renders.
enum ProfileCommand {
    static let check = OptionDefinition.flag(
        "--check", "apply: change nothing; exit 0 when the machine complies, 1 when it does not")
    static let diff = OptionDefinition.flag(
        "--diff", "apply: print the unified diff of every list written (with --check: that would be written)")
    static let user = OptionDefinition.flag("--user", "apply: write the user's lists in $XDG_CONFIG_HOME (the default)")
    static let system = OptionDefinition.flag(
        "--system", "apply: write the lists in the first directory of $XDG_CONFIG_DIRS (/etc/xdg by default)")
    static let desktop = OptionDefinition.value(
        "--desktop", "NAME", completion: .desktopName,
        "apply: write NAME-mimeapps.list ([Default Applications] only) and NAME-roles.list, and verify on desktop NAME")
    static let json = OptionDefinition.flag(
        "--json",
        "apply: one JSON object: changed, complies, files, entries (target, group, role, wanted, chosen, before, "
            + "after, resolutions), warnings")
    static let all = OptionDefinition.flag("--all", "export: every effective default, not only the user's own choices")

    /// The actions, the first operand, with the options each accepts.
    static let actionOptions: [(action: String, options: [OptionDefinition])] = [
        ("apply", [check, diff, user, system, desktop, json]), ("export", [all]),
    ]

    static let definition = CommandDefinition(
        name: "profile", summary: "apply a profile of defaults (idempotent, verified), or export one",
        forms: ["apply [--check] [--diff] [--user | --system] [--desktop NAME] [--json] FILE...", "export [--all] [TARGET...]"],
        description: """
            apply makes the machine match the profiles FILE... (their format is assoc-profile(5)): for each \
            entry, the first candidate that is installed and usable is made the default of the entry's types, \
            through the same editor as assoc set. [Enforce] entries are written every time; [Suggest] entries \
            once per Version= of the profile, remembered in $XDG_STATE_HOME/assoc/profiles.list, so that a \
            choice the person makes afterwards stays theirs until the version rises. [Edit] and [Markup] \
            entries set the edit and markup roles' defaults (as assoc set --role does) every time, in \
            assoc/roles.list. A later FILE's entry replaces an earlier one's of the same target and role.

            --user (the default) writes $XDG_CONFIG_HOME/mimeapps.list; --system writes mimeapps.list in the \
            first directory of $XDG_CONFIG_DIRS, the level every user without a choice of their own falls back \
            to; --desktop NAME writes NAME-mimeapps.list there instead. The role defaults go to assoc/roles.list \
            (NAME-roles.list) in the same directory's assoc/. All entries go to a list in one atomic \
            write, and a list that already matches is not touched: a second apply writes nothing and says so. \
            An apply that changes mimeapps.list is recorded in assoc history, as assoc set is, once the \
            history has started.

            After writing, every entry is verified: what assoc's resolution, GIO's (--as gio) and xdg-open's \
            (--as xdg-open) now open for each of its types, on each desktop of XDG_CURRENT_DESKTOP (or NAME). An \
            entry that a more important list still overrides (the user's own choice under --system, a \
            desktop-specific list) is reported with the file and line that wins. A role entry is verified with \
            assoc's role resolution (assoc default --role), since GIO and xdg-open know no roles.

            --check changes nothing and exits 0 when nothing would be written and every entry answers as \
            chosen, 1 otherwise; with --diff it prints the unified diff of every list apply would write, \
            which is exactly what apply then writes.

            export prints the user's explicit choices ([Default Applications] of the user's mimeapps.list) \
            as a profile, with the types a wildcard or extension rule of assoc set made written as that rule; \
            --all prints every effective default instead (as assoc defaults lists them). The keys of the \
            user's assoc/roles.list are printed as [Edit] and [Markup] (with --all, those of every role \
            list that count). TARGET... limits it to those types, rules or roles.
            """,
        options: [check, diff, user, system, desktop, json, all],
        operands: [OperandDefinition(name: "FILE", completion: .file)],
        exitStatus: [
            (0, "apply: every entry applied; --check: the machine complies; export: done"),
            (1, "apply: an entry has no installed and usable candidate, or names no type; --check: the machine does not comply"),
            (2, "a usage error, a profile that cannot be read (its file and line are named), a list that cannot be written"),
        ],
        files: [
            ("$XDG_CONFIG_HOME/mimeapps.list", "what --user writes"),
            ("$XDG_CONFIG_DIRS/mimeapps.list", "what --system writes, in the first directory"),
            ("$XDG_CONFIG_HOME/xdg-terminals.list", "where the terminal role is written (the first line)"),
            ("$XDG_CONFIG_HOME/assoc/roles.list", "where --user writes [Edit] and [Markup] entries"),
            ("$XDG_CONFIG_DIRS/assoc/roles.list", "where --system writes them, in the first directory"),
            ("$XDG_STATE_HOME/assoc/profiles.list", "the profile versions whose [Suggest] entries were applied"),
        ],
        examples: [
            Example(command: "assoc profile apply ~/defaults.profile", explanation: "make my defaults match"),
            Example(
                command: "assoc profile apply --check --diff site.profile", explanation: "what would change; exit 1 if anything"),
            Example(
                command: "sudo assoc profile apply --system --desktop gnome site.profile",
                explanation: "the fallback of every GNOME user"),
            Example(command: "assoc profile export > mine.profile", explanation: "my choices, to apply elsewhere"),
        ],
        seeAlso: ["assoc-profile(5)", "assoc-set(1)", "assoc-defaults(1)", "assoc-explain(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let actions = actionOptions.map(\.action)
        guard let action = arguments.operands.first else {
            throw UsageError("expected an action: \(ParsedArguments.list(actions))", subcommand: "profile")
        }
        guard let allowed = actionOptions.first(where: { $0.action == action })?.options else {
            throw UsageError(
                "unknown action '\(action)'; the action is \(ParsedArguments.list(actions))"
                    + Suggestions.didYouMean(action, in: actions), subcommand: "profile")
        }
        for option in definition.options where !allowed.contains(option) && isGiven(option, arguments) {
            throw UsageError("'\(option.long)' does not apply to \(action)", subcommand: "profile")
        }
        let operands = Array(arguments.operands.dropFirst())
        if action == "export" { return export(operands, all: arguments.has(all), context) }
        guard !operands.isEmpty else { throw UsageError("expected a profile FILE", subcommand: "profile") }
        guard !(arguments.has(user) && arguments.has(system)) else {
            throw UsageError("'--user' and '--system' exclude each other", subcommand: "profile")
        }
        let options = ProfileApplier.Options(
            level: arguments.has(system) ? .system : .user, desktop: arguments.value(desktop), checkOnly: arguments.has(check))
        return ProfileRendering(context: context, json: arguments.has(json), diff: arguments.has(diff)).apply(operands, options)
    }

    /// Whether `option` was given.
    private static func isGiven(_ option: OptionDefinition, _ arguments: ParsedArguments) -> Bool {
        option.takesValue ? !arguments.all(option).isEmpty : arguments.has(option)
    }

    /// `profile export [--all] [TARGET...]`.
    private static func export(_ targets: [String], all: Bool, _ context: CommandContext) -> ExitStatus {
        let effective =
            all
            ? DefaultsCommand.resolutions(context).compactMap { type, resolution in
                resolution.defaultApplication.map { (type: type, id: $0) }
            } : nil
        let lines = ProfileExporter(resolver: context.resolver).lines(effective: effective, only: targets)
        context.output.line(ProfileExporter.text(lines, name: all ? "effective" : "exported"), terminator: "")
        return .success
    }
}
