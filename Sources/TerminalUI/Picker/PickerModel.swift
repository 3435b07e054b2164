import DocumentProvider

/// The document picker as a pure model: the folder shown, its rows, the filter, the selection,
/// the search and any question asked; keys change it and it is drawn as lines (`PickerModel+Rendering`).
///
/// Rows are a folder's entries, directories first. By default only the documents that conform to
/// the current filter are rows, and folders; the others are counted on the status line and, when
/// shown (`a`), marked unavailable with the reason, and cannot be chosen. In the modes that
/// choose a folder, files are shown greyed and every folder starts with the action row.
public struct PickerModel: Screen {
    /// The answer is what was picked.
    public typealias Answer = PickerAnswer

    /// What the picker was asked for.
    public let configuration: PickerConfiguration
    let source: PickerSource
    /// The folder shown.
    public private(set) var directory: String
    /// The folder's entries, examined as rows need them.
    private var listed: FolderListing
    /// Indices into `listed` in the current order, directories first.
    private var order: [Int] = []
    /// Indices into `listed` of the rows found so far, in order, after hiding what is hidden:
    /// those among the first `scanned` of `order`.
    private var rows: [Int] = []
    /// How many of `order` have been checked for `rows`: all of them while unavailable documents
    /// are shown; while they are hidden, only as many as the rows on the screen (and the keys that
    /// move past them) need, since checking an entry types it.
    private var scanned = 0
    /// The action title (when there is one) and the listing's names, folded once per listing for
    /// the search: key `pinned + i` is entry `i`'s name.
    private var searchKeys = FoldedKeys()
    /// The index of the current filter in `configuration.filterNames`.
    public private(set) var filter = 0
    /// Whether names starting with `.` are listed.
    public private(set) var showsHidden = false
    /// Whether documents that cannot be chosen are shown.
    public private(set) var showsUnavailable = true
    /// The order of the rows.
    public private(set) var sort = DocumentSort.name
    /// The chosen documents' paths, in the order chosen (with `multiple`).
    public private(set) var selection: [String] = []
    /// Navigation and search over the rows.
    public private(set) var list = SearchableList(keys: [])
    /// The question asked on the status line, if any.
    public private(set) var prompt: PickerPrompt?
    /// A message for the status line (an unavailable document's reason, a folder that failed).
    public private(set) var message: String?
    /// The file name a save writes.
    public private(set) var fileName: String
    /// Whether the key overlay is shown.
    public private(set) var showsHelp = false
    /// Whether `m` answers with the chosen documents to be marked up (`assoc pick` in open mode);
    /// off for the portal's dialogs, which only choose.
    public var offersMarkup = false
    /// The terminal's size.
    public private(set) var size = (lines: 30, columns: 100)
    /// Whether every document under the folder is listed, at any depth (`f`), instead of the
    /// folder's own entries.
    public private(set) var isFlat = false
    /// The most documents a flat list gathers.
    public static let flatLimit = 20_000
    /// The image protocol the terminal said it draws.
    public private(set) var graphics = TerminalGraphics.none
    /// Why types do not conform, per filter and type, computed once each.
    private let reasons = ConformanceMemo()

    /// Lines above the rows (title, column header) and below them (three detail lines, status).
    static let headerLines = 2
    static let footerLines = 4

    /// A picker showing `directory`.
    ///
    /// - Throws: `PickerProblem` when the folder cannot be listed.
    public init(configuration: PickerConfiguration, source: PickerSource, directory: String) throws(PickerProblem) {
        self.configuration = configuration
        self.source = source
        self.directory = directory
        fileName = configuration.fileName
        if configuration.filterNames.indices.contains(configuration.initialFilter) { filter = configuration.initialFilter }
        showsUnavailable = configuration.showsUnavailable ?? configuration.choosesFolder
        switch source.list(directory, false) {
        case .success(let listing): listed = listing
        case .failure(let problem): throw problem
        }
        foldNames()
        reorder()
        rebuild(keeping: nil, resetSearch: true)
        highlightFirstAvailable()
    }

