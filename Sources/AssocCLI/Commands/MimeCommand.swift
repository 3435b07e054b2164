import MIMEDatabase
import XDGSupport

/// `assoc mime [--json] TYPE...`: what the database says about each type.
enum MimeCommand {
    static let command = Command(name: "mime", help: help, run: run)

    static let help = """
        Usage: assoc mime [--json] TYPE...

        Shows what the shared-mime-info database says about each TYPE: its canonical name (an
        alias is resolved), comment in the current locale, aliases, parents, ancestors (most
        specific first), glob patterns, icon and generic icon.

        Options:
          --json              one JSON object per line: type, comment, aliases, parents,
                              ancestors, globs, icon, genericIcon
          --database SOURCE   read each mime/ directory from xml, cache, text or auto (default)
          -h, --help          show this help

        Exit status: 0 when every TYPE is known, 1 when one is not, 2 on a usage error.
        """

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: [OptionSpec(long: "--json")], subcommand: "mime")
        guard !arguments.operands.isEmpty else { throw UsageError("expected at least one TYPE", subcommand: "mime") }
        let database = context.database
        let locale = context.environment.locale
        var status = ExitStatus.success
        for name in arguments.operands {
            guard MIMETypeName.isValid(name) else {
                context.output.error(MIMEDatabaseError.invalidTypeName(name).message)
                status = status.combined(with: .failure)
                continue
            }
            guard database.isKnown(name) else {
                context.output.error("unknown MIME type '\(name)'")
                status = status.combined(with: .notFound)
                continue
            }
            let info = TypeReport(database.canonicalName(name), database: database, locale: locale)
            if arguments.has("--json") {
                context.output.line(info.json.rendered)
            } else {
                context.output.untrustedLine(info.text)
            }
        }
        return status
    }
}

/// The facts `assoc mime` prints about one type.
struct TypeReport {
    var type: String
    var comment: String?
    var acronym: String?
    var expandedAcronym: String?
    var aliases: [String]
    var parents: [String]
    var ancestors: [String]
    var globs: [String]
    var icon: String
    var genericIcon: String

    init(_ type: String, database: MIMEDatabase, locale: LocalePreferences) {
        self.type = type
        let description = database.description(of: type)
        comment = description?.comment(for: locale)
        acronym = description?.acronym
        expandedAcronym = description?.expandedAcronym
        aliases = database.aliases(of: type)
        parents = database.parents(of: type)
        ancestors = database.ancestors(of: type)
        globs = database.globs(of: type).map(\.pattern)
        icon = database.iconName(of: type)
        genericIcon = database.genericIconName(of: type)
    }

    var json: JSONValue {
        .object([
            ("type", .string(type)), ("comment", .optional(comment)),
            ("acronym", .optional(acronym)), ("expandedAcronym", .optional(expandedAcronym)),
            ("aliases", .strings(aliases)), ("parents", .strings(parents)), ("ancestors", .strings(ancestors)),
            ("globs", .strings(globs)), ("icon", .string(icon)), ("genericIcon", .string(genericIcon)),
        ])
    }

    var text: String {
        var lines = [type]
        func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append("  \(label): \(value)") }
        }
        add("comment", comment)
        add("acronym", [acronym, expandedAcronym.map { "(\($0))" }].compactMap { $0 }.joined(separator: " "))
        add("aliases", aliases.joined(separator: ", "))
        add("parents", parents.joined(separator: ", "))
        add("ancestors", ancestors.joined(separator: ", "))
        add("globs", globs.joined(separator: " "))
        add("icon", icon)
        add("generic icon", genericIcon)
        return lines.joined(separator: "\n")
    }
}
