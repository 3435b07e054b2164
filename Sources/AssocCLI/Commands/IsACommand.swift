import MIMEDatabase

/// `assoc is-a TYPE SUPERTYPE`: answers by exit status alone.
enum IsACommand {
    static let command = Command(name: "is-a", help: help, run: run)

    static let help = """
        Usage: assoc is-a TYPE SUPERTYPE

        Exits 0 when TYPE is SUPERTYPE or a kind of it, and 1 when it is not. Aliases are
        resolved; parents are the sub-class-of types plus the implicit ones (every text/* is a
        kind of text/plain, everything but inode/* a kind of application/octet-stream).
        SUPERTYPE may be a media wildcard such as image/*.

        Options:
          --database SOURCE   read each mime/ directory from xml, cache, text or auto (default)
          -h, --help          show this help

        Exit status: 0 yes, 1 no, 2 on a usage error.
        """

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: [], subcommand: "is-a")
        guard arguments.operands.count == 2 else {
            throw UsageError("expected 2 arguments 'TYPE SUPERTYPE', got \(arguments.operands.count)",
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
