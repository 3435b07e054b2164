/// Every command, in the order `assoc --help` lists them: the one table that help, man pages,
/// completions and the parser are made from.
///
/// A command line runs one command: only that command's definition is built (its options, help
/// and man text), never the whole table, unless help, completions or the pages list them all.
enum CommandTable {
    /// The commands, in order, each built when first asked.
    static var commands: [Command] { CommandName.allCases.map(\.command) }

    /// Their definitions, in order.
    static var definitions: [CommandDefinition] { commands.map(\.definition) }

    /// The multi-call front ends, run when the executable is started as `xdg-open`, `xdg-mime` or
    /// `xdg-settings` (not commands after `assoc`): their help and pages come from here too.
    static var multiCallDefinitions: [CommandDefinition] { XDGUtility.allCases.map(\.definition) }

    /// The command called `name`.
    ///
    /// - Throws: `UsageError` naming the nearest commands when there is none.
    static func command(named name: String) throws(UsageError) -> Command {
        guard let entry = CommandName(rawValue: name) else {
            let visible = commands.filter { !$0.definition.hidden }.map(\.name)
            throw UsageError("unknown command '\(name)'" + Suggestions.didYouMean(name, in: visible))
        }
        return entry.command
    }
}

/// The word after `assoc` of each command, in the order `assoc --help` lists them; each is the
/// `name` of its command's definition (CommandTableTests checks that they agree).
enum CommandName: String, CaseIterable {
    case type, explain
    case `default`, defaults, apps, open
    case set, unset, add, remove, reset
    case sync, profile, mime, types
    case history, undo, pin, unpin
    case isA = "is-a"
    case list
    case `import`, export, move
    case check, pick, choose, settings, portal, watch, help
    case complete = "__complete"
    case pickBenchmark = "__pick-benchmark"

    /// The command itself, built on first use.
    var command: Command {
        switch self {
        case .type: TypeCommand.command
        case .explain: ExplainCommand.command
        case .default: DefaultCommand.command
        case .defaults: DefaultsCommand.command
        case .apps: AppsCommand.command
        case .open: OpenCommand.command
        case .set: EditCommands.set
        case .unset: EditCommands.unset
        case .add: EditCommands.add
        case .remove: EditCommands.remove
        case .reset: EditCommands.reset
        case .sync: SyncCommand.command
        case .profile: ProfileCommand.command
        case .history: HistoryCommand.command
        case .undo: UndoCommand.command
        case .pin: PinCommands.command
        case .unpin: PinCommands.unpin
        case .mime: MimeCommand.command
        case .types: TypesCommand.command
        case .isA: IsACommand.command
        case .list: ListCommand.command
        case .import: TransferCommands.importCommand
        case .export: TransferCommands.exportCommand
        case .move: TransferCommands.moveCommand
        case .check: CheckCommand.command
        case .pick: PickCommand.command
        case .choose: ChooseCommand.command
        case .settings: SettingsCommand.command
        case .portal: PortalCommand.command
        case .watch: WatchCommand.command
        case .help: HelpCommand.command
        case .complete: CompleteCommand.command
        case .pickBenchmark: PickBenchmarkCommand.command
        }
    }
}

/// `assoc help [COMMAND]`: the same text as `--help`.
enum HelpCommand {
    static let definition = CommandDefinition(
        name: "help", summary: "show the help of assoc or of one command", forms: ["[COMMAND]"],
        description: "Prints the same text as 'assoc --help', or as 'assoc COMMAND --help'.",
        operands: [OperandDefinition(name: "COMMAND", completion: .command)],
        exitStatus: [(0, "the help was shown"), (2, "there is no such command")])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.count <= 1 else { throw UsageError("expected at most one COMMAND", subcommand: "help") }
        guard let name = arguments.operands.first else {
            context.output.line(HelpRenderer.main(CommandTable.definitions))
            return .success
        }
        context.output.line(HelpRenderer.help(for: try CommandTable.command(named: name).definition))
        return .success
    }
}
