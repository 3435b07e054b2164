/// Every command, in the order `assoc --help` lists them: the one table that help, man pages,
/// completions and the parser are made from.
enum CommandTable {
    /// The commands, in order.
    static let commands: [Command] = [
        TypeCommand.command, ExplainCommand.command, DefaultCommand.command, DefaultsCommand.command, AppsCommand.command,
        OpenCommand.command,
        EditCommands.set, EditCommands.unset, EditCommands.add, EditCommands.remove, EditCommands.reset,
        SyncCommand.command, MimeCommand.command, IsACommand.command, ListCommand.command,
        TransferCommands.importCommand, TransferCommands.exportCommand, TransferCommands.moveCommand,
        CheckCommand.command, PickCommand.command, ChooseCommand.command, SettingsCommand.command, PortalCommand.command,
        HelpCommand.command, CompleteCommand.command, PickBenchmarkCommand.command,
    ]

    /// Their definitions, in order.
    static var definitions: [CommandDefinition] { commands.map(\.definition) }

    private static let byName: [String: Command] = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, $0) })

    /// The command called `name`.
    ///
    /// - Throws: `UsageError` naming the nearest commands when there is none.
    static func command(named name: String) throws(UsageError) -> Command {
        guard let command = byName[name] else {
            let visible = commands.filter { !$0.definition.hidden }.map(\.name)
            throw UsageError("unknown command '\(name)'" + Suggestions.didYouMean(name, in: visible))
        }
        return command
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
