import Associations
import Launching
import XDGSupport

/// `assoc default [--json] [--as spec|gio|xdg-open] TYPE|PATH|URL`.
enum DefaultCommand {
    /// `--as MODE`, shared by the commands that resolve.
    static let modeOption = OptionDefinition.value(
        "--as", "MODE", choices: ResolutionMode.allCases.map(\.rawValue),
        "the rules to follow: spec, the mime-apps specification (the default); gio, exactly what GIO "
            + "(gio open, xdg-open on GNOME) would pick; or xdg-open, exactly what xdg-mime query default "
            + "(xdg-open on a desktop it does not know) would pick")

    static let definition = CommandDefinition(
        name: "default", summary: "print the default application",
        forms: ["[--json] [--as MODE] TYPE|PATH|URL", "[--json] --role ROLE TYPE|PATH|URL"],
        description: """
            Prints the desktop file ID of the default application for a MIME type, a file or a URL. A PATH \
            is typed first, as 'assoc type' does; a URL is typed by its scheme as x-scheme-handler/SCHEME (a \
            file:// URL is a path). Aliases are resolved.

            The lists are read in the order of the mime-apps specification: for each of $XDG_CONFIG_HOME, \
            each entry of $XDG_CONFIG_DIRS, $XDG_DATA_HOME/applications and each entry of \
            $XDG_DATA_DIRS/applications, first the desktop-specific DESKTOP-mimeapps.list files of \
            $XDG_CURRENT_DESKTOP (lower-cased, in order), then mimeapps.list; in data directories also the \
            legacy defaults.list and the mimeinfo.cache index of the entries' MimeType= lines.

            With --role edit or markup, prints the application of that role instead: the file's per-file \
            choice of the role, the role's default in assoc/roles.list for the type, a supertype or its \
            media wildcard, for markup the edit default, then the inference from the applications that \
            handle the type (never a Viewer for edit), then the view default (docs/roles.md).
            """,
        options: [
            modeOption, RoleOption.any,
            .flag("--json", "one JSON object: type, default (null when there is none); with --role, role too"),
        ],
        operands: [OperandDefinition(name: "TYPE|PATH|URL", completion: .file)],
        exitStatus: [(0, "there is a default"), (1, "there is none"), (2, "a usage error or a failure")],
        manSections: [
            ManSection(
                title: "RESOLUTION",
                text: """
                    With --as spec (the default), for the type and then each parent (explicit sub-class-of parents, \
                    and text/plain for text/*; never application/octet-stream), the first [Default Applications] \
                    entry that is installed (an application, not Hidden, its TryExec and Exec programs on PATH) and \
                    associated with the type wins; otherwise the most preferred associated application. \
                    Associations come from [Added Associations], the entries' MimeType=, less [Removed \
                    Associations], each list applying to entries at its level or below.

                    With --as gio, the answer is exactly GIO's: every default before any association, no \
                    association check, explicit parents only, MimeType= seen only through mimeinfo.cache, type \
                    names compared as spelled, a list GLib cannot parse ignored whole. A per-file choice (assoc set \
                    --file) counts only with --as spec, with a note: GIO and xdg-open know nothing of it.

                    With --as xdg-open, the answer is exactly what xdg-mime query default prints on a desktop it \
                    does not know: the first ID of the first [Default Applications] line for the type as given (no \
                    alias, no parent) if its Exec program is installed; else the first line naming the type in a \
                    defaults.list or mimeinfo.cache; else the entry naming it with the highest InitialPreference. \
                    'assoc explain' shows all three answers and what separates them.
                    """)
        ],
        examples: [
            Example(command: "assoc default application/pdf", explanation: "the PDF viewer's desktop file ID"),
            Example(command: "assoc default --as gio report.pdf", explanation: "what gio open would pick for the file"),
            Example(command: "assoc default https://example.org", explanation: "the web browser"),
        ],
        seeAlso: ["assoc-apps(1)", "assoc-explain(1)", "gio(1)", "xdg-mime(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.count == 1 else {
            throw UsageError("expected one TYPE, PATH or URL", subcommand: "default")
        }
        let mode = resolutionMode(arguments)
        let role = RoleOption.role(arguments)
        // Resolving and printing names need only a few keys of each entry, and no lint; a role's
        // inference reads Categories and Keywords too.
        if role == .view { context.entryReading = .resolution }
        context.cacheChecking = .perRead
        let target = try TargetArgument.resolve(arguments.operands[0], detector: context.detector)
        if role != .view {
            return RoleCommands.printDefault(target, role: role, json: arguments.has("--json"), context: context)
        }
        var resolution = context.resolver.resolveDefault(target.type, mode: mode)
        // Only assoc honours a per-file choice; GIO and xdg-open answer by the type.
        if mode == .spec, let path = target.path {
            switch context.resolver.perFileChoice(for: path, type: target.type) {
            case .honoured(let found)?:
                context.output.errorText(
                    Terminal.sanitized(
                        "assoc: note: '\(found.app)' is the per-file choice for this "
                            + "file; only assoc honours it (GIO and xdg-open use the type's default: "
                            + "\(resolution.application ?? "none"))") + "\n")
                resolution.application = found.app
            case .ignored(let found, let refusal)?:
                context.output.warning("the per-file choice for '\(path)': " + OpenPlanner.ignoredMessage(path, found, refusal))
            case nil: break
            }
        }
        if arguments.has("--json") {
            context.output.line(
                JSONValue.object([
                    ("type", .string(resolution.type)), ("default", .optional(resolution.application)),
                ]).rendered)
        } else if let id = resolution.application {
            context.output.untrustedLine(id)
        }
        if resolution.application == nil {
            if !arguments.has("--json") { context.output.error("no default application for '\(resolution.type)'") }
            return .notFound
        }
        return .success
    }

    /// `--as MODE`, default spec (the parser has checked the value against the choices).
    static func resolutionMode(_ arguments: ParsedArguments) -> ResolutionMode {
        arguments.value("--as").flatMap(ResolutionMode.init(rawValue:)) ?? .spec
    }
}
