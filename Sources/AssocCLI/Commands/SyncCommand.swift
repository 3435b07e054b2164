import Associations
import XDGSupport

/// `assoc sync`: applies the remembered rules again.
enum SyncCommand {
    static let command = Command(definition: CommandDefinition(
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
        let (rules, diagnostics) = RulesList(environment: context.environment).rules()
        context.report(diagnostics)
        if rules.isEmpty { context.output.line("no rules to apply") }
        var edits: [MimeAppsEdit] = []
        var status = ExitStatus.success
        for rule in rules {
            // A rule whose application is gone is skipped, never widened to every matching type.
            guard rule.allTypes || context.resolver.applications.application(rule.app)?.entry != nil else {
                context.output.warning("rule '\(rule.target)=\(rule.app)' skipped: '\(rule.app)' is not installed")
                status = .failure
                continue
            }
            do {
                let types = try TargetExpander.types(for: rule.target, app: rule.app, allTypes: rule.allTypes,
                                                     context: context, subcommand: "sync")
                edits += types.map { MimeAppsEdit.setDefault(type: $0, app: rule.app) }
                context.output.untrustedLine("rule '\(rule.target)=\(rule.app)': \(types.count) type\(types.count == 1 ? "" : "s"): "
                    + types.joined(separator: ", "))
            } catch let error as UsageError {
                context.output.warning("rule '\(rule.target)=\(rule.app)' skipped: \(error.message)")
                status = .failure
            }
        }
        guard !edits.isEmpty else { return status }
        return try ListWriter.write(edits, to: try context.environment.configHomeForWriting() + "/mimeapps.list",
                                    dryRun: arguments.has("--dry-run"), context: context).combined(with: status)
    }
}
