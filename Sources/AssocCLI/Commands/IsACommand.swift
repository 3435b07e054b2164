import MIMEDatabase

/// `assoc is-a TYPE SUPERTYPE`: answers by exit status alone.
enum IsACommand {
    static let definition = CommandDefinition(
        name: "is-a", summary: "exit 0 when TYPE is a kind of SUPERTYPE, else 1", forms: ["TYPE SUPERTYPE"],
        description: """
            Prints nothing. Exits 0 when TYPE is SUPERTYPE or below it in the type hierarchy, and 1 when it \
            is not. Both names are resolved through aliases first. The hierarchy is the sub-class-of relation \
            plus the implicit parents of the shared-mime-info specification: every text/* type is a kind of \
            text/plain, and every type but inode/* is a kind of application/octet-stream. A cycle in broken \
            data is cut, never followed forever.

            SUPERTYPE may be a media wildcard such as image/*: it matches every type whose media, or the media \
            of one of its ancestors, is image.
            """,
        operands: [
            OperandDefinition(name: "TYPE", completion: .mimeType),
            OperandDefinition(name: "SUPERTYPE", completion: .typePattern),
        ],
        exitStatus: [(0, "yes"), (1, "no"), (2, "a usage error")],
        examples: [
            Example(
                command: "assoc is-a image/svg+xml text/plain && echo \"can be read as text\"",
                explanation: "SVG is XML, which is text"),
            Example(command: "assoc is-a application/x-pdf application/pdf", explanation: "an alias is its type"),
            Example(command: "assoc is-a image/png 'image/*'", explanation: "a media wildcard"),
        ],
        seeAlso: ["assoc-mime(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.count == 2 else {
            throw UsageError(
                "expected 2 arguments 'TYPE SUPERTYPE', got \(arguments.operands.count)",
                subcommand: "is-a")
        }
        let (type, supertype) = (arguments.operands[0], arguments.operands[1])
        guard MIMETypeName.isValid(type) else { throw UsageError(MIMEDatabaseError.invalidTypeName(type).message) }
        guard MIMETypeName.isValid(supertype) || supertype == "*" else {
            throw UsageError(MIMEDatabaseError.invalidTypeName(supertype).message)
        }
        return context.database.isA(type, supertype) ? .success : .notFound
    }
}
