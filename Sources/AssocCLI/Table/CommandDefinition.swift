/// What the value of an option or an operand is, so that a shell can complete it.
enum CompletionKind: String, Sendable, Equatable, CaseIterable {
    /// Nothing to complete (free text, a number).
    case none
    /// A file or directory path.
    case file
    /// A directory path.
    case directory
    /// A MIME type of the database.
    case mimeType = "mime-type"
    /// A MIME type, a wildcard, an extension or a UTI: a type filter.
    case typePattern = "type-pattern"
    /// A desktop file ID of an installed application.
    case desktopID = "desktop-id"
    /// A desktop name for `XDG_CURRENT_DESKTOP` (`gnome`, `kde`).
    case desktopName = "desktop-name"
    /// One of the option's choices.
    case choice
    /// A subcommand of assoc.
    case command
    /// An action of `assoc types` (`update`).
    case typesAction = "types-action"
}

/// One option of a command: its names, its value and its help line, defined once.
struct OptionDefinition: Sendable, Equatable {
    /// The long name with its dashes, such as `--json`.
    var long: String
    /// The short name with its dash, such as `-b`.
    var short: String?
    /// The name of its value in help (`TYPE`), or nil for a flag.
    var valueName: String?
    /// The values it accepts, when they are a fixed set.
    var choices: [String] = []
    /// What the value is, for completion.
    var completion: CompletionKind = .none
    /// Whether it may be given more than once (each value counts).
    var repeatable = false
    /// How many words its value takes: 2 for `--root-xml NS LOCAL`, whose `valueName` names both.
    var arity = 1
    /// What it does, in one sentence (wrapped by the renderers).
    var help: String

    /// A flag.
    static func flag(_ long: String, short: String? = nil, _ help: String) -> OptionDefinition {
        OptionDefinition(long: long, short: short, valueName: nil, help: help)
    }

    /// An option with a value.
    static func value(
        _ long: String, short: String? = nil, _ valueName: String, completion: CompletionKind = .none,
        choices: [String] = [], repeatable: Bool = false, arity: Int = 1, _ help: String
    ) -> OptionDefinition {
        OptionDefinition(
            long: long, short: short, valueName: valueName, choices: choices,
            completion: choices.isEmpty ? completion : .choice, repeatable: repeatable, arity: arity, help: help)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// `-b, --brief` or `--type TYPE`, as help and man pages show it.
    var spelling: String {
        let names = [short, long].compactMap { $0 }.joined(separator: ", ")
        return valueName.map { names + " " + $0 } ?? names
    }
}

/// An operand of a command: `PATH...`, `[DIR]`.
struct OperandDefinition: Sendable, Equatable {
    /// Its name in capitals, as the synopsis shows it.
    var name: String
    /// What it is, for completion.
    var completion: CompletionKind
}

/// A titled section of a man page beyond the ones every page has (`PROBLEMS` of assoc-check).
struct ManSection: Sendable, Equatable {
    /// The title, in capitals.
    var title: String
    /// Paragraphs (blank-line separated), or terms each followed by lines indented two spaces.
    var text: String

    /// The KEYS section of a screen: each key a term of its own, followed by what it does, so
    /// that a man page lists them (`.TP`) instead of running them into one paragraph.
    static func keys(_ keys: [(String, String)]) -> ManSection { terms("KEYS", keys) }

    /// A section of terms, each followed by what it means (a screen's KEYS, its MARKS).
    static func terms(_ title: String, _ terms: [(String, String)]) -> ManSection {
        ManSection(title: title, text: terms.map { "\($0.0)\n  \($0.1)" }.joined(separator: "\n\n"))
    }
}

/// One example: the command line and what it does.
struct Example: Sendable, Equatable {
    /// The command line, starting with `assoc`.
    var command: String
    /// What it does.
    var explanation: String
}

/// Everything about one command, in one value: its `--help`, its man page and its completions
/// are made from it, and the parser accepts exactly its options (DESIGN decision 10).
struct CommandDefinition: Sendable {
    /// The word after `assoc`.
    var name: String
    /// One line for the command list: what it does.
    var summary: String
    /// The forms of the command line after `assoc NAME`, such as `[-b] [--json] PATH...`.
    var forms: [String]
    /// What it does, in paragraphs; blocks indented two spaces are kept as written.
    var description: String
    /// Its options (the global ones are added to every command).
    var options: [OptionDefinition] = []
    /// Its operands, for completion.
    var operands: [OperandDefinition] = []
    /// The exit statuses and what each means.
    var exitStatus: [(Int, String)] = []
    /// Sections of the man page beyond the usual ones.
    var manSections: [ManSection] = []
    /// Files it reads or writes, for the man page.
    var files: [(String, String)] = []
    /// Examples, for the man page.
    var examples: [Example] = []
    /// Related pages, such as `assoc-default(1)`.
    var seeAlso: [String] = []
    /// Whether it is left out of the command list, the pages and the completions.
    var hidden = false
    /// The name the executable is started under to run it, when that is not `assoc NAME`: the
    /// xdg-utils names of the multi-call front ends (`xdg-open`), which take no global option.
    var program: String?
    /// Environment variables it reads beyond those every page lists, with what each does.
    var environment: [(String, String)] = []

    /// The options the parser accepts: the command's own, then the global ones.
    var allOptions: [OptionDefinition] { options + GlobalOptionDefinitions.all }

    /// The options its help and page list: a multi-call front end takes no global option.
    var listedOptions: [OptionDefinition] { program == nil ? allOptions : options }

    /// How a command line starts: `assoc NAME`, or the multi-call name.
    var invocation: String { program ?? "assoc " + name }
}

/// The options every command accepts, defined once.
enum GlobalOptionDefinitions {
    /// `--database SOURCE`.
    static let database = OptionDefinition.value(
        "--database", "SOURCE", choices: ["auto", "xml", "cache", "text"],
        "read each mime/ directory from its XML packages, its mime.cache, its generated text files, or auto: the "
            + "cache when valid and not older than the packages, else the XML, else the text files")
    /// `--verbose`.
    static let verbose = OptionDefinition.flag("--verbose", "also print notes about the data read, and every problem of a file")
    /// `-h, --help`.
    static let help = OptionDefinition.flag("--help", short: "-h", "show this help")

    /// Every global option a command accepts after its name too.
    static let all = [database, verbose, help]
}
