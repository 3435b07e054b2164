/// One type in the settings screen: its group, comment, current default and where that comes from.
public struct SettingsType: Sendable, Equatable {
    /// The MIME type.
    public var type: String
    /// The group it is shown in (`images`, `links and schemes`).
    public var group: String
    /// Its comment.
    public var comment: String
    /// Its extensions (`.pdf`), searched too.
    public var extensions: [String]
    /// The current default's desktop file ID, if any.
    public var defaultApplication: String?
    /// The current default's name (its desktop entry's `Name`), shown in the list; the desktop
    /// file ID is on the detail line.
    public var defaultApplicationName: String?
    /// Where the default comes from (`FILE:LINE`).
    public var origin: String

    /// Creates a row.
    public init(
        type: String, group: String, comment: String, extensions: [String], defaultApplication: String?,
        defaultApplicationName: String? = nil, origin: String
    ) {
        self.defaultApplicationName = defaultApplicationName
        self.type = type
        self.group = group
        self.comment = comment
        self.extensions = extensions
        self.defaultApplication = defaultApplication
        self.origin = origin
    }
}

/// What the settings screen asks of the world: the chooser's applications for a type, and the edits.
public struct SettingsSource {
    /// The chooser's rows for a type: offered first, then every installed application.
    public var applications: (_ type: String) -> (offered: [ChooserApplication], everything: [ChooserApplication])
    /// Makes an application the default for a type, as `assoc set` does; returns the row as it now is,
    /// or a message saying why not.
    public var setDefault: (_ type: String, _ app: String) -> Result<SettingsType, SettingsProblem>
    /// Makes an application the default for every type it declares, as `assoc set --app-types` does;
    /// returns the rows changed, or why not.
    public var setForAllTypes: (_ app: String) -> Result<[SettingsType], SettingsProblem>

    /// Creates a source.
    public init(
        applications: @escaping (String) -> (offered: [ChooserApplication], everything: [ChooserApplication]),
        setDefault: @escaping (String, String) -> Result<SettingsType, SettingsProblem>,
        setForAllTypes: @escaping (String) -> Result<[SettingsType], SettingsProblem>
    ) {
        self.applications = applications
        self.setDefault = setDefault
        self.setForAllTypes = setForAllTypes
    }
}

/// "Default apps by file type" as a pure model: the types grouped, each with its default; Enter
/// opens the chooser for the highlighted type (its `d` sets the default and comes back); `a`
/// switches to the applications, where Enter sets one for all its types.
public struct SettingsModel: Screen {
    /// The screen ends only when cancelled; nothing is answered.
    public typealias Answer = Never

    let source: SettingsSource
    /// The types, in group order.
    public private(set) var types: [SettingsType]
    /// The applications, for the by-application view.
    public let applications: [ChooserApplication]
    /// Whether the applications are shown instead of the types.
    public private(set) var byApplication = false
    /// The chooser open for a type, if any, with that type.
    public private(set) var chooser: (type: String, model: ChooserModel)?
    /// Navigation and search.
    public private(set) var list = SearchableList(keys: [])
    /// The status line's message (what changed).
    public private(set) var message: String?
    /// How many defaults were saved while the screen was shown (the command's exit status says
    /// whether any was).
    public private(set) var savedCount = 0
    private var lines = 30

    /// The keys of the settings screen, for its man page.
    public static let keys: [(String, String)] = [
        ("↑/↓ k/j", "move"), ("PgUp/PgDn", "a page up or down"), ("Home/End", "first or last row"),
        ("Enter", "by type: open the chooser of the highlighted type; by application: make it the default for all its types"),
        ("/", "search by type, comment, extension or application; Enter or ↓ keeps the matches, Esc clears"),
        ("a", "switch between the types and the applications"),
        ("Esc", "one step back: the chooser, the search, a kept search; then end the screen"), ("q", "end the screen"),
    ]

    /// A settings screen over `types` (already grouped and ordered) and `applications`.
    public init(types: [SettingsType], applications: [ChooserApplication], source: SettingsSource) {
        self.types = types
        self.applications = applications
        self.source = source
        rebuild()
    }

    /// Takes one key.
    public mutating func handle(_ key: Key) -> ScreenStep<Never> {
        if case .resize(let lines, _) = key {
            self.lines = lines
            list.pageSize = max(lines - 4, 1)
        }
        if let (type, open) = chooser {
            var model = open
            switch model.handle(key) {
            case .stay: chooser = (type, model)
            case .cancel: chooser = nil
            case .finish(let answer):
                chooser = nil
                apply(source.setDefault(type, answer.id))
            }
            return .stay
        }
        if list.handle(key) { return .stay }
        message = nil
        switch key {
        case .escape, .character("q"): return .cancel
        case .character("a"):
            byApplication.toggle()
            rebuild()
        case .enter:
            guard let row = list.current else { return .stay }
            if byApplication {
                switch source.setForAllTypes(applications[row].id) {
                case .success(let changed):
                    savedCount += 1
                    for row in changed { replace(row) }
                    message = "\(applications[row].id) is now the default for \(changed.count) types"
                case .failure(let problem): message = problem.description
                }
            } else {
                let type = types[row].type
                let (offered, everything) = source.applications(type)
                var model = ChooserModel(subject: type, offered: offered, everything: everything, allowsPerFile: false)
                _ = model.handle(.resize(lines: lines, columns: 100))
                chooser = (type, model)
            }
        case .click(let line): list.click(listLine: line - 2)
        default: break
        }
        return .stay
    }

