import Associations

/// "Default apps by file type" as a pure model: the types grouped, each with its view, edit and
/// markup answers and its pin; Tab chooses the role Enter edits, Enter opens the chooser for the
/// highlighted type on that role's tab (its `d` sets the default of the tab shown and comes
/// back); `p` pins or unpins the type, `u` undoes its last recorded change; `a` switches to the
/// applications, where Enter sets one for all its types.
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
    /// The role Enter edits: its column is marked in the header and named on the status line.
    public private(set) var role: Role = .view
    /// The chooser open for a type, if any, with that type.
    public private(set) var chooser: (type: String, model: ChooserModel)?
    /// Navigation and search.
    public private(set) var list = SearchableList(keys: [])
    /// The status line's message (what changed).
    public private(set) var message: String?
    /// Whether the key overlay is shown.
    public private(set) var showsHelp = false
    /// How many changes (defaults saved, pins, undos) were made while the screen was shown (the
    /// command's exit status says whether any was).
    public private(set) var savedCount = 0
    var lines = 30

    /// The keys of the settings screen, for its man page and the `?` overlay.
    public static let keys: [(String, String)] = [
        ("↑/↓ k/j", "move"), ("PgUp/PgDn", "a page up or down"), ("Home/End", "first or last row"),
        ("Tab", "choose the role Enter edits: view (mimeapps.list), edit or markup (assoc/roles.list)"),
        (
            "Enter",
            "by type: open the chooser of the highlighted type on the role's tab; by application: make it the role's default for all its types"
        ),
        ("p", "pin the highlighted type to its current default, or unpin it (assoc pin, assoc unpin)"),
        ("u", "undo the last recorded change of the highlighted type's default (assoc undo)"),
        ("/", "search by type, comment, extension or application; Enter or ↓ keeps the matches, Esc clears"),
        ("a", "switch between the types and the applications"), ("?", "this help"),
        ("Esc", "one step back: the chooser, the search, a kept search; then end the screen"), ("q", "end the screen"),
    ]

    /// The marks on the rows: the mark, its word on the title line, and what it says, for the
    /// `?` overlay and the man page.
    public static let marks: [(mark: String, word: String, meaning: String)] = [
        ("P", "pinned", "before the type: it is pinned (assoc pin)"),
        ("~", "inferred", "before an edit or markup application: inferred from the entries; no default names it"),
        ("=", "fallback", "before an edit or markup application: fallen back to the edit or view default"),
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
                apply(source.setDefault(type, answer.role, answer.id))
            }
            return .stay
        }
        if showsHelp {
            showsHelp = false
            return .stay
        }
        if list.handle(key) { return .stay }
        message = nil
        switch key {
        case .escape, .character("q"): return .cancel
        case .character("a"):
            byApplication.toggle()
            rebuild()
        case .tab:
            let roles = Role.allCases
            role = roles[((roles.firstIndex(of: role) ?? 0) + 1) % roles.count]
        case .character("?"): showsHelp = true
        case .enter:
            guard let row = list.current else { return .stay }
            if byApplication {
                apply(source.setForAllTypes(applications[row].id, role))
            } else {
                openChooser(for: types[row].type)
            }
        case .character("p") where !byApplication:
            guard let row = list.current else { return .stay }
            let type = types[row]
            apply(type.pinnedTo == nil ? source.pin(type.type) : source.unpin(type.type))
        case .character("u") where !byApplication:
            guard let row = list.current else { return .stay }
            apply(source.undo(types[row].type))
        case .click(let line): list.click(listLine: line - 2)
        default: break
        }
        return .stay
    }

    /// Opens the chooser for `type` with a tab per role, showing the role Enter edits.
    private mutating func openChooser(for type: String) {
        let (offers, everything) = source.applications(type)
        var model = ChooserModel(
            subject: type, offers: offers, roles: Role.allCases, role: role, everything: everything, allowsPerFile: false)
        model.enterLabel = "make it the default"
        _ = model.handle(.resize(lines: lines, columns: 100))
        chooser = (type, model)
    }

    private mutating func apply(_ result: Result<SettingsChange, SettingsProblem>) {
        switch result {
        case .success(let change):
            savedCount += 1
            for row in change.rows { replace(row) }
            message = change.message
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
}
