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
            text, archives, links and schemes, other), each with its comment and its current default's name; \
            the detail line gives the default's desktop file ID and the file and line it comes from (see \
            assoc-defaults(1)). / searches by type, comment, extension \
            or application. Enter opens the chooser of assoc-choose(1) for the highlighted type; there, Enter \
            or d makes the highlighted application the default, written as assoc-set(1) writes it, and comes \
            back to the list. a switches to the applications: Enter makes one the default for every type it \
            declares, as assoc set --app-types does. Each change is printed when the screen ends, as assoc set \
            prints it. q or Esc ends the screen.
            """,
        exitStatus: [
            (0, "a default was saved before the screen was closed"), (1, "the screen was closed (q or Esc) with nothing saved"),
            (2, "a usage error or no terminal"),
        ],
        manSections: [ManSection.keys(SettingsModel.keys)],
        examples: [Example(command: "assoc settings", explanation: "pick the default application of each type")],
        seeAlso: ["assoc-defaults(1)", "assoc-choose(1)", "assoc-set(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.operands.isEmpty else { throw UsageError("expected no operands", subcommand: "settings") }
        let database = context.database
        let installed = context.chooserOffer(for: "application/octet-stream").everything
        var declared = Set<String>()
        for application in context.resolver.applications.applicationEntries() {
            for type in application.entry?.mimeTypes ?? [] { declared.insert(database.canonicalName(type)) }
        }
        let names = Dictionary(installed.map { ($0.id, $0.name) }) { first, _ in first }
        func row(_ type: String, _ resolver: AssociationResolver) -> SettingsType {
            let resolution = resolver.resolve(type)
            let origin = resolution.defaultOrigin.map { $0.path + ($0.line.map { ":\($0)" } ?? "") } ?? ""
            return SettingsType(
                type: type, group: TypeGroup.of(type, database: database),
                comment: database.description(of: type)?.comment(for: context.environment.locale) ?? "",
                extensions: database.globs(of: type).compactMap { TypeGroup.extensionOf($0.pattern) },
                defaultApplication: resolution.defaultApplication,
                defaultApplicationName: resolution.defaultApplication.flatMap { names[$0] }, origin: origin)
        }
        let rows = declared.map { row($0, context.resolver) }.sorted {
            (TypeGroup.order(of: $0.group), $0.type) < (TypeGroup.order(of: $1.group), $1.type)
        }
        func fresh() -> AssociationResolver { AssociationResolver(environment: context.environment, database: database) }
        func set(_ request: EditRequest) -> SettingsProblem? {
            do {
                return try EditRendering.apply(request, context: context, subcommand: "settings") == .success
                    ? nil : SettingsProblem("the list could not be written")
            } catch { return SettingsProblem("\(error)") }
        }
        let source = SettingsSource(
            applications: { context.chooserOffer(for: $0) },
            setDefault: { type, app in
                if let problem = set(EditRequest(.set, .target(type), application: app, command: "assoc settings")) {
                    return .failure(problem)
                }
                return .success(row(type, fresh()))
            },
            setForAllTypes: { app in
                if let problem = set(EditRequest(.set, .typesOfApplication, application: app, command: "assoc settings")) {
                    return .failure(problem)
                }
                let resolver = fresh()
                let types = (resolver.applications.application(app)?.entry?.mimeTypes ?? []).map(database.canonicalName)
                return .success(types.filter(declared.contains).map { row($0, resolver) })
            })
        var model = SettingsModel(types: rows, applications: installed, source: source)
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

/// The groups of the settings screen, by media type and a few well-known types.
enum TypeGroup {
    static let names = ["documents", "images", "audio", "video", "text", "archives", "links and schemes", "other"]

    static let documents: Set<String> = [
        "application/pdf", "application/postscript", "application/rtf", "application/msword", "application/epub+zip",
        "application/vnd.ms-excel", "application/vnd.ms-powerpoint", "image/vnd.djvu",
    ]
    static let archives: Set<String> = [
        "application/zip", "application/x-tar", "application/gzip", "application/x-7z-compressed", "application/vnd.rar",
        "application/x-bzip2", "application/x-xz", "application/zstd", "application/x-compressed-tar", "application/x-cpio",
    ]

    /// The group of `type`: by its media, or by being (or inheriting) a well-known document or archive type.
    static func of(_ type: String, database: MIMEDatabase) -> String {
        if type.hasPrefix("x-scheme-handler/") { return "links and schemes" }
        let lineage = [type] + database.ancestors(of: type)
        if lineage.contains(where: documents.contains) || type.hasPrefix("application/vnd.oasis.opendocument.")
            || type.hasPrefix("application/vnd.openxmlformats-officedocument.")
        {
            return "documents"
        }
        if lineage.contains(where: archives.contains) { return "archives" }
        switch MIMETypeName.media(of: type) {
        case "image": return "images"
        case "audio": return "audio"
        case "video": return "video"
        case "text": return "text"
        default: return "other"
        }
    }

    /// The position of a group in `names`.
    static func order(of group: String) -> Int { names.firstIndex(of: group) ?? names.count }

    /// `.pdf` for the glob `*.pdf`; nil for any other pattern.
    static func extensionOf(_ pattern: String) -> String? {
        guard pattern.hasPrefix("*."), !pattern.dropFirst(2).contains(where: { "*?[".contains($0) }) else { return nil }
        return String(pattern.dropFirst())
    }
}