    private mutating func apply(_ result: Result<SettingsType, SettingsProblem>) {
        switch result {
        case .success(let row):
            savedCount += 1
            replace(row)
            message = "\(row.type): now \(row.defaultApplication ?? "(none)")"
        case .failure(let problem): message = problem.description
        }
    }

    private mutating func replace(_ row: SettingsType) {
        if let index = types.firstIndex(where: { $0.type == row.type }) { types[index] = row }
    }

    private mutating func rebuild() {
        let keys =
            byApplication
            ? applications.map { "\($0.name) \($0.id)" }
            : types.map {
                ([$0.type, $0.comment, $0.defaultApplicationName ?? "", $0.defaultApplication ?? ""] + $0.extensions)
                    .joined(separator: " ")
            }
        list = SearchableList(keys: keys, pageSize: list.pageSize)
    }

    /// The highlighted row in full: the default's desktop file ID, the file and line it comes
    /// from, and the type's extensions.
    private var detail: String {
        guard let row = list.current else { return "" }
        if byApplication { return TextLayout.safe(applications[row].id) }
        let entry = types[row]
        let origin =
            entry.origin.isEmpty
            ? "no default"
            : (entry.defaultApplication.map { TextLayout.safe($0) + "  ·  " } ?? "") + "default from "
                + TextLayout.safe(entry.origin)
        let extensions = TextLayout.safe(entry.extensions.prefix(6).joined(separator: " "))
        return origin + (entry.extensions.isEmpty ? "" : "  ·  " + extensions)
    }

    /// The screen: the chooser when one is open, else the grouped rows.
    public func render(lines: Int, columns: Int) -> [StyledLine] {
        if let chooser { return chooser.model.render(lines: lines, columns: columns) }
        let title = byApplication ? "Default apps by application" : "Default apps by file type"
        var result = [StyledLine(TextLayout.fit("assoc settings: " + title, columns), style: .title)]
        let widths = Self.typeColumns(columns)
        let header =
            byApplication
            ? "  APPLICATION                   DESKTOP ID"
            : "  " + TextLayout.fit("GROUP", widths.group) + " " + TextLayout.fit("TYPE", widths.type) + " "
                + (widths.comment > 0 ? TextLayout.fit("COMMENT", widths.comment) + " " : "") + "DEFAULT"
        result.append(StyledLine(TextLayout.fit(header, columns), style: .title))
        for (position, row) in list.window {
            let mark = position == list.cursor ? "> " : "  "
            let text: String
            if byApplication {
                text =
                    mark + TextLayout.fit(TextLayout.safe(applications[row].name), 29) + " "
                    + TextLayout.safe(applications[row].id)
            } else {
                let entry = types[row]
                text =
                    mark + TextLayout.fit(entry.group, widths.group) + " "
                    + TextLayout.fit(TextLayout.safe(entry.type), widths.type) + " "
                    + (widths.comment > 0 ? TextLayout.fit(TextLayout.safe(entry.comment), widths.comment) + " " : "")
                    + TextLayout.safe(entry.defaultApplicationName ?? entry.defaultApplication ?? "(none)")
            }
            result.append(StyledLine(TextLayout.fit(text, columns), style: position == list.cursor ? .highlighted : .normal))
        }
        result = Array(result.prefix(max(lines - 2, 0)))
        while result.count < lines - 2 { result.append(StyledLine(TextLayout.fit("", columns))) }
        result.append(StyledLine(TextLayout.fit(detail, columns)))
        let keys =
            byApplication
            ? "Enter make it the default for all its types  a by type  / search  q quit"
            : "Enter choose the default  a by application  / search  q quit"
        let status = list.isSearching ? "/" + TextLayout.safe(list.query) + "▏" : message.map(TextLayout.safe) ?? keys
        result.append(StyledLine(TextLayout.fit(status, columns), style: .status))
        return Array(result.suffix(lines))
    }

    /// The widths of the group, type and comment columns for a terminal width; the DEFAULT column
    /// takes the rest, at least `defaultWidth` columns: the comment narrows first, and is dropped
    /// below 8 columns, then the type narrows to 20.
    static func typeColumns(_ columns: Int) -> (group: Int, type: Int, comment: Int) {
        let group = 11
        var type = 35
        var comment = 26
        // What the type and comment columns, each with the space after it, may take.
        let room = columns - 2 - (group + 1) - Self.defaultWidth
        comment = min(comment, max(room - type - 2, 0))
        if comment < 8 {
            comment = 0
            type = max(min(type, room - 1), 20)
        } else {
            type = min(type, room - comment - 2)
        }
        return (group, type, comment)
    }

    /// The narrowest the DEFAULT column gets.
    static let defaultWidth = 24
}
