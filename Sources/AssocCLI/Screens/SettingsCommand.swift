import Associations
import MIMEDatabase
import TerminalUI
import XDGSupport

/// `assoc settings`: default apps by file type, on the terminal.
enum SettingsCommand {
    static let definition = CommandDefinition(
        name: "settings", summary: "choose default applications by file type, on the terminal", forms: [""],
        description: """
            Lists the types that installed applications declare, grouped (documents, images, audio, video, \
            text, archives, links and schemes, other), each with its comment (on a wide terminal) and a column \
            per role: VIEW, the current default's name (mimeapps.list, which GIO, xdg-open and the portal \
            read); EDIT and MARKUP, the applications assoc-open(1) --edit and --markup use (assoc/roles.list, \
            resolved as assoc default --role answers). An edit or markup application that no default names is \
            marked ~ when it was inferred from the entries' categories and keywords, = when it falls back to \
            the edit or view default; P before a type says it is pinned (assoc-pin(1)). The detail line gives \
            the highlighted row's application in full and where it comes from: for VIEW, the desktop file ID and \
            the file and line (see assoc-defaults(1)); for EDIT and MARKUP, the line of roles.list or the reason. \
            / searches by type, comment, extension or application.

            Tab chooses the role Enter edits: its heading is in brackets and the status line names it. Enter \
            opens the chooser of assoc-choose(1) for the highlighted type on that role's tab (Tab there shows \
            the others); Enter or d makes the highlighted application the default of the tab shown, written \
            as assoc set --role writes it (view in mimeapps.list, edit and markup in roles.list), and comes \
            back to the list. p pins the highlighted type to its current default as assoc pin does, or unpins \
            it when it is pinned. u undoes the last recorded change of the type's default as assoc undo ID \
            does (changes not recorded yet are recorded first); the result, or why not, is on the status line. \
            a switches to the applications: Enter makes one the default of the role for every type it \
            declares, as assoc set --app-types does. Each change is printed when the screen ends, as the \
            command line prints it. ? shows the keys and marks; q or Esc ends the screen.
            """,
        exitStatus: [
            (0, "a default was saved, a type pinned or unpinned, or a change undone before the screen was closed"),
            (1, "the screen was closed (q or Esc) with nothing changed"), (2, "a usage error or no terminal"),
        ],
        manSections: [
            ManSection.keys(SettingsModel.keys), ManSection.terms("MARKS", SettingsModel.marks.map { ($0.mark, $0.meaning) }),
        ],
        examples: [Example(command: "assoc settings", explanation: "pick the default application of each type")],
        seeAlso: ["assoc-defaults(1)", "assoc-choose(1)", "assoc-set(1)", "assoc-pin(1)", "assoc-undo(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.isEmpty else { throw UsageError("expected no operands", subcommand: "settings") }
        let world = SettingsWorld(context: context)
        var model = SettingsModel(
            types: world.rows(context.resolver), applications: context.chooserOffer(for: "application/octet-stream").everything,
            source: world.source)
        do {
            _ = try ScreenRunner.run(
                &model, term: context.environment.variables["TERM"] ?? "",
                colors: ScreenColors.allowed(context.environment))
        } catch {
            context.output.error(error.description)
            return .failure
        }
        return model.savedCount > 0 ? .success : .notFound
    }
}
