import Associations

/// Makes a change through `DefaultsEditor` and renders what it did, for every command and screen
/// that changes a default: the list's changed lines, the defaults before and after, refusals.
enum EditRendering {
    /// Applies `request`; a refusal in the request is a usage error, one in the files an error
    /// message (with the diff that was not written) and exit status 2.
    ///
    /// - Throws: `UsageError` for a refusal of the request itself.
    static func apply(_ request: EditRequest, context: CommandContext, subcommand: String) throws(UsageError)
        -> ExitStatus
    {
        do {
            let report = try editor(context).apply(request)
            render(report, context: context)
            return .success
        } catch let refusal where refusal.isUsageError {
            throw UsageError(refusal.description, subcommand: subcommand)
        } catch {
            return fail(error, context: context)
        }
    }

    /// Writes `edits` to `file` through the one list writer, rendering the change or the refusal;
    /// the change is recorded in the history as made by `command`.
    static func write(
        _ edits: [MimeAppsEdit], to file: String, dryRun: Bool, command: String, context: CommandContext
    ) -> ExitStatus {
        do {
            let editor = editor(context)
            let change = try editor.write(edits, to: file, dryRun: dryRun, command: command)
            _ = editor.recordInHistory(change, of: file, command: command)
            render(change, file: file, context: context)
            return .success
        } catch {
            return fail(error, context: context)
        }
    }

    /// The editor over the command's environment, database and resolver.
    static func editor(_ context: CommandContext) -> DefaultsEditor {
        DefaultsEditor(environment: context.environment, database: context.database, resolver: context.resolver)
    }

    /// Prints the report: notes as warnings, the list's change, then each type's default before and after.
    static func render(_ report: EditReport, context: CommandContext) {
        for note in report.notes { context.output.warning(note) }
        if let defined = report.definedType { render(defined, dryRun: report.request.dryRun, context: context) }
        render(report.change, file: report.file, context: context)
        if let rule = report.forgottenRule {
            context.output.untrustedLine("forgot the rule '\(rule)' ('assoc sync' no longer applies it)")
        }
        if report.request.action == .remove, let app = report.request.application {
            for type in report.types { context.output.untrustedLine("\(type): \(app) is no longer associated") }
            return
        }
        for answers in report.answers {
            guard report.request.role == .view else {
                let role = report.request.role.rawValue
                context.output.untrustedLine(
                    "\(answers.type) (\(role)): \(answers.before ?? "(none)") → \(answers.after ?? "(none)")")
                continue
            }
            for line in answers.lines { context.output.untrustedLine(line) }
        }
    }

    /// Says that a type was (or would be) created for an extension no type claimed.
    private static func render(_ defined: DefinedType, dryRun: Bool, context: CommandContext) {
        let what =
            "\(defined.type) for \(defined.pattern) in \(defined.package), as GIO defines a type for an extension no type claims"
        if dryRun {
            context.output.untrustedLine("would create the type " + what)
        } else if defined.written {
            context.output.untrustedLine("created the type " + what)
        } else {
            context.output.untrustedLine("compiled the type " + what + " (its package was there already)")
        }
        for problem in defined.problems { context.output.warning(problem.description) }
    }

    private static func render(_ change: ListChange, file: String, context: CommandContext) {
        switch change {
        case .unchanged: context.output.untrustedLine("\(file): nothing to change")
        case .wouldWrite(let diff): context.output.line(diff, terminator: "")
        case .written:
            context.output.untrustedLine("\(file):")
            for line in change.changedLines { context.output.untrustedLine("  " + line) }
        }
    }

    /// Prints why nothing was written (and the change that was not made) and returns status 2.
    private static func fail(_ refusal: EditRefusal, context: CommandContext) -> ExitStatus {
        guard case .notWritten(_, let diff) = refusal, !diff.isEmpty else {
            context.output.error(refusal.description)
            return .failure
        }
        context.output.error(refusal.description + ":")
        context.output.line(diff, terminator: "")
        return .failure
    }
}
