import Associations

/// One application a chooser offers: its name, its desktop file ID and where its association
/// with the type comes from.
public struct ChooserApplication: Sendable, Equatable {
    /// The desktop file ID.
    public var id: String
    /// The localised name.
    public var name: String
    /// Where it comes from: `default`, `recommended`, `through text/plain`, `installed`.
    public var source: String

    /// Creates an application row.
    public init(id: String, name: String, source: String) {
        self.id = id
        self.name = name
        self.source = source
    }
}

/// What the chooser's answer asks for, besides opening.
public enum ChooserAction: String, Sendable, Equatable {
    /// Open with it this once (Enter).
    case once
    /// Make it the default for the type, "Always use this app" (d).
    case always
    /// Remember it for these files only, the per-file choice (f).
    case theseFiles = "these-files"
}

/// The chooser's answer: an application, what to do with it, and for which role.
public struct ChooserAnswer: Sendable, Equatable {
    /// The desktop file ID chosen.
    public var id: String
    /// Once, always, or for these files.
    public var action: ChooserAction
    /// What the chooser was showing: "Open", "Edit with…" or "Mark up with…"; `always` and
    /// `theseFiles` write this role's default or per-file choice.
    public var role: Role

    /// Creates an answer.
    public init(id: String, action: ChooserAction, role: Role = .view) {
        self.id = id
        self.action = action
        self.role = role
    }
}

/// "Open with" as a pure model: the default first, then the recommended applications, then those
/// that take a supertype, then `All applications…`, which adds every installed application. With
/// several roles, Tab switches between "Open", "Edit with…" and "Mark up with…", each with its own
/// applications in the role's order.
public struct ChooserModel: Screen {
    /// The answer is the application and the action.
    public typealias Answer = ChooserAnswer

    /// What is being opened, for the title (`report.pdf (application/pdf)`).
    public let subject: String
    /// The applications offered first, in order.
    public private(set) var offered: [ChooserApplication]
    /// Every installed application, for `All applications…`.
    public let everything: [ChooserApplication]
    /// Whether `f` (these files only) applies: the targets are files.
    public let allowsPerFile: Bool
    /// Whether `d` (always use this app) applies: the type is known.
    public let allowsAlways: Bool
    /// Whether every installed application is listed.
    public private(set) var showsEverything = false
    /// The rows: applications, then the `All applications…` row until it is chosen.
    public private(set) var rows: [ChooserApplication] = []
    /// Navigation and search.
    public private(set) var list = SearchableList(keys: [])
    /// Whether the key overlay is shown.
    public private(set) var showsHelp = false
    /// What Enter does, for the status line (`open once`; a portal's dialog only chooses).
    public var enterLabel = "open once"
    /// The roles Tab switches between, in order; one role shows no tabs.
    public let roles: [Role]
    /// The role shown now.
    public private(set) var role: Role
    /// The applications offered first for each role.
    private var offeredByRole: [Role: [ChooserApplication]]

    /// The title of the row that lists every application.
    public static let allApplicationsTitle = "All applications…"

    /// A chooser for `subject` offering `offered`, with `everything` behind `All applications…`.
    public init(
        subject: String, offered: [ChooserApplication], everything: [ChooserApplication], allowsPerFile: Bool,
        allowsAlways: Bool = true
    ) {
        self.init(
            subject: subject, offers: [.view: offered], roles: [.view], role: .view, everything: everything,
            allowsPerFile: allowsPerFile, allowsAlways: allowsAlways)
    }

    /// A chooser for `subject` with the applications of each of `roles` (`offers`), showing `role`
    /// first; Tab moves to the next role.
    public init(
        subject: String, offers: [Role: [ChooserApplication]], roles: [Role], role: Role, everything: [ChooserApplication],
        allowsPerFile: Bool, allowsAlways: Bool = true
    ) {
        self.subject = subject
        self.offeredByRole = offers
        self.roles = roles.isEmpty ? [role] : roles
        self.role = role
        self.offered = offers[role] ?? []
        self.everything = everything
        self.allowsPerFile = allowsPerFile
        self.allowsAlways = allowsAlways
        rebuild()
        if offered.isEmpty { expand() }
    }

    /// The tab title of a role: "Open", "Edit with…", "Mark up with…".
    public static func title(of role: Role) -> String {
        switch role {
        case .view: return "Open"
        case .edit: return "Edit with…"
        case .markup: return "Mark up with…"
        }
    }

    /// Shows the applications of `newRole`, from the top.
    public mutating func show(_ newRole: Role) {
        guard roles.contains(newRole), newRole != role else { return }
        role = newRole
        offered = offeredByRole[newRole] ?? []
        showsEverything = false
        rebuild()
        list.highlight(0)
        if offered.isEmpty { expand() }
    }

    /// The application on the highlighted row; nil on `All applications…`.
    public var current: ChooserApplication? {
        guard let row = list.current, rows.indices.contains(row) else { return nil }
        return rows[row]
    }

