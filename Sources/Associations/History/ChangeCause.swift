/// One line of a list, with its number (1-based), as a cause quotes it.
public struct NumberedLine: Sendable, Equatable {
    /// The line number in its file (in the file before the change for a removed line).
    public var line: Int
    /// The line's text.
    public var text: String

    /// Line `line` reading `text`.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }
}

/// Why an effective default changed, as far as the files tell (DESIGN decision 18).
public enum ChangeCause: Sendable, Equatable {
    /// An assoc edit: the command that made it, the list it wrote and the lines it added and removed.
    case assoc(command: String, file: String?, added: [NumberedLine], removed: [NumberedLine])
    /// Another program changed a list: the file and the lines it added and removed.
    case listEdit(file: String, added: [NumberedLine], removed: [NumberedLine])
    /// An application was moved to the front of the type's `[Added Associations]` line, as GIO's
    /// `g_app_info_set_as_last_used_for_type` does after an Open-with dialog.
    case lastUsed(file: String, application: String, line: NumberedLine)
    /// A desktop entry (or a `mimeinfo.cache` naming it) appeared and is now the one chosen.
    case applicationInstalled(application: String, file: String?)
    /// The desktop entry of the application chosen before is gone or no longer usable.
    case applicationRemoved(application: String, file: String?)
    /// A package of the type database changed the type's definition (aliases, parents, globs) or
    /// gave a file name pattern to another type.
    case typeDatabase(detail: String, files: [String])
    /// Nothing in the files compared explains the change.
    case unexplained

    /// The name in the journal: `assoc`, `list-edit`, `last-used`, `application-installed`,
    /// `application-removed`, `type-database`, `unexplained`.
    public var name: String {
        switch self {
        case .assoc: "assoc"
        case .listEdit: "list-edit"
        case .lastUsed: "last-used"
        case .applicationInstalled: "application-installed"
        case .applicationRemoved: "application-removed"
        case .typeDatabase: "type-database"
        case .unexplained: "unexplained"
        }
    }

    /// The file that caused the change, when one did.
    public var file: String? {
        switch self {
        case .assoc(_, let file, _, _): file
        case .listEdit(let file, _, _), .lastUsed(let file, _, _): file
        case .applicationInstalled(_, let file), .applicationRemoved(_, let file): file
        case .typeDatabase(_, let files): files.first
        case .unexplained: nil
        }
    }
}
