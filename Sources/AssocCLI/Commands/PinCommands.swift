import Associations
import XDGSupport

/// `assoc pin TYPE… [APP]`, `assoc pin --list` and `assoc unpin TYPE…`: the defended defaults.
enum PinCommands {
    static let definition = CommandDefinition(
        name: "pin", summary: "defend the default of types against other programs", forms: ["TARGET... [APP]", "--list"],
        description: """
            Pins each TARGET (a type, a wildcard such as image/* or an extension such as .pdf) to APP, or, \
            without APP, each type to the application that opens it now, in $XDG_CONFIG_HOME/assoc/pins.list. \
            A wildcard or extension is kept as written: it pins every type it names now and every type it names \
            later (a type installed since, as assoc sync does for rules); it needs APP. The last operand is \
            taken as APP when it is not a type, a wildcard or an extension (a URL scheme is pinned as \
            x-scheme-handler/SCHEME).

            Pinning makes the pin hold at once: a type whose default differs is set through the same editor as \
            assoc set. After that, assoc watch restores a pinned type within a second of anything changing its \
            effective default, and records both changes; without the watcher, assoc check reports the pinned \
            types that are not defended.
            """,
        options: [.flag("--list", "print each pin: TARGET, APP and, for a wildcard or extension, the types it covers now")],
        operands: [OperandDefinition(name: "TARGET...", completion: .typePattern)],
        exitStatus: [(0, "pinned"), (1, "--list: there is no pin"), (2, "a usage error, or a refusal")],
        files: HistoryCommand.historyFiles,
        examples: [
            Example(command: "assoc pin application/pdf", explanation: "keep the PDF viewer as it is now"),
            Example(command: "assoc pin 'image/*' org.gnome.Loupe.desktop", explanation: "every image type, now and later"),
            Example(command: "assoc pin --list", explanation: "what is pinned"),
        ],
        seeAlso: ["assoc-unpin(1)", "assoc-history(1)", "assoc-set(1)"])

    static let command = Command(definition: definition, run: run)

    static let unpinDefinition = CommandDefinition(
        name: "unpin", summary: "stop defending the default of types", forms: ["TARGET..."],
        description: """
            Removes each TARGET, as it was given to assoc pin, from $XDG_CONFIG_HOME/assoc/pins.list. The \
            defaults stay as they are; they are only no longer restored.
            """,
        operands: [OperandDefinition(name: "TARGET...", completion: .typePattern)],
        exitStatus: [(0, "every TARGET was pinned and is no longer"), (1, "a TARGET was not pinned"), (2, "a failure")],
        files: HistoryCommand.historyFiles,
        examples: [Example(command: "assoc unpin application/pdf", explanation: "stop defending the PDF viewer")],
        seeAlso: ["assoc-pin(1)"])

    static let unpin = Command(definition: unpinDefinition, run: runUnpin)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let history = DefaultsHistory(environment: context.environment)
        if arguments.has("--list") {
            guard arguments.operands.isEmpty else { throw UsageError("'--list' goes alone", subcommand: "pin") }
            let expanded = history.pins.expanded(database: context.database, applications: context.resolver.applications)
            for (pin, types) in expanded {
                let covers = AssociationTarget.isRule(pin.target) ? "\t" + types.joined(separator: ",") : ""
                context.output.untrustedLine(pin.target + "\t" + pin.app + covers)
            }
            return expanded.isEmpty ? .notFound : .success
        }
        var targets = arguments.operands
        guard !targets.isEmpty else { throw UsageError("expected TARGET... [APP]", subcommand: "pin") }
        var app: String?
        if targets.count > 1, let last = targets.last, !last.contains("/"), !last.hasPrefix(".") {
            targets.removeLast()
            app = try AppResolver.resolve(last, context: context, subcommand: "pin")
        }
        let (pins, records) = try history.pin(targets, app: app)
        render(pins, records, context: context)
        return .success
    }

    /// Prints the pins written and the records of their restore, and warns when no watcher
    /// defends them (for `assoc pin` and the settings screen's p).
    static func render(_ pins: [PinsList.Pin], _ records: [HistoryRecord], context: CommandContext) {
        for pin in pins { context.output.untrustedLine("pinned \(pin.target) to \(pin.app)") }
        for record in records { context.output.untrustedLine("\(record.id)  " + HistoryCommand.words(record, context)) }
        if WatcherStatus.runningPID(context.environment) == nil {
            context.output.warning("assoc watch is not running: nothing restores the pins when another program changes them")
        }
    }

    static func runUnpin(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard !arguments.operands.isEmpty else { throw UsageError("expected TARGET...", subcommand: "unpin") }
        let removed = try DefaultsHistory(environment: context.environment).unpin(arguments.operands)
        for target in arguments.operands {
            if removed.contains(target) {
                context.output.untrustedLine("unpinned \(target)")
            } else {
                context.output.warning("'\(target)' was not pinned")
            }
        }
        return removed.count == arguments.operands.count ? .success : .notFound
    }
}
