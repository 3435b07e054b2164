import MIMEDatabase
import XDGSupport

/// `assoc types update [--newer] [DIR]`: compiles a shared-mime-info directory's packages, as
/// `update-mime-database` does.
enum TypesCommand {
    static let newer = OptionDefinition.flag(
        "--newer", "do nothing when no package is newer than the compiled database (update-mime-database -n)")

    static let definition = CommandDefinition(
        name: "types", summary: "compile the MIME type database from its XML packages", forms: ["update [--newer] [DIR]"],
        description: """
            update compiles DIR/packages/*.xml (DIR is $XDG_DATA_HOME/mime when not given) into every file \
            update-mime-database 2.2 writes, with the same bytes: mime.cache, globs, globs2, magic, aliases, \
            subclasses, types, icons, generic-icons, XMLnamespaces, treemagic, version and one MEDIA/SUBTYPE.xml \
            per type. Packages are merged in the order of their names, Override.xml last: a type defined in \
            several packages gets all their globs and magic, glob-deleteall and magic-deleteall drop what earlier \
            packages gave it, and a later comment replaces the earlier one of the same language.

            Each file is written to a temporary beside it and renamed into place, mime.cache after every other \
            file and version last, so a program reading the directory never sees a half-written or mixed \
            database. Files are synced to disk first unless PKGSYSTEM_ENABLE_FSYNC is 0. A package that is not \
            well-formed is reported with its file and line and left out; an invalid element is reported and the \
            rest of its type skipped; everything else is still compiled.
            """,
        options: [newer],
        operands: [
            OperandDefinition(name: "update", completion: .typesAction), OperandDefinition(name: "[DIR]", completion: .directory),
        ],
        exitStatus: [
            (0, "the database was compiled, or was up to date (--newer)"),
            (2, "a usage error, a package was broken, or DIR or a file could not be read or written"),
        ],
        files: [
            ("DIR/packages/*.xml", "the sources"),
            ("DIR/mime.cache, DIR/globs2, DIR/MEDIA/SUBTYPE.xml…", "what is written"),
        ],
        examples: [
            Example(command: "assoc types update", explanation: "compile $XDG_DATA_HOME/mime after adding a package"),
            Example(command: "assoc types update --newer /usr/share/mime", explanation: "recompile only when a package changed"),
        ],
        seeAlso: ["update-mime-database(1)", "assoc-type(1)", "assoc-mime(1)"])

    static let command = Command(definition: definition, run: run)

    /// The actions, the first operand.
    static let actions = ["update"]

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard let action = arguments.operands.first else { throw UsageError("expected an action: update", subcommand: "types") }
        guard actions.contains(action) else {
            throw UsageError(
                "unknown action '\(action)'; the action is update" + Suggestions.didYouMean(action, in: actions),
                subcommand: "types")
        }
        guard arguments.operands.count <= 2 else { throw UsageError("expected at most one DIR", subcommand: "types") }
        let directory = arguments.operands.count == 2 ? arguments.operands[1] : context.environment.dataHome + "/mime"
        let options = DatabaseUpdate.Options(
            onlyIfNewer: arguments.has(newer),
            synchronize: DatabaseUpdate.Options.synchronizes(environment: context.environment.variables))
        let report: DatabaseUpdate.Report
        do {
            report = try DatabaseUpdate.run(directory: directory, options: options)
        } catch {
            context.output.error("types update: \(error.description)")
            return .failure
        }
        for problem in report.problems { context.output.warning(problem.description) }
        if report.skipped {
            context.output.untrustedLine("\(directory): up to date")
            return .success
        }
        let packages = report.packages.count
        context.output.untrustedLine(
            "\(directory): \(report.typeCount) type\(report.typeCount == 1 ? "" : "s") from \(packages) "
                + "package\(packages == 1 ? "" : "s")"
                + (report.rejectedPackages.isEmpty ? "" : ", \(report.rejectedPackages.count) left out"))
        return report.problems.isEmpty ? .success : .failure
    }
}
