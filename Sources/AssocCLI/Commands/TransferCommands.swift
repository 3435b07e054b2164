import DocumentProvider
import MIMEDatabase

/// `assoc import`, `export` and `move`: documents into or out of a place, safely.
enum TransferCommands {
    /// What a command does with each FILE.
    enum Kind: String {
        case `import`, export, move

        var verb: String {
            switch self {
            case .import: return "imported"
            case .export: return "exported"
            case .move: return "moved"
            }
        }
    }

    static let importCommand = Command(definition: definition(.import, summary: "copy documents in, never overwriting",
        description: "Copies each FILE into DIR, the application's own place: a document picker's \"import\"."),
        run: { try run(.import, $0, $1) })

    static let exportCommand = Command(definition: definition(.export, summary: "copy documents out to a destination",
        description: """
            Copies each FILE out to DIR, a destination the person chose; --mkdir creates it (and its parents) \
            when it does not exist yet.
            """), run: { try run(.export, $0, $1) })

    static let moveCommand = Command(definition: definition(.move, summary: "move documents: a rename, or copy, check and delete",
        description: """
            Moves each FILE to DIR: a rename within one file system; across file systems a copy as below, a \
            check of its size, and then the removal of FILE.
            """), run: { try run(.move, $0, $1) })

    /// What the three commands share: their options and how a copy is made.
    static func definition(_ kind: Kind, summary: String, description: String) -> CommandDefinition {
        CommandDefinition(
            name: kind.rawValue, summary: summary, forms: ["[--type T]... [--replace] [--mkdir] [--json] FILE... --to DIR"],
            description: description + "\n\n" + """
                A copy is written to a hidden temporary file in DIR, fsynced, checked against FILE's size and \
                only then given its name, so no partial file ever carries it; FILE's permission bits, user.* \
                extended attributes and times go with it. A name that is taken gets a number, 'report (2).pdf', \
                unless --replace is given; the name is claimed in the same step as the rename, so a race cannot \
                overwrite another file. On any error FILE is left as it was, and the other FILEs are still done. \
                If SIGINT, SIGTERM or SIGHUP ends assoc mid-copy, the temporary file is removed; after SIGKILL, \
                'assoc check DIR' finds it.
                """,
            options: [
                .value("--to", "DIR", completion: .directory, "the destination directory (required)"),
                .flag("--mkdir", "create DIR and its parents when it does not exist"),
                .flag("--replace", "replace a file of the same name instead of numbering"),
                .value("--type", "T", completion: .typePattern, repeatable: true, "refuse a FILE whose type does not "
                    + "conform to T (a MIME type, image/*, .pdf or a UTI); repeat for more types"),
                .flag("--json", "one JSON object per FILE: source, destination, method (copy, rename, copy-and-delete, "
                    + "none), replaced, error"),
            ],
            operands: [OperandDefinition(name: "FILE...", completion: .file)],
            exitStatus: [(0, "every FILE was done"), (2, "a FILE failed (the others are still done), or a usage error")],
            examples: [
                Example(command: "assoc \(kind.rawValue) scan.pdf --to ~/.local/share/app",
                        explanation: "a clash becomes 'scan (2).pdf'"),
                Example(command: "assoc \(kind.rawValue) --mkdir --type .odt a.odt --to /media/usb/new",
                        explanation: "only if a.odt is an OpenDocument text, creating the folder"),
            ],
            seeAlso: ["assoc-list(1)"] + [Kind.import, .export, .move].filter { $0 != kind }.map { "assoc-\($0.rawValue)(1)" })
    }

    static func run(_ kind: Kind, _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = kind.rawValue
        guard let destination = arguments.value("--to"), !destination.isEmpty else {
            throw UsageError("missing '--to DIR'", subcommand: name)
        }
        guard !arguments.operands.isEmpty else { throw UsageError("expected at least one FILE", subcommand: name) }
        let patterns = arguments.all("--type")
        var requirement: DocumentTransfer.Requirement?
        if !patterns.isEmpty {
            let filter = try ListCommand.typeFilter(patterns, context: context, subcommand: name)
            requirement = DocumentTransfer.Requirement(filter: filter, detector: context.detector)
        }
        let transfer = DocumentTransfer(options: .init(replace: arguments.has("--replace"), makeDirectory: arguments.has("--mkdir")),
                                        requirement: requirement)
        let json = arguments.has("--json")
        do { try transfer.prepareDestination(destination) } catch {
            context.output.error(error.description)
            return .failure
        }
        var status = ExitStatus.success
        for source in arguments.operands {
            do {
                let result = kind == .move ? try transfer.move(source, into: destination)
                    : try transfer.copy(source, into: destination)
                report(result, kind: kind, json: json, context: context)
            } catch {
                context.output.error(error.description)
                if json {
                    context.output.line(JSONValue.object([
                        ("source", .string(source)), ("destination", .null), ("method", .null), ("replaced", .bool(false)),
                        ("error", .string(error.description)),
                    ]).rendered)
                }
                status = .failure
            }
        }
        return status
    }

    private static func report(_ result: TransferResult, kind: Kind, json: Bool, context: CommandContext) {
        for attribute in result.droppedAttributes {
            context.output.warning("the file system of '\(result.destination)' does not keep attribute \(attribute)")
        }
        if json {
            context.output.line(JSONValue.object([
                ("source", .string(result.source)), ("destination", .string(result.destination)),
                ("method", .string(result.method.rawValue)), ("replaced", .bool(result.replaced)), ("error", .null),
            ]).rendered)
        } else if result.method == .none {
            context.output.untrustedLine("\(result.source): already at \(result.destination)")
        } else {
            context.output.untrustedLine("\(kind.verb) \(result.source) to \(result.destination)" + (result.replaced ? " (replaced)" : ""))
        }
    }
}
