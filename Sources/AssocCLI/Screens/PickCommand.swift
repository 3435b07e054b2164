import DocumentProvider
import TerminalUI
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc pick`: the document picker, a full-screen program on the terminal.
enum PickCommand {
    static let definition = CommandDefinition(
        name: "pick", summary: "choose documents, a destination or a name in a full-screen document picker",
        forms: [
            "[--mode open|import] [--type T]... [--multiple] [--directory] [-0|--json] [--to DIR] [DIR]",
            "--mode export|move [--to DIR] [-0|--json] FILE...",
            "--mode save [--name NAME] [--to DIR] [-0|--json]",
            "--portal-request FILE",
        ],
        description: """
            Shows a folder the way a document picker does, on the terminal (/dev/tty, so that standard \
            output stays free for the answer): each row the name, the type's comment, the size, the \
            modification date (relative when recent), local or remote, and the host a download came from. \
            The list holds the documents that conform to the current filter, and folders; the others are \
            counted on the status line ('5 more not shown'), and a shows them dimmed, marked 'unavailable' \
            (or 'n/a') in text, with the reason on the detail line; they cannot be chosen. Folders can always \
            be entered. When a folder is chosen (export, move, save, --directory) files are shown greyed from \
            the start. The detail lines show the highlighted row in full: its full name, the default \
            application and the thumbnail's path; its type and comment, its size in bytes; its modification \
            time and the download origin.

            The name column gets the room first, up to 48 columns for the longest name on the screen; the \
            other columns give way to it in this order: FROM is dropped, then WHERE; TYPE narrows to 12 \
            columns, MODIFIED to the date alone, the mark 'unavailable' to 'n/a'; then SIZE is dropped, \
            then MODIFIED, then TYPE. The mark is never dropped.

            A T is what assoc-list(1) takes: a MIME type or alias, a wildcard (image/*), an extension (.pdf) \
            or a Uniform Type Identifier (public.image). Each --type is one filter of the filter list, the \
            first one current; Tab switches to the next, as a dialog's filter menu does. With several, the list \
            starts with all of them together, the documents assoc-list(1) would list.

            open chooses documents and prints their paths; import copies them into --to DIR as \
            assoc-import(1) does (a taken name gets a number, nothing is ever left half-written) and prints \
            where they went. export and move place the FILE operands: the picker starts in --to DIR or the \
            working directory and shows folders (files greyed); the first row of every folder, 'Export here' \
            or 'Move here', places them there through the same transfer as assoc-export(1) and \
            assoc-move(1), asking for each name already taken whether to keep both, replace or skip. save \
            shows the same folders with a 'Save here' first row and a file name (--name, changed with e); a \
            name that is empty, . or .., holds / or NUL, or has more than 255 bytes is refused with the reason; a \
            name that exists asks to confirm with y; the path is printed, nothing is written (this is the \
            portal's SaveFile). n makes a new folder and enters it (export, move, save). With --directory, \
            open and import choose a folder ('Choose this folder').

            The answer is printed one path per line, NUL-separated with -0, or with --json one object per \
            line: path, type, size, modified, location (and the other fields of assoc-list(1)). Outside a \
            terminal, or with an unknown TERM, the picker cannot start (exit status 2). NO_COLOR turns colour \
            off; every mark is also written as text.

            --portal-request FILE is how assoc-portal(1) shows the desktop portal's file dialogs: FILE is \
            the request it wrote (OpenFile, SaveFile or SaveFiles, with the application's title, accept label, \
            filters, choices and folder); the answer goes back on the request's socket, not to standard output. \
            A filter's MIME types match by conformance and its globs match file names case-sensitively, as \
            GTK's file chooser does; o changes the dialog's options.

            In open mode, m hands the highlighted document (or the selected ones) to the markup role \
            instead of printing it: they are opened as assoc-open(1) --markup opens them, a downloaded \
            document on a copy beside it, whose path is printed.
            """,
        options: [
            .value(
                "--mode", "MODE", choices: PickerMode.allCases.map(\.rawValue),
                "open (the default), import, export, move or save"),
            .value(
                "--type", "T", completion: .typePattern, repeatable: true,
                "a filter of documents that can be chosen; repeat for a list of filters that Tab switches between"),
            .flag("--multiple", "choose several documents: Space selects, Enter chooses the selection"),
            .flag("--directory", "choose a folder instead of documents (open and import)"),
            .value("--name", "NAME", "the file name a save starts with"),
            .value(
                "--to", "DIR", completion: .directory,
                "import: where documents are copied to (required); export, move, save: the folder shown first"),
            .flag("--null", short: "-0", "separate the printed paths with NUL bytes instead of new lines"),
            .flag(
                "--json",
                "one JSON object per chosen document: path, type, size, modified, location, and the others of assoc list"),
            .value(
                "--portal-request", "FILE", completion: .file,
                "for assoc portal: show the file dialog FILE asks for and answer on its socket"),
        ],
        operands: [OperandDefinition(name: "DIR|FILE...", completion: .file)],
        exitStatus: [
            (0, "something was chosen (and placed)"), (1, "the picker was cancelled (Esc or q)"),
            (2, "a usage error, no terminal, or a document that could not be placed"),
        ],
        manSections: [
            ManSection.keys(PickerModel.keys),
            JSONNames.section(fields: "path"),
        ],
        examples: [
            Example(
                command: "xdg-open \"$(assoc pick --type application/pdf ~/Downloads)\"",
                explanation: "a PDF picker in a script, as fzf is one"),
            Example(
                command: "assoc pick --type application/pdf --type public.image --multiple -0 | xargs -0 ls -l",
                explanation: "several PDFs or images, NUL-separated"),
            Example(command: "assoc pick --mode move draft.odt", explanation: "choose where draft.odt goes, then move it"),
            Example(command: "assoc pick --mode save --name report.pdf", explanation: "choose where to save a new report.pdf"),
        ],
        seeAlso: ["assoc-list(1)", "assoc-import(1)", "assoc-export(1)", "assoc-move(1)", "assoc-choose(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        if let request = arguments.value("--portal-request") { return PortalPickCommand.run(request, context) }
        let mode = arguments.value("--mode").flatMap(PickerMode.init(rawValue:)) ?? .open
        guard !(arguments.has("--null") && arguments.has("--json")) else {
            throw UsageError("'-0' and '--json' do not go together", subcommand: "pick")
        }
        if let name = arguments.value("--name"), let problem = FileName.problem(name) {
            throw UsageError("--name '\(name)': \(problem)", subcommand: "pick")
        }
        let patterns = arguments.all("--type")
        // Several types: first all of them together (what assoc list takes), then each alone.
        let filterPatterns = patterns.count > 1 ? [patterns] + patterns.map { [$0] } : patterns.map { [$0] }
        let configuration = PickerConfiguration(
            mode: mode, filterNames: filterPatterns.map { $0.joined(separator: ", ") }, multiple: arguments.has("--multiple"),
            choosesDirectories: arguments.has("--directory"), fileName: arguments.value("--name") ?? "",
            placing: mode == .export || mode == .move ? arguments.operands : [])
        let start = try startDirectory(mode, arguments)
        let filters = try filterPatterns.map { try ListCommand.typeFilter($0, context: context, subcommand: "pick") }
        let source = PickerWorld.source(filters: filters, context: context)
        let absolute = FileURI.absolute(start, in: context.process.workingDirectory)
        var model: PickerModel
        do { model = try PickerModel(configuration: configuration, source: source, directory: absolute) } catch {
            context.output.error(error.description)
            return .failure
        }
        model.offersMarkup = true
        let answer: PickerAnswer?
        do {
            answer = try ScreenRunner.run(
                &model, term: context.environment.variables["TERM"] ?? "",
                colors: ScreenColors.allowed(context.environment))
        } catch {
            context.output.error(error.description)
            return .failure
        }
        guard let answer else { return .notFound }
        return try PickOutcome(arguments: arguments, context: context).deliver(answer, mode: mode)
    }

    /// The folder shown first: DIR for open and import, --to DIR or the working directory otherwise.
    private static func startDirectory(_ mode: PickerMode, _ arguments: ParsedArguments) throws -> String {
        switch mode {
        case .open, .import:
            guard arguments.operands.count <= 1 else { throw UsageError("expected at most one DIR", subcommand: "pick") }
            if mode == .import && arguments.value("--to") == nil {
                throw UsageError("--mode import needs '--to DIR'", subcommand: "pick")
            }
            return arguments.operands.first ?? "."
        case .export, .move:
            guard !arguments.operands.isEmpty else {
                throw UsageError("--mode \(mode.rawValue) needs the FILEs to place", subcommand: "pick")
            }
            return arguments.value("--to") ?? "."
        case .save:
            guard arguments.operands.isEmpty else { throw UsageError("--mode save takes no operands", subcommand: "pick") }
            return arguments.value("--to") ?? "."
        }
    }
}

/// Whether a screen may use colours: not when `NO_COLOR` is set to anything but the empty string.
enum ScreenColors {
    static func allowed(_ environment: XDGEnvironment) -> Bool { (environment.variables["NO_COLOR"] ?? "").isEmpty }
}
