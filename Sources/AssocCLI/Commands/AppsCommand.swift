import Associations
import DesktopEntry
import MIMEDatabase

/// `assoc apps [--json] [--as spec|gio] [TYPE|PATH|URL]`.
enum AppsCommand {
    static let command = Command(name: "apps", help: help, run: run)

    static let help = """
        Usage: assoc apps [--json] [--as spec|gio] [TYPE|PATH|URL]

        Lists the applications for a MIME type, a file or a URL: the default, then the
        recommended ones (associated with the type itself, most preferred first), then the
        fallback ones (associated through a parent type). With no argument, lists every
        installed application with its desktop file ID, name and MIME types.

        Options:
          --as spec|gio       resolve by the specification (default) or exactly as GIO does
          --json              JSON Lines: type, default, recommended, fallback; with no
                              argument one object per application: id, name, path, types, usable
          -h, --help          show this help

        Exit status: 0 when applications were found, 1 when none, 2 on an error.
        """

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: DefaultCommand.specs, subcommand: "apps")
        let mode = try DefaultCommand.resolutionMode(arguments, subcommand: "apps")
        let json = arguments.has("--json")
        guard let argument = arguments.operands.first else { return listAll(json: json, context) }
        guard arguments.operands.count == 1 else { throw UsageError("expected at most one TYPE, PATH or URL", subcommand: "apps") }
        let target = try ResolvedTarget.resolve(argument, context: context)
        let resolution = context.resolver.resolve(target.type, mode: mode)
        if json {
            context.output.line(JSONValue.object([
                ("type", .string(resolution.type)), ("default", .optional(resolution.defaultApplication)),
                ("recommended", .strings(resolution.recommended)), ("fallback", .strings(resolution.fallback)),
            ]).rendered)
        } else {
            context.output.line("type: \(resolution.type)")
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
        guard let name = context.resolver.applications.application(id)?.entry?.name.value(for: context.environment.locale) else {
            return id
        }
        return "\(id) (\(name))"
    }

    private static func listAll(json: Bool, _ context: CommandContext) -> ExitStatus {
        let applications = context.resolver.applications.allApplications().filter { $0.entry?.isApplication == true }
        let locale = context.environment.locale
        for application in applications {
            guard let entry = application.entry else { continue }
            let types = entry.mimeTypes.map(context.database.canonicalName)
            if json {
                context.output.line(JSONValue.object([
                    ("id", .string(application.id)), ("name", .string(entry.name.value(for: locale))),
                ] + JSONValue.path("path", application.path) + [
                    ("types", .strings(types)),
                    ("usable", .bool(application.status.isUsable)),
                    ("reason", application.status.isUsable ? .null : .string(application.status.description)),
                ]).rendered)
            } else {
                let note = application.status.isUsable ? "" : "  [\(application.status.description)]"
                context.output.untrustedLine("\(application.id)\t\(entry.name.value(for: locale))\t\(types.joined(separator: ";"))\(note)")
            }
        }
        return applications.isEmpty ? .notFound : .success
    }
}
