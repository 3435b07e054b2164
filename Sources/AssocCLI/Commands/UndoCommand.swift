import Associations
import XDGSupport

/// `assoc undo [ID]`: puts back the effective default a recorded change took away.
enum UndoCommand {
    static let definition = CommandDefinition(
        name: "undo", summary: "put back the default a recorded change took away", forms: ["[ID]"],
        description: """
            Puts back the application that the change ID (see assoc history; without ID, the newest change) took \
            away from its type, by setting it as the type's default in the user's mimeapps.list through the same \
            editor as assoc set. The default is then explicit, so it sticks: a newly installed application or \
            GIO's last-used order no longer decides it. The undo is recorded as a change of its own (cause \
            assoc). It is refused, with the reason, when the application taken away is no longer installed or \
            can no longer be used, and when the change took nothing away.

            Changes not recorded yet are recorded first, as assoc history does.
            """,
        operands: [OperandDefinition(name: "ID", completion: .none)],
        exitStatus: [(0, "the default was put back (or already was)"), (2, "refused, or a failure")],
        files: HistoryCommand.historyFiles,
        examples: [
            Example(command: "assoc undo", explanation: "undo the newest change"),
            Example(command: "assoc undo mi7k2x0a-0", explanation: "undo the change with this ID"),
        ],
        seeAlso: ["assoc-history(1)", "assoc-set(1)", "assoc-pin(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.count <= 1 else { throw UsageError("expected at most one ID", subcommand: "undo") }
        let history = DefaultsHistory(environment: context.environment)
        render(try history.undo(arguments.operands.first), context: context)
        return .success
    }

    /// Prints the records of an undo, or that there was nothing to change (for `assoc undo` and
    /// the settings screen's u).
    static func render(_ records: [HistoryRecord], context: CommandContext) {
        if records.isEmpty { context.output.line("nothing to change: the default is already back") }
        for record in records { context.output.untrustedLine("\(record.id)  " + HistoryCommand.words(record, context)) }
    }
}
