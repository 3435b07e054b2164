import DocumentProvider
import MIMEDatabase
import XDGSupport

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

    static let importCommand = Command(
        definition: definition(
            .import, summary: "copy documents in, never overwriting",
            description: "Copies each FILE into DIR, the application's own place: a document picker's \"import\"."),
        run: { try run(.import, $0, $1) })

    static let exportCommand = Command(
        definition: definition(
            .export, summary: "copy documents out to a destination",
            description: """
                Copies each FILE out to DIR, a destination the person chose; --mkdir creates it (and its parents) \
                when it does not exist yet.
                """), run: { try run(.export, $0, $1) })

    static let moveCommand = Command(
        definition: definition(
            .move, summary: "move documents: a rename, or copy, check and delete",
            description: """
                Moves each FILE into DIR. Within one file system the move is a rename(2) that never replaces \
                another file. Across file systems it is a copy as below, a check of its size, and then the removal \
                of FILE; before copying, assoc checks that FILE can be removed from its directory. A symbolic link \
                is moved as a link within one file system and refused across file systems. A FILE already in DIR \
                is left where it is.
                """), run: { try run(.move, $0, $1) })

    /// What the three commands share: their options and how a copy is made.
    static func definition(_ kind: Kind, summary: String, description: String) -> CommandDefinition {
        CommandDefinition(
            name: kind.rawValue, summary: summary, forms: ["[--type T]... [--replace] [--mkdir] [--json] FILE... --to DIR"],
            description: description + "\n\n" + """
                A copy is written to a hidden temporary file in DIR, fsynced, checked against the size of FILE, \
                and only then given its final name, so no partial file ever carries that name. The copy keeps \
                the permission bits of FILE, its user.* extended attributes (such as user.xdg.origin.url; a \
                warning names any the destination's file system does not keep) and its access and modification \
                times, but not assoc's own user.assoc.* attributes: a per-file choice of application \
                (user.assoc.open-with) stays with the file it was made for and never travels with a copy or a \
                move.

                A name that is taken gets a number before its extension, 'report (2).pdf', 'report (3).pdf', \
                unless --replace is given. The name is claimed in the same step as the rename (renameat2(2) with \
                RENAME_NOREPLACE, or link(2) where a file system lacks it), so two programs racing for one name \
                cannot overwrite each other. A name longer than 255 bytes with its number has its stem \
                shortened, by whole characters.

                A FILE that is the destination file itself by another path (a symbolic link to it, a hard link, \
                DIR reached through a link) is never put over itself: it is refused with --replace, and by move \
                always. So is a FILE naming a file an earlier FILE already transferred; with --replace, no FILE \
                replaces the document an earlier one has just become.

                On any error (a full or read-only destination, a source that changes while it is copied, a FILE \
                that does not conform to --type) FILE is left as it was, the temporary file is removed, an error \
                names the file, and the other FILEs are still done. If SIGINT, SIGTERM or SIGHUP ends assoc \
                mid-copy, the temporary file is removed too; after SIGKILL, 'assoc check DIR' finds it.
                """,
            options: [
                .value("--to", "DIR", completion: .directory, "the destination directory (required)"),
                .flag("--mkdir", "create DIR and its parents when it does not exist"),
                .flag("--replace", "replace a file of the same name instead of numbering"),
                .value(
                    "--type", "T", completion: .typePattern, repeatable: true,
                    "refuse a FILE whose type does not "
                        + "conform to T (a MIME type, image/*, .pdf or a UTI); repeat for more types"),
                .flag(
                    "--json",
                    "one JSON object per FILE: source, destination, method (copy, rename, copy-and-delete, "
                        + "none), replaced, error"),
            ],
            operands: [OperandDefinition(name: "FILE...", completion: .file)],
            exitStatus: [(0, "every FILE was done"), (2, "a FILE failed (the others are still done), or a usage error")],
            manSections: [JSONNames.section(fields: "source or destination")],
            examples: [
                Example(
                    command: "assoc \(kind.rawValue) scan.pdf --to ~/.local/share/app",
                    explanation: "a clash becomes 'scan (2).pdf'"),
                Example(
                    command: "assoc \(kind.rawValue) --mkdir --type .odt a.odt --to /media/usb/new",
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
        let transfer = DocumentTransfer(
            options: .init(replace: arguments.has("--replace"), makeDirectory: arguments.has("--mkdir")),
            requirement: requirement)
        let json = arguments.has("--json")
        do { try transfer.prepareDestination(destination) } catch {
            context.output.error(error.description)
            return .failure
        }
        var status = ExitStatus.success
        var session = TransferSession(transfer, mode: kind == .move ? .move : .copy, into: destination)
        for source in arguments.operands {
            do {
                let result = try session.transfer(source)
                report(result, kind: kind, json: json, context: context)
            } catch {
                context.output.error(error.description)
                if json {
                    context.output.line(
                        JSONValue.object(
                            JSONValue.path("source", source) + [
                                ("destination", .null), ("method", .null), ("replaced", .bool(false)),
                                ("error", .string(error.description)),
                            ]
                        ).rendered)
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
        for attribute in result.retainedAttributes {
            context.output.warning("cannot remove attribute \(attribute) from '\(result.destination)'")
        }
        if json {
            context.output.line(
                JSONValue.object(
                    JSONValue.path("source", result.source)
                        + JSONValue.path("destination", result.destination) + [
                            ("method", .string(result.method.rawValue)), ("replaced", .bool(result.replaced)), ("error", .null),
                        ]
                ).rendered)
        } else if result.method == .none {
            context.output.untrustedLine("\(result.source): already at \(result.destination)")
        } else {
            context.output.untrustedLine(
                "\(kind.verb) \(result.source) to \(result.destination)" + (result.replaced ? " (replaced)" : ""))
        }
    }
}