    /// Moves the highlight off an unavailable first row to the first row that can be chosen or
    /// entered, among the rows found so far; the action row, when there is one, stays first.
    private mutating func highlightFirstAvailable() {
        guard pinned == 0, let current = currentEntry, !current.isAvailable else { return }
        if let row = rows.indices.first(where: { entry($0).isAvailable }) { list.highlight(row) }
    }

    /// How many rows are pinned at the top: the action row, when there is one.
    var pinned: Int { configuration.actionTitle == nil ? 0 : 1 }

    /// The entry on the highlighted row; nil on the action row or when nothing is shown.
    public var currentEntry: PickerEntry? {
        guard let row = list.current, row >= pinned else { return nil }
        return entry(row - pinned)
    }

    /// How many rows have been found, the action row aside: all of them unless unavailable
    /// documents are hidden and some entries are not checked yet (`rowsAreComplete`).
    public var rowCount: Int { rows.count }

    /// How many of the entries checked so far are hidden because they cannot be chosen (0 while
    /// they are shown); every one of them when `rowsAreComplete`.
    public var hiddenCount: Int { showsUnavailable ? 0 : scanned - rows.count }

    /// Whether every entry has been checked, so that `rowCount` is the number of rows; while
    /// unavailable documents are hidden it is false until the rows have been scrolled to the end.
    public var rowsAreComplete: Bool { scanned == order.count }

    /// Every row, examined: for tests and small folders (a large one is examined row by row as
    /// the rows are drawn).
    public var entries: [PickerEntry] { (rowsAreComplete ? rows : order.filter(admits)).map(entry(index:)) }

    /// How many of the folder's entries have been examined (typed, measured) so far.
    public var examinedCount: Int { listed.examinedCount }

    /// The entry on row `row` (the action row aside), examined now if it was not yet.
    func entry(_ row: Int) -> PickerEntry { entry(index: rows[row]) }

    /// The entry at `index` of the listing, examined now if it was not yet.
    private func entry(index: Int) -> PickerEntry {
        let document = listed.document(at: index)
        return PickerEntry(
            document: document, name: listed.items[index].name, reason: document.isDirectory ? nil : reason(for: document))
    }

    /// The name of the current filter.
    public var filterName: String {
        configuration.filterNames.indices.contains(filter) ? configuration.filterNames[filter] : "all documents"
    }

    // MARK: - Keys

    /// Takes one key. While unavailable documents are hidden, the entries the key brings into
    /// view are checked before and after it.
    public mutating func handle(_ key: Key) -> ScreenStep<PickerAnswer> {
        if !rowsAreComplete && prompt == nil && !showsHelp { findRows(through: lookahead(for: key)) }
        let step = take(key)
        findRows(through: list.top + list.pageSize)
        return step
    }

    /// The position in the shown rows a key may move the highlight to (beyond the screen), so
    /// that those rows are found before the key moves; -1 when it does not move down.
    private func lookahead(for key: Key) -> Int {
        if list.isSearching { return -1 }
        switch key {
        case .down, .character("j"), .wheelDown, .character(" "): return list.cursor + 1
        case .pageDown: return list.cursor + list.pageSize
        case .end: return Int.max
        case .resize(let lines, _): return list.top + max(lines - Self.headerLines - Self.footerLines, 1)
        default: return -1
        }
    }

