import Associations
import TerminalUI

/// `assoc choose [--type TYPE] [--print] TARGET...`: "Open with" on the terminal.
enum ChooseCommand {
    static let definition = CommandDefinition(
        name: "choose", summary: "choose the application to open files with, on the terminal (\"Open with\")",
        forms: ["[--role ROLE] [--type TYPE] [--print] TARGET...", "[--role ROLE] --type TYPE --print", "--portal-request FILE"],
        description: """
            Shows the applications for the type of the first TARGET (or TYPE) on the terminal: the default \
            first, then the recommended ones (associated with the type itself), then the others that take a \
            supertype, then 'All applications…', which lists every installed application; each row has the \
            name, the desktop file ID and where its association comes from. / searches by name or ID.

            Enter opens the TARGETs with the highlighted application this once, through the same planner as \
            assoc-open(1) --with; with --print, prints its desktop file ID instead. d does the same and makes \
            it the default for the type ("Always use this app"), written exactly as assoc-set(1) writes it, \
            so GIO, xdg-open and the portal see it, and prints the default before and after. f does the same \
            and remembers it for these files only (the per-file choice of assoc set --file). Esc or q cancels.

            Tab switches between "Open", "Edit with…" and "Mark up with…" (--role edit or markup starts on \
            the second or third): each lists the applications of that role in the order assoc-apps(1) --role \
            gives, then the others that handle the type. Enter opens the TARGETs as assoc-open(1) --edit or \
            --markup would (a downloaded file is marked up on a copy); d makes the application the default \
            of the role shown, in assoc/roles.list for edit and markup, mimeapps.list for Open; f the \
            per-file choice of that role.

            --portal-request FILE is how assoc-portal(1) asks the desktop portal's "Open with" question: \
            FILE is the request it wrote; the chooser offers exactly the applications in it (the last choice \
            highlighted), Enter answers with the highlighted one on the request's socket, which the portal \
            then launches, and d also makes it the default as assoc-set(1) does. The list is updated in \
            place when the portal's set of applications changes.
            """,
        options: [
            RoleOption.any,
            .value("--type", "TYPE", completion: .mimeType, "offer the applications of TYPE instead of the first TARGET's type"),
            .flag("--print", "print the chosen desktop file ID instead of opening the TARGETs"),
            .value(
                "--portal-request", "FILE", completion: .file,
                "for assoc portal: offer the applications FILE names and answer on its socket"),
        ],
        operands: [OperandDefinition(name: "TARGET...", completion: .file)],
        exitStatus: [
            (0, "an application was chosen (and the targets opened)"), (1, "the chooser was cancelled"),
            (2, "a usage error, no terminal, or the targets could not be opened"),
        ],
        manSections: [ManSection.keys(ChooserModel.keys)],
        examples: [
            Example(command: "assoc choose report.pdf", explanation: "open report.pdf with an application chosen now"),
            Example(command: "assoc choose --type text/markdown --print", explanation: "print the ID of the application chosen"),
        ],
        seeAlso: ["assoc-open(1)", "assoc-set(1)", "assoc-apps(1)", "assoc-settings(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if let request = arguments.value("--portal-request") { return PortalChooseCommand.run(request, context) }
        let targets = arguments.operands
        guard !targets.isEmpty || (arguments.value("--type") != nil && arguments.has("--print")) else {
            throw UsageError("expected at least one TARGET (or --type TYPE --print)", subcommand: "choose")
        }
        var resolved: [TargetArgument] = []
        for target in targets { resolved.append(try TargetArgument.resolve(target, detector: context.detector)) }
        let type = context.database.canonicalName(arguments.value("--type") ?? resolved[0].type)
        let subject = targets.isEmpty ? type : targets.joined(separator: ", ") + " (\(type))"
        let allowsPerFile = !resolved.isEmpty && resolved.allSatisfy { $0.kind == .path }
        let chosen: ChooserAnswer?
        do {
            chosen = try ask(
                type: type, subject: subject, allowsPerFile: allowsPerFile, role: RoleOption.role(arguments),
                path: resolved.first?.path, context: context)
        } catch {
            context.output.error(error.description)
            return .failure
        }
        guard let answer = chosen else { return .notFound }
        // The ID comes from a file name: escaped on a terminal, its own bytes to a pipe.
        if arguments.has("--print") { context.output.untrustedLine(answer.id) }
        switch answer.action {
        case .once: break
        case .always:
            let status = try EditRendering.apply(
                EditRequest(
                    .set, .target(type), application: answer.id, command: "assoc choose (Always use)", role: answer.role),
                context: context,
                subcommand: "choose")
            guard status == .success else { return status }
        case .theseFiles:
            for target in targets {
                let status = try PerFileChoiceCommand.run(
                    .set, path: target, operands: [answer.id], context: context, subcommand: "choose", role: answer.role)
                guard status == .success else { return status }
            }
        }
        guard !arguments.has("--print") else { return .success }
        var options = OpenCommand.Options(forced: answer.id)
        options.role = answer.role
        return try OpenCommand.open(targets, options, context: context)
    }

    /// Shows the chooser for `type`; nil when cancelled.
    ///
    /// - Throws: `TerminalError` when there is no terminal to show it on.
    static func ask(
        type: String, subject: String, allowsPerFile: Bool, role: Role = .view, path: String? = nil,
        context: CommandContext
    ) throws(TerminalError) -> ChooserAnswer? {
        let everything = context.chooserOffer(for: type).everything
        var model = ChooserModel(
            subject: subject, offers: context.chooserOffers(for: type, path: path), roles: Role.allCases, role: role,
            everything: everything, allowsPerFile: allowsPerFile)
        return try ScreenRunner.run(
            &model, term: context.environment.variables["TERM"] ?? "",
            colors: ScreenColors.allowed(context.environment))
    }
}