    /// Takes one key.
    public mutating func handle(_ key: Key) -> ScreenStep<ChooserAnswer> {
        if case .resize(let lines, _) = key {
            list.pageSize = max(lines - 4, 1)
            return .stay
        }
        if showsHelp {
            showsHelp = false
            return .stay
        }
        if key == .tab && roles.count > 1 && !list.isSearching {
            let index = roles.firstIndex(of: role) ?? 0
            show(roles[(index + 1) % roles.count])
            return .stay
        }
        if list.handle(key) { return .stay }
        switch key {
        case .escape, .character("q"): return .cancel
        case .enter:
            guard let current else {
                expand()
                return .stay
            }
            return .finish(ChooserAnswer(id: current.id, action: .once, role: role))
        case .character("d") where allowsAlways:
            return current.map { .finish(ChooserAnswer(id: $0.id, action: .always, role: role)) } ?? .stay
        case .character("f") where allowsPerFile:
            return current.map { .finish(ChooserAnswer(id: $0.id, action: .theseFiles, role: role)) } ?? .stay
        case .character("?"): showsHelp = true
        case .click(let line): list.click(listLine: line - 2)
        default: break
        }
        return .stay
    }

    /// Offers `applications` instead, in place: the highlight stays on the application it was on
    /// when that one is still offered (the portal's UpdateChoices).
    public mutating func replaceOffered(_ applications: [ChooserApplication]) {
        let kept = current?.id
        offered = applications
        rebuild()
        if let kept { highlight(id: kept) }
    }

    /// Moves the highlight to the application `id` when it is shown.
    public mutating func highlight(id: String) {
        if let index = rows.firstIndex(where: { $0.id == id }) { list.highlight(index) }
    }

    /// Lists every installed application after those offered, and highlights the first of them.
    private mutating func expand() {
        guard !showsEverything else { return }
        showsEverything = true
        let first = offered.count
        rebuild()
        list.highlight(first)
    }

    private mutating func rebuild() {
        let offeredIDs = Set(offered.map(\.id))
        rows = offered + (showsEverything ? everything.filter { !offeredIDs.contains($0.id) } : [])
        var keys = rows.map { "\($0.name) \($0.id)" }
        if !showsEverything && !everything.isEmpty { keys.append(Self.allApplicationsTitle) }
        list.replaceRows(keys: keys, pinned: 0)
    }

    /// The keys, for the `?` overlay and the man page.
    public static let keys: [(String, String)] = [
        ("↑/↓ k/j", "move"), ("PgUp/PgDn Home/End", "by a page, to the ends"),
        ("Enter", "open with the highlighted application this once (on All applications…, list every one)"),
        ("Tab", "switch between Open, Edit with… and Mark up with… (when offered)"),
        ("d", "always use this app: make it the default of the role shown for the type, then open"),
        ("f", "use it for these files only (the per-file choice), then open"), ("/", "search by name or ID"),
        ("?", "this help"), ("Esc q", "cancel"),
    ]

    /// The screen: title, header, rows, the keys at the bottom.
    public func render(lines: Int, columns: Int) -> [StyledLine] {
        if showsHelp { return KeyHelp.render(title: "assoc choose", keys: Self.keys, lines: lines, columns: columns) }
        let nameWidth = max(min(28, columns / 3), 8)
        let idWidth = max(min(36, columns / 3), 8)
        func line(_ mark: String, _ name: String, _ id: String, _ source: String) -> String {
            TextLayout.fit(mark + TextLayout.fit(name, nameWidth) + " " + TextLayout.fit(id, idWidth) + " " + source, columns)
        }
        var result = [
            StyledLine(TextLayout.fit(heading + TextLayout.safe(subject), columns), style: .title),
            StyledLine(line("  ", "NAME", "DESKTOP ID", "FROM"), style: .title),
        ]
        for (position, row) in list.window {
            let highlighted = position == list.cursor
            let mark = highlighted ? "> " : "  "
            let text =
                rows.indices.contains(row)
                ? line(mark, TextLayout.safe(rows[row].name), TextLayout.safe(rows[row].id), TextLayout.safe(rows[row].source))
                : TextLayout.fit(mark + Self.allApplicationsTitle, columns)
            result.append(StyledLine(text, style: highlighted ? .highlighted : .normal))
        }
        if list.visible.isEmpty { result.append(StyledLine(TextLayout.fit("  (nothing matches)", columns))) }
        result = Array(result.prefix(max(lines - 1, 0)))
        while result.count < lines - 1 { result.append(StyledLine(TextLayout.fit("", columns))) }
        result.append(StyledLine(TextLayout.fit(statusText, columns), style: .status))
        return Array(result.suffix(lines))
    }

    /// The title line's start: the tabs when there are several roles (the shown one in brackets),
    /// then what the rows do.
    private var heading: String {
        let verb: String
        switch role {
        case .view: verb = "Open with: "
        case .edit: verb = "Edit with: "
        case .markup: verb = "Mark up with: "
        }
        guard roles.count > 1 else { return verb }
        let tabs = roles.map { $0 == role ? "[\(Self.title(of: $0))]" : " \(Self.title(of: $0)) " }.joined()
        return tabs + " (Tab)  " + verb
    }

    private var statusText: String {
        if list.isSearching { return "/" + TextLayout.safe(list.query) + "▏  (Enter keeps the matches, Esc clears)" }
        var keys = ["Enter " + enterLabel]
        if allowsAlways { keys.append("d always use this app") }
        if allowsPerFile { keys.append("f these files only") }
        keys += ["/ search", "? keys", "q cancel"]
        return keys.joined(separator: "  ")
    }
}
