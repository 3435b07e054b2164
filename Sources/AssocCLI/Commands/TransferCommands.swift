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

    static let importCommand = Command(name: "import", help: """
        Usage: assoc import [--type T]... [--replace] [--mkdir] [--json] FILE... --to DIR

        Copies each FILE into DIR, the application's own place: a document picker's "import".
        \(commonText)
        """, run: { try run(.import, $0, $1) })

    static let exportCommand = Command(name: "export", help: """
        Usage: assoc export [--type T]... [--replace] [--mkdir] [--json] FILE... --to DIR

        Copies each FILE out to DIR, a destination the person chose; --mkdir creates it (and
        its parents) when it does not exist yet.
        \(commonText)
        """, run: { try run(.export, $0, $1) })

    static let moveCommand = Command(name: "move", help: """
        Usage: assoc move [--type T]... [--replace] [--mkdir] [--json] FILE... --to DIR

        Moves each FILE to DIR: a rename within one file system; across file systems a copy as
        below, a check of its size, and then the removal of FILE.
        \(commonText)
        """, run: { try run(.move, $0, $1) })

    static let commonText = """

        A copy is written to a hidden temporary file in DIR, fsynced, checked against FILE's
        size and only then given its name, so no partial file ever carries it; FILE's
        permission bits, user.* extended attributes and times go with it, but not assoc's own
        user.assoc.* attributes (a per-file choice stays behind). A name that is taken
        gets a number, 'report (2).pdf', unless --replace is given; the name is claimed in the
        same step as the rename, so a race cannot overwrite another file. A FILE that is the
        destination itself by another path (a link, a hard link, DIR through a link), or a file
        an earlier FILE already transferred, is refused; --replace never replaces what an
        earlier FILE has just become. On any error FILE is left as it was, and the other FILEs
        are still done.

        Options:
          --to DIR            the destination directory (required)
          --mkdir             create DIR and its parents when it does not exist
          --replace           replace a file of the same name instead of numbering
          --type T            refuse a FILE whose type does not conform to T (a MIME type,
                              image/*, .pdf or a UTI); repeat for more types
          --json              one JSON object per FILE: source, destination, method (copy,
                              rename, copy-and-delete, none), replaced, error
          -h, --help          show this help

        Exit status: 0 when every FILE was done, 2 when one failed (the others are still done)
        or on a usage error.
        """

    static let specs = [
        OptionSpec(long: "--to", takesValue: true), OptionSpec(long: "--mkdir"), OptionSpec(long: "--replace"),
        OptionSpec(long: "--type", takesValue: true), OptionSpec(long: "--json"),
    ]

    static func run(_ kind: Kind, _ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let name = kind.rawValue
        let arguments = try ParsedArguments(words, specs: specs, subcommand: name)
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
        var session = TransferSession(transfer, mode: kind == .move ? .move : .copy, into: destination)
        for source in arguments.operands {
            do {
                let result = try session.transfer(source)
                report(result, kind: kind, json: json, context: context)
            } catch {
                context.output.error(error.description)
                if json {
                    context.output.line(JSONValue.object(JSONValue.path("source", source) + [
                        ("destination", .null), ("method", .null), ("replaced", .bool(false)),
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
        for attribute in result.retainedAttributes {
            context.output.warning("cannot remove attribute \(attribute) from '\(result.destination)'")
        }
        if json {
            context.output.line(JSONValue.object(JSONValue.path("source", result.source)
                + JSONValue.path("destination", result.destination) + [
                ("method", .string(result.method.rawValue)), ("replaced", .bool(result.replaced)), ("error", .null),
            ]).rendered)
        } else if result.method == .none {
            context.output.untrustedLine("\(result.source): already at \(result.destination)")
        } else {
            context.output.untrustedLine("\(kind.verb) \(result.source) to \(result.destination)" + (result.replaced ? " (replaced)" : ""))
        }
    }
}