    private mutating func take(_ key: Key) -> ScreenStep<PickerAnswer> {
        if case .graphics(let answer) = key {
            graphics = answer
            return .stay
        }
        if case .resize(let lines, let columns) = key {
            size = (lines, columns)
            list.pageSize = max(lines - Self.headerLines - Self.footerLines, 1)
            return .stay
        }
        if showsHelp {
            showsHelp = false
            return .stay
        }
        if let prompt { return answer(prompt, key) }
        if list.handle(key) {
            message = nil
            return .stay
        }
        message = nil
        switch key {
        case .escape, .character("q"):
            // Esc peels one layer at a time: a prompt, a kept search (the list took those), then
            // the selection, which is only dropped once confirmed.
            if configuration.multiple && !selection.isEmpty {
                prompt = .confirmCancel(selected: selection.count)
                return .stay
            }
            return .cancel
        case .enter, .right: return activate()
        case .backspace, .left, .character("h"): goToParent()
        case .character(" "): toggleSelection()
        case .character("m") where offersMarkup && configuration.mode == .open && !configuration.choosesDirectories:
            return markUp()
        case .tab:
            filter = configuration.filterNames.isEmpty ? 0 : (filter + 1) % configuration.filterNames.count
            // With unavailable documents shown the rows stay; only the marks drawn change.
            if !showsUnavailable { rebuild(keeping: list.current, resetSearch: false) }
            message = "filter: \(filterName)"
        case .character("."):
            showsHidden.toggle()
            reload(directory, keeping: currentEntry?.document.path)
        case .character("s"):
            let all = DocumentSort.allCases
            sort = all[((all.firstIndex(of: sort) ?? 0) + 1) % all.count]
            let current = currentIndex
            reorder()
            message = joined("sorted by \(sort.rawValue)", farNote(rebuild(keeping: nil, keepingEntry: current)))
        case .character("a"):
            showsUnavailable.toggle()
            let far = rebuild(keeping: nil, keepingEntry: currentIndex)
            message = joined(showsUnavailable ? "unavailable documents shown" : "unavailable documents hidden", farNote(far))
        case .character("n") where configuration.choosesFolder: prompt = .newFolder("")
        case .character("e") where configuration.mode == .save: prompt = .fileName(fileName)
        case .character("f") where source.listFlat != nil && !configuration.choosesFolder:
            isFlat.toggle()
            reload(directory, keeping: currentEntry?.document.path)
            if message == nil { message = isFlat ? "every document under this folder" : "this folder's entries" }
        case .character("?"): showsHelp = true
        case .click(let line):
            list.click(listLine: line - Self.headerLines)
        default: break
        }
        return .stay
    }

    private mutating func activate() -> ScreenStep<PickerAnswer> {
        guard let row = list.current else { return .stay }
        if row < pinned { return actOnFolder() }
        let entry = entry(row - pinned)
        if entry.document.isDirectory && !(configuration.choosesDirectories && configuration.multiple && !selection.isEmpty) {
            reload(entry.document.path, keeping: nil)
            return .stay
        }
        if configuration.multiple && !selection.isEmpty {
            return .finish(.documents(selection.compactMap { chosen[$0] }))
        }
        guard entry.isAvailable else {
            message = "unavailable: \(entry.reason ?? "")"
            return .stay
        }
        return .finish(.documents([entry]))
    }

    /// `m`: the selected documents, or the highlighted one, to be marked up.
    private mutating func markUp() -> ScreenStep<PickerAnswer> {
        if configuration.multiple && !selection.isEmpty {
            return .finish(.markUp(selection.compactMap { chosen[$0] }))
        }
        guard let row = list.current, row >= pinned else { return .stay }
        let entry = entry(row - pinned)
        guard !entry.document.isDirectory, entry.isAvailable else {
            message = entry.document.isDirectory ? "a folder cannot be marked up" : "unavailable: \(entry.reason ?? "")"
            return .stay
        }
        return .finish(.markUp([entry]))
    }

    /// The action row: choose this folder, export or move here, save here.
    private mutating func actOnFolder() -> ScreenStep<PickerAnswer> {
        switch configuration.mode {
        case .export, .move:
            let clashes = configuration.placing.filter { source.exists(join(directory, baseName($0))) }
            if clashes.isEmpty { return .finish(.destination(directory: directory, clashes: [:])) }
            prompt = .clash(pending: clashes, answers: [:])
            return .stay
        case .save:
            if let problem = FileName.problem(fileName) {
                message = "cannot save as '\(fileName)': \(problem); press e to type another name"
                return .stay
            }
            let path = join(directory, fileName)
            if source.exists(path) {
                prompt = .confirmReplace(path: path)
                return .stay
            }
            return .finish(.save(path: path, replacing: false))
        case .open, .import:
            let folder = Document(
                path: directory, type: "inode/directory", isDirectory: true, size: nil, modifiedSeconds: 0,
                location: .local, available: true)
            return .finish(.documents([PickerEntry(document: folder, reason: nil)]))
        }
    }

    /// The selected entries by path, kept so that a selection spans folders.
    private var chosen: [String: PickerEntry] = [:]

