import MIMEDatabase
import XDGSupport

/// `assoc mime [--json] TYPE...`: what the database says about each type.
enum MimeCommand {
    static let definition = CommandDefinition(
        name: "mime", summary: "show what the database says about a type", forms: ["[--json] TYPE..."],
        description: """
            For each TYPE, prints its canonical name (an alias such as application/x-pdf prints \
            application/pdf), its comment in the current locale, its acronym, aliases, parents, ancestors, \
            glob patterns, icon and generic icon.

            Parents are the sub-class-of types, or when there are none the implicit parent: text/plain for \
            text/*, application/octet-stream for everything but inode/*. Ancestors are all the types above, \
            breadth first and most specific first, with application/octet-stream last. Globs are listed best \
            weight first. The icon is the type's <icon>, else the type with '/' replaced by '-'; the generic \
            icon is its <generic-icon>, else media-x-generic.
            """,
        options: [
            .flag(
                "--json",
                "one JSON object per line: type, comment (null when none), acronym, expandedAcronym, "
                    + "aliases, parents, ancestors, globs, icon, genericIcon")
        ],
        operands: [OperandDefinition(name: "TYPE...", completion: .mimeType)],
        exitStatus: [
            (0, "every TYPE is known"), (1, "a TYPE is unknown (the others are still printed)"),
            (2, "a usage error, or a name that is not media/subtype"),
        ],
        examples: [
            Example(command: "assoc mime application/pdf", explanation: "the comment, hierarchy, globs and icons"),
            Example(command: "assoc mime --json text/x-python image/svg+xml", explanation: "the same, as JSON Lines"),
            Example(command: "LC_ALL=de_DE.UTF-8 assoc mime inode/directory", explanation: "the comment in German"),
        ],
        seeAlso: ["assoc-is-a(1)", "assoc-type(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
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
                context.output.error("unknown MIME type '\(name)'" + Suggestions.didYouMean(name, in: database.allTypes))
                status = status.combined(with: .notFound)
                continue
            }
            let info = TypeReport(database.canonicalName(name), database: database, locale: locale)
            if arguments.has("--json") {
                context.output.line(info.json.rendered)
            } else {
                for line in info.lines { context.output.untrustedLine(line) }
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
        globs = database.globs(of: type).map(\.written)
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

    /// The lines of the text form: the type, then one `  label: value` line per fact it has.
    var lines: [String] {
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
        return lines
    }
}
