import Associations
import XDGSupport

/// `assoc sync`: applies the remembered rules again.
enum SyncCommand {
    static let command = Command(
        definition: CommandDefinition(
            name: "sync", summary: "apply the remembered wildcard and extension rules again", forms: ["[--dry-run]"],
            description: """
                Compiles every rule of $XDG_CONFIG_HOME/assoc/rules.list (the wildcards and extensions given to \
                assoc set) again into concrete types, so that types and applications installed since are covered. \
                A rule whose application is gone is skipped with a warning, never widened.
                """,
            options: [EditCommands.dryRun],
            exitStatus: [(0, "done, also when there are no rules"), (2, "a rule was skipped, or a list cannot be written")],
            manSections: [EditCommands.editingSection],
            files: [("$XDG_CONFIG_HOME/assoc/rules.list", "the rules, one TARGET=APP; line each ('all;' marks --all-types)")],
            seeAlso: EditCommands.editSeeAlso), run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let list = RulesList(environment: context.environment)
        let (rules, diagnostics) = list.rules()
        context.report(diagnostics)
        if rules.isEmpty { context.output.line("no rules to apply") }
        let compiled = list.compile(database: context.database, applications: context.resolver.applications)
        for (rule, types) in compiled.applied {
            context.output.untrustedLine(
                "rule '\(rule.target)=\(rule.app)': \(types.count) type\(types.count == 1 ? "" : "s"): "
                    + types.joined(separator: ", "))
        }
        for (rule, reason) in compiled.skipped {
            context.output.warning("rule '\(rule.target)=\(rule.app)' skipped: \(reason)")
        }
        let status: ExitStatus = compiled.skipped.isEmpty ? .success : .failure
        let edits = compiled.edits
        guard !edits.isEmpty else { return status }
        return EditRendering.write(
            edits, to: try context.environment.configHomeForWriting() + "/mimeapps.list",
            dryRun: arguments.has(EditCommands.dryRun), command: "assoc sync", context: context
        ).combined(with: status)
    }
}
