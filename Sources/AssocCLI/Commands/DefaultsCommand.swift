import Associations
import MIMEDatabase
import XDGSupport

/// `assoc defaults [--json] [--all]`: the effective default of every type that has one.
enum DefaultsCommand {
    static let definition = CommandDefinition(
        name: "defaults", summary: "print the effective default application of every type that has one",
        forms: ["[--json] [--all]"],
        description: """
            Resolves every type of the database, every type a list names and every type an application \
            declares (x-scheme-handler/http among them), as assoc-default(1) does, and \
            prints each type that has a default with the file and line it comes from: the [Default \
            Applications] line that names it, or, when the default is the most preferred application \
            associated with the type, the line or the desktop entry (MimeType=, no line) that associates it. \
            The answer is computed by resolution, not read from one file, so it is what assoc open, GIO and \
            xdg-open use. Types are printed in order of their names; aliases are never printed.

            Without --json, one line per type: TYPE, the desktop file ID and FILE:LINE, separated by tabs.
            """,
        options: [
            .flag("--all", "print the types without a default too, with (none)"),
            .flag("--json", "one JSON object per type: type, default, path, line (null when there is none)"),
        ],
        exitStatus: [(0, "at least one type has a default"), (1, "none has"), (2, "a usage error")],
        examples: [
            Example(command: "assoc defaults", explanation: "every default, with where it comes from"),
            Example(command: "assoc defaults --json | grep '\"image/'", explanation: "the defaults of image types"),
        ],
        seeAlso: ["assoc-default(1)", "assoc-explain(1)", "assoc-settings(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.isEmpty else { throw UsageError("expected no operands", subcommand: "defaults") }
        var found = false
        for (type, resolution) in resolutions(context) {
            let origin = resolution.defaultOrigin
            found = found || resolution.defaultApplication != nil
            guard resolution.defaultApplication != nil || arguments.has("--all") else { continue }
            if arguments.has("--json") {
                context.output.line(
                    JSONValue.object(
                        [
                            ("type", .string(type)), ("default", .optional(resolution.defaultApplication)),
                        ] + (origin.map { JSONValue.path("path", $0.path) } ?? [("path", .null)]) + [
                            ("line", origin?.line.map { .int($0) } ?? .null)
                        ]
                    ).rendered)
            } else {
                let place = origin.map { $0.path + ($0.line.map { ":\($0)" } ?? "") } ?? ""
                context.output.untrustedLine([type, resolution.defaultApplication ?? "(none)", place].joined(separator: "\t"))
            }
        }
        return found ? .success : .notFound
    }

    /// Every type of the database, of the lists' [Default Applications] and [Added Associations]
    /// and of the applications' MimeType= keys, canonical and sorted, with its resolution: a type
    /// the database does not define, such as x-scheme-handler/http, still has a default when an
    /// application declares it (Association between MIME types and applications specification,
    /// Default Application).
    static func resolutions(_ context: CommandContext) -> [(type: String, resolution: Resolution)] {
        var types = Set(context.database.allTypes)
        for list in context.resolver.lists {
            for group in [AssociationGroup.defaultApplications, .addedAssociations] {
                for key in (list.groups[group] ?? [:]).keys { types.insert(context.database.canonicalName(key)) }
            }
        }
        for application in context.resolver.applications.applicationEntries() {
            for type in application.entry?.mimeTypes ?? [] { types.insert(context.database.canonicalName(type)) }
        }
        return types.sorted().map { ($0, context.resolver.resolve($0)) }
    }
}