    private mutating func toggleSelection() {
        guard configuration.multiple, let entry = currentEntry else { return }
        guard entry.isAvailable, entry.document.isDirectory == configuration.choosesDirectories else {
            message = entry.isAvailable ? "a folder is entered with Enter, not selected" : "unavailable: \(entry.reason ?? "")"
            return
        }
        if let index = selection.firstIndex(of: entry.document.path) {
            selection.remove(at: index)
            chosen[entry.document.path] = nil
        } else {
            selection.append(entry.document.path)
            chosen[entry.document.path] = entry
        }
        _ = list.handle(.down)
    }

    /// Shows the parent folder, with the folder left highlighted (paths are absolute).
    private mutating func goToParent() {
        let trimmed = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return }
        reload(slash == trimmed.startIndex ? "/" : String(trimmed[..<slash]), keeping: trimmed)
    }

    // MARK: - Prompts

    private mutating func answer(_ asked: PickerPrompt, _ key: Key) -> ScreenStep<PickerAnswer> {
        switch asked {
        case .newFolder(let text):
            switch LineEdit.apply(key, to: text) {
            case .editing(let text): prompt = .newFolder(text)
            case .committed(let text):
                prompt = nil
                makeFolder(text)
            case .dropped: prompt = nil
            }
        case .fileName(let text):
            switch LineEdit.apply(key, to: text) {
            case .editing(let text): prompt = .fileName(text)
            case .committed(let text):
                prompt = nil
                if let problem = FileName.problem(text) {
                    message = "not a file name: \(problem); the name is still '\(fileName)'"
                } else {
                    fileName = text
                }
            case .dropped: prompt = nil
            }
        case .confirmCancel:
            prompt = nil
            if key == .character("y") || key == .character("Y") { return .cancel }
            message = "the selection is kept"
        case .confirmReplace(let path):
            prompt = nil
            if key == .character("y") || key == .character("Y") { return .finish(.save(path: path, replacing: true)) }
            message = "not replaced"
        case .clash(var pending, var answers):
            let choice: ClashAnswer
            switch key {
            case .character("k"), .character("K"): choice = .keepBoth
            case .character("r"), .character("R"): choice = .replace
            case .character("s"), .character("S"): choice = .skip
            case .escape:
                prompt = nil
                message = "nothing placed"
                return .stay
            default: return .stay
            }
            answers[pending.removeFirst()] = choice
            if pending.isEmpty {
                prompt = nil
                return .finish(.destination(directory: directory, clashes: answers))
            }
            prompt = .clash(pending: pending, answers: answers)
        }
        return .stay
    }

    private mutating func makeFolder(_ name: String) {
        if let problem = FileName.problem(name) {
            message = "not a folder name: \(problem)"
            return
        }
        let path = join(directory, name)
        if let problem = source.makeDirectory(path) {
            message = problem.description
            return
        }
        reload(path, keeping: nil)
        message = "made folder \(name)"
    }

    // MARK: - Rows

    private mutating func reload(_ path: String, keeping: String?) {
        let listing: Result<FolderListing, PickerProblem>
        if isFlat, let listFlat = source.listFlat {
            listing = listFlat(path, showsHidden, Self.flatLimit).map { found in
                if found.truncated { message = "only the first \(Self.flatLimit) documents are listed" }
                return found.0
            }
        } else {
            listing = source.list(path, showsHidden)
        }
        switch listing {
        case .success(let listing):
            let changesFolder = path != directory
            directory = path
            listed = listing
            foldNames()
            reorder()
            let kept = keeping.flatMap { path in listed.items.firstIndex { Self.isEntry($0, at: path) } }
            let far = rebuild(keeping: nil, keepingEntry: kept, resetSearch: changesFolder)
            if kept == nil { highlightFirstAvailable() }
            if far != nil { message = joined(message, farNote(far)) }
        case .failure(let problem):
            message = problem.description
        }
    }

    /// Puts the listing in the current order, directories first. By name it is the listing's own
    /// order and nothing is examined; by date or size the indices are sorted by the numbers
    /// `DocumentSort.rank` gives of the sizes and dates the listing measured, ties in name order.
    private mutating func reorder() {
        let sort = sort
        guard sort != .name else {
            var folders: [Int] = []
            var files: [Int] = []
            files.reserveCapacity(listed.count)
            for (index, item) in listed.items.enumerated() {
                if item.isDirectory { folders.append(index) } else { files.append(index) }
            }
            order = folders + files
            return
        }
        var ranked: [RankedEntry] = []
        ranked.reserveCapacity(listed.count)
        for index in 0..<listed.count {
            let rank = sort.rank(listed.sortKey(at: index)) ?? (0, 0)
            ranked.append(
                RankedEntry(first: rank.0, second: rank.1, index: Int32(index), isFolder: listed.items[index].isDirectory))
        }
        // Swift's sort is stable: entries of equal rank stay in name order.
        ranked.sort { $0.precedes($1) }
        order = ranked.map { Int($0.index) }
    }

    /// The listing index of the entry on the highlighted row; nil on the action row or when nothing is shown.
    private var currentIndex: Int? {
        guard let row = list.current, row >= pinned else { return nil }
        return rows[row - pinned]
    }

    /// How many entries past those the screen needs are checked, at most, to keep the highlight
    /// on the same document while unavailable documents are hidden: checking types them, so a
    /// document that moved further down than this (after a sort) is not followed.
    static let keepingBudget = 64

    /// Recomputes the rows from the order, the filter and the switches; the highlight stays on
    /// the row index `keeping`, or on the listing's entry `keepingEntry`. Showing unavailable
    /// documents examines nothing; hiding them checks (types) the entries only as far as the
    /// screen needs, and further ones as keys bring them into view (`findRows`). The entry kept
    /// is followed only within `keepingBudget` checks more; when it is further down, the first
    /// row is highlighted and its index is returned, so that the status line says so. A kept
    /// entry that is hidden leaves the highlight on the row that follows it.
    @discardableResult
    private mutating func rebuild(keeping: Int?, keepingEntry target: Int? = nil, resetSearch: Bool = false) -> Int? {
        var targetRow: Int?
        var far: Int?
        if showsUnavailable {
            rows = order
            scanned = order.count
            targetRow = target.flatMap { order.firstIndex(of: $0) }
        } else {
            rows = []
            scanned = 0
            // As far as the full rows would decide the highlight and the first row on the screen;
            // with an entry to keep, the first screen (the list scrolls to the entry when found).
            let needle = resetSearch ? [] : FoldedKeys.folded(list.query)
            let shown =
                resetSearch ? 0 : (target == nil ? max(list.cursor, list.top + list.pageSize - 1) + 1 - pinned : list.pageSize)
            let position = target.flatMap { order.firstIndex(of: $0) } ?? -1
            targetRow = checkRows(
                count: (keeping ?? -1) + 1 - pinned, matching: shown, needle: needle, through: -1, marking: position)
            if let target, position >= 0, targetRow == nil {
                if position < scanned + Self.keepingBudget {
                    targetRow = checkRows(count: 0, matching: 0, needle: [], through: position, marking: position)
                } else {
                    far = target
                }
            }
            // A kept entry that is hidden: the row that follows it, found now.
            if let row = targetRow, row >= rows.count {
                _ = checkRows(count: row + 1, matching: 0, needle: [], through: -1, marking: -1)
            }
        }
        var rowKeys = Array(0..<pinned)
        rowKeys.reserveCapacity(rows.count + pinned)
        for index in rows { rowKeys.append(index + pinned) }
        if resetSearch {
            list = SearchableList(keys: searchKeys, rowKeys: rowKeys, pinned: pinned, pageSize: list.pageSize)
        } else {
            list.replaceRows(keys: searchKeys, rowKeys: rowKeys, pinned: pinned, keeping: keeping)
        }
        if let targetRow, !rows.isEmpty { list.highlight(min(targetRow, rows.count - 1) + pinned) }
        if far != nil, let first = list.visible.first { list.highlight(first) }
        findRows(through: list.top + list.pageSize)
        return far
    }

    /// What the status line says when the highlighted document was left further down (`rebuild`).
    private func farNote(_ far: Int?) -> String? {
        far.map { "the first row is highlighted, '\(listed.items[$0].name)' is further down" }
    }

    /// Status line messages one after the other.
    private func joined(_ parts: String?...) -> String? {
        let given = parts.compactMap { $0 }
        return given.isEmpty ? nil : given.joined(separator: "; ")
    }

    /// Checks entries of `order` for `rows` one by one until there are `count` rows, `matching`
    /// of them match `needle` and the entry at position `through` of `order` is checked (or every
    /// entry is). Returns the row the entry at position `mark` became (or, when it is hidden, the
    /// row that follows it) when this call checked it.
    private mutating func checkRows(count: Int, matching: Int, needle: [UInt8], through: Int, marking mark: Int) -> Int? {
        var matched = 0
        var markRow: Int?
        while scanned < order.count && (rows.count < count || matched < matching || scanned <= through) {
            let index = order[scanned]
            if scanned == mark { markRow = rows.count }
            scanned += 1
            guard admits(index) else { continue }
            rows.append(index)
            if needle.isEmpty || searchKeys.contains(index + pinned, needle) { matched += 1 }
        }
        return markRow
    }

    /// Checks further entries, a few at a time, until the list shows the row at `position` (a
    /// position in the rows shown, after any search) or every entry is checked.
    private mutating func findRows(through position: Int) {
        while list.visible.count <= position && scanned < order.count {
            let end = min(scanned + Self.checkStep, order.count)
            var found: [Int] = []
            for index in order[scanned..<end] where admits(index) { found.append(index) }
            scanned = end
            rows += found
            list.appendRows(rowKeys: found.map { $0 + pinned })
        }
    }

    /// How many entries `findRows` checks at a time.
    static let checkStep = 16

    /// Whether the entry at `index` of the listing is a row while unavailable documents are
    /// hidden (it is examined to tell).
    private func admits(_ index: Int) -> Bool {
        let document = listed.document(at: index)
        return document.isDirectory || reason(for: document) == nil
    }

    /// Folds the action title and the listing's names for the search, once per listing.
    private mutating func foldNames() {
        var names = configuration.actionTitle.map { [$0] } ?? []
        names.reserveCapacity(listed.count + pinned)
        for item in listed.items { names.append(item.name) }
        searchKeys = FoldedKeys(names)
    }

    /// Whether `item` is the entry at `path`, compared without making its path.
    private static func isEntry(_ item: DocumentLister.Entry, at path: String) -> Bool {
        let bytes = path.utf8
        let directory = item.directory.utf8
        let name = item.name.utf8
        return bytes.count == directory.count + name.count && bytes.starts(with: directory)
            && bytes.dropFirst(directory.count).elementsEqual(name)
    }

    private func reason(for document: Document) -> String? {
        if configuration.choosesFolder { return "it is a file, and a folder is being chosen" }
        if let reason = document.reason { return reason }
        if configuration.filterNames.isEmpty { return nil }
        if let byDocument = source.documentNonConformance { return byDocument(document, filter) }
        return reasons.reason(filter: filter, type: document.type) { source.nonConformance($0, $1) }
    }
}

/// An entry's place when the picker sorts by date or size: folders first, then the larger rank
/// (`DocumentSort.rank`); a stable sort keeps the listing's order (by name) among equals.
private struct RankedEntry {
    var first: Int64
    var second: Int64
    var index: Int32
    var isFolder: Bool

    func precedes(_ other: RankedEntry) -> Bool {
        if isFolder != other.isFolder { return isFolder }
        if first != other.first { return first > other.first }
        return second > other.second
    }
}

/// Why types do not conform, per filter and type, each asked of the source once; shared by the
/// copies of a model, as a cache is.
final class ConformanceMemo {
    private var known: [Int: [String: String?]] = [:]

    func reason(filter: Int, type: String, compute: (String, Int) -> String?) -> String? {
        if let found = known[filter]?[type] { return found }
        let found = compute(type, filter)
        known[filter, default: [:]][type] = .some(found)
        return found
    }
}

/// `directory/name`, without doubling a slash.
func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
}

/// The last component of a path.
func baseName(_ path: String) -> String { DocumentTransfer.baseName(path) }
