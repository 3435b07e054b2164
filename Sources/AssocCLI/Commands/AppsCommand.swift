import Associations
import DesktopEntry
import MIMEDatabase
import XDGSupport

/// `assoc apps [--json] [--as spec|gio] [TYPE|PATH|URL]`.
enum AppsCommand {
    static let definition = CommandDefinition(
        name: "apps", summary: "list the applications for a type, or every installed one",
        forms: ["[--json] [--as MODE] [TYPE|PATH|URL]", "[--json] --role ROLE TYPE|PATH|URL", "[--json] --of APP"],
        description: """
            With an argument, prints the default application, then the recommended ones (associated with \
            the type itself, most preferred first) and the fallback ones (associated only through a parent \
            type), each with its localised name. The rules are those of assoc-default(1).

            With no argument, prints every installed application that is not masked by an entry of the same \
            ID in a more important directory: its desktop file ID, localised name and MIME types, and why it \
            cannot be used when it cannot (Hidden, TryExec or Exec program missing).

            With --of APP, prints the types APP's entry declares (MimeType=, canonical) and the types it is \
            the effective default for (as assoc-defaults(1) finds them), one line each: 'declares TYPE' or \
            'default TYPE'.

            With --role edit or markup, prints the candidates of that role in order, numbered, each with \
            the step that proposed it and why: a per-file choice, a role default (file and line), for markup \
            an edit default, the inference (the category or keyword), the view default. The first is what \
            assoc open --edit or --markup uses.
            """,
        options: [
            DefaultCommand.modeOption, RoleOption.any,
            .value("--of", "APP", completion: .desktopID, "the types APP declares and those it is the default for"),
            .flag(
                "--json",
                "with an argument, one JSON object: type, default, recommended, fallback; with none, one "
                    + "object per application: id, name, path, types, usable, reason; with --of, one object: id, declares, "
                    + "defaultFor; with --role, one object: type, role, candidates (id, source, reason)"),
        ],
        operands: [OperandDefinition(name: "TYPE|PATH|URL", completion: .file)],
        exitStatus: [(0, "applications were found"), (1, "none were"), (2, "a usage error or a failure")],
        manSections: [JSONNames.section(fields: "path")],
        examples: [
            Example(command: "assoc apps text/x-python", explanation: "default, recommended and fallback applications"),
            Example(command: "assoc apps --json", explanation: "every installed application"),
        ],
        seeAlso: ["assoc-default(1)", "assoc-explain(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let mode = DefaultCommand.resolutionMode(arguments)
        let role = RoleOption.role(arguments)
        // Resolving and printing names need only a few keys of each entry, and no lint; a role's
        // inference reads Categories and Keywords too.
        if role == .view { context.entryReading = .resolution }
        context.cacheChecking = .perRead
        let json = arguments.has("--json")
        if let app = arguments.value("--of") {
            guard arguments.operands.isEmpty else { throw UsageError("--of APP takes no TYPE", subcommand: "apps") }
            return try typesOf(app, json: json, context)
        }
        guard let argument = arguments.operands.first else { return listAll(json: json, context) }
        guard arguments.operands.count == 1 else {
            throw UsageError("expected at most one TYPE, PATH or URL", subcommand: "apps")
        }
        let target = try TargetArgument.resolve(argument, detector: context.detector)
        if role != .view { return RoleCommands.printCandidates(target, role: role, json: json, context: context) }
        let resolution = context.resolver.resolve(target.type, mode: mode)
        if json {
            context.output.line(
                JSONValue.object([
                    ("type", .string(resolution.type)), ("default", .optional(resolution.defaultApplication)),
                    ("recommended", .strings(resolution.recommended)), ("fallback", .strings(resolution.fallback)),
                ]).rendered)
        } else {
            context.output.untrustedLine("type: \(resolution.type)")
            context.output.untrustedLine("default: " + (resolution.defaultApplication.map { describe($0, context) } ?? "(none)"))
            context.output.untrustedLine("recommended:" + (resolution.recommended.isEmpty ? " (none)" : ""))
            for id in resolution.recommended { context.output.untrustedLine("  " + describe(id, context)) }
            context.output.untrustedLine("fallback:" + (resolution.fallback.isEmpty ? " (none)" : ""))
            for id in resolution.fallback { context.output.untrustedLine("  " + describe(id, context)) }
        }
        let found = resolution.defaultApplication != nil || !resolution.recommended.isEmpty || !resolution.fallback.isEmpty
        return found ? .success : .notFound
    }

    private static func describe(_ id: String, _ context: CommandContext) -> String {
        guard let name = context.resolver.applications.localizedName(of: id, locale: context.environment.locale) else {
            return id
        }
        return "\(id) (\(name))"
    }

    /// `--of APP`: the types the entry declares and those it is the effective default for.
    private static func typesOf(_ argument: String, json: Bool, _ context: CommandContext) throws -> ExitStatus {
        let id = try AppResolver.resolve(argument, context: context, subcommand: "apps")
        var seen = Set<String>()
        let declared = (context.resolver.applications.application(id)?.entry?.mimeTypes ?? [])
            .map(context.database.canonicalName).filter { seen.insert($0).inserted }
        let defaults = DefaultsCommand.resolutions(context).filter { $0.resolution.defaultApplication == id }.map(\.type)
        if json {
            context.output.line(
                JSONValue.object([
                    ("id", .string(id)), ("declares", .strings(declared)), ("defaultFor", .strings(defaults)),
                ]).rendered)
        } else {
            for type in declared { context.output.untrustedLine("declares \(type)") }
            for type in defaults { context.output.untrustedLine("default \(type)") }
        }
        return declared.isEmpty && defaults.isEmpty ? .notFound : .success
    }

    private static func listAll(json: Bool, _ context: CommandContext) -> ExitStatus {
        let applications = context.resolver.applications.applicationEntries()
        let locale = context.environment.locale
        for application in applications {
            guard let entry = application.entry else { continue }
            let types = entry.mimeTypes.map(context.database.canonicalName)
            if json {
                context.output.line(
                    JSONValue.object(
                        [
                            ("id", .string(application.id)), ("name", .string(entry.name.value(for: locale))),
                        ] + JSONValue.path("path", application.path) + [
                            ("types", .strings(types)),
                            ("usable", .bool(application.status.isUsable)),
                            ("reason", application.status.isUsable ? .null : .string(application.status.description)),
                        ]
                    ).rendered)
            } else {
                let note = application.status.isUsable ? "" : "  [\(application.status.description)]"
                context.output.untrustedLine(
                    "\(application.id)\t\(entry.name.value(for: locale))\t\(types.joined(separator: ";"))\(note)")
            }
        }
        return applications.isEmpty ? .notFound : .success
    }
}
