import DesktopEntry
import MIMEDatabase

/// `assoc __complete KIND` (hidden): the values a shell completion offers for a kind of operand,
/// one a line, from this system's database and applications.
enum CompleteCommand {
    static let definition = CommandDefinition(
        name: "__complete", summary: "print the values a shell completes for KIND", forms: ["KIND"],
        description:
            "Used by the completion scripts: KIND is mime-type, type-pattern, desktop-id, desktop-name, command or types-action.",
        hidden: true)

    static let command = Command(definition: definition, run: run)

    /// The desktop names that desktop-specific lists are named after.
    static let desktopNames = [
        "budgie", "cinnamon", "deepin", "enlightenment", "gnome", "kde", "lxde", "lxqt", "mate",
        "pantheon", "unity", "x-cinnamon", "xfce",
    ]

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.count == 1, let kind = CompletionKind(rawValue: arguments.operands[0]) else {
            throw UsageError("expected one KIND", subcommand: "__complete")
        }
        let values: [String]
        switch kind {
        case .mimeType: values = context.database.allTypes
        case .typePattern:
            let types = context.database.allTypes
            let media = Set(types.compactMap { $0.split(separator: "/").first.map { String($0) + "/*" } }).sorted()
            values = types + media
        case .desktopID:
            values = context.resolver.applications.applicationEntries().map(\.id)
        case .desktopName: values = desktopNames
        case .command: values = CommandTable.commands.filter { !$0.definition.hidden }.map(\.name)
        case .typesAction: values = TypesCommand.actions
        case .none, .file, .directory, .choice: values = []
        }
        // Type names and desktop IDs come from files: escaped when a person reads them.
        for value in values { context.output.untrustedLine(value) }
        return .success
    }
}
