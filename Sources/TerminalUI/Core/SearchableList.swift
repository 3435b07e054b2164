/// The rows of a screen as a list to move through and search, shared by every screen.
///
/// The screen keeps its rows; this keeps which of them are shown (those matching the search,
/// after the pinned rows that are always shown, such as `Export here`), the highlighted one, and
/// the first one on the screen. `/` starts the search field: typing narrows the rows, Enter or
/// ↓ leaves the field keeping the narrowed rows with the first match highlighted, and Esc in the
/// field clears it. Esc after the field is left clears the kept search: one layer at a time, and
/// the highlighted row stays highlighted when a search is cleared.
public struct SearchableList: Sendable, Equatable {
    /// The text each row is searched by, as lowercased UTF-8, one after another.
    private var keys = FoldedKeys()
    /// Which key each row is searched by, when the rows are not the keys one for one (a screen
    /// that reorders or filters its rows over keys folded once); nil when row `i` is key `i`.
    private var rowKeys: [Int]?
    /// The search text `visible` was narrowed by, folded: a longer query that starts with it
    /// narrows `visible` further instead of every row again.
    private var narrowedBy: [UInt8] = []
    /// How many leading rows are always shown, whatever the search.
    public private(set) var pinned: Int
    /// The rows shown, as indices into the screen's rows.
    public private(set) var visible: [Int]
    /// The position of the highlighted row in `visible`.
    public private(set) var cursor = 0
    /// The position in `visible` of the first row on the screen.
    public private(set) var top = 0
    /// The search text.
    public private(set) var query = ""
    /// Whether keys go to the search field.
    public private(set) var isSearching = false
    /// How many rows fit on the screen.
    public var pageSize: Int {
        didSet { scrollToCursor() }
    }

    /// A list of rows searched by `keys`, the first `pinned` always shown.
    public init(keys: [String], pinned: Int = 0, pageSize: Int = 10) {
        self.keys = FoldedKeys(keys)
        self.pinned = pinned
        self.pageSize = max(pageSize, 1)
        visible = Array(keys.indices)
    }

    /// A list of rows searched by `keys` folded once: row `i` is searched by key `rowKeys[i]`;
    /// the first `pinned` rows are always shown.
    init(keys: FoldedKeys, rowKeys: [Int], pinned: Int, pageSize: Int) {
        self.keys = keys
        self.rowKeys = Self.unlessOneForOne(rowKeys, keys: keys)
        self.pinned = pinned
        self.pageSize = max(pageSize, 1)
        visible = Array(rowKeys.indices)
    }

    /// How many rows there are, shown or not.
    public var rowCount: Int { rowKeys?.count ?? keys.count }

    /// The highlighted row, as an index into the screen's rows; nil when nothing is shown.
    public var current: Int? { visible.indices.contains(cursor) ? visible[cursor] : nil }

    /// The rows on the screen now: their positions in `visible` and their indices.
    public var window: [(position: Int, row: Int)] {
        let end = min(visible.count, top + pageSize)
        return top < end ? (top..<end).map { ($0, visible[$0]) } : []
    }

    /// Replaces the rows (a new folder, another filter), keeping the search; the highlight goes
    /// to the row `keeping` when it is still shown, else to the first match.
    public mutating func replaceRows(keys: [String], pinned: Int, keeping: Int? = nil) {
        self.keys = FoldedKeys(keys)
        rowKeys = nil
        reset(pinned: pinned, keeping: keeping)
    }

    /// Replaces the rows by rows searched by `keys` folded once (row `i` by key `rowKeys[i]`),
    /// keeping the search, as `replaceRows(keys:pinned:keeping:)` does.
    mutating func replaceRows(keys: FoldedKeys, rowKeys: [Int], pinned: Int, keeping: Int? = nil) {
        self.keys = keys
        self.rowKeys = Self.unlessOneForOne(rowKeys, keys: keys)
        reset(pinned: pinned, keeping: keeping)
    }

    /// Adds rows at the end, searched by the keys `added` of the keys folded once (a screen that
    /// finds its rows as they come into view); those matching the search are shown, and the
    /// highlight and the first row on the screen stay.
    mutating func appendRows(rowKeys added: [Int]) {
        let start = rowCount
        if rowKeys == nil { rowKeys = Array(0..<keys.count) }
        rowKeys?.append(contentsOf: added)
        let needle = narrowedBy
        for row in start..<rowCount where needle.isEmpty || row < pinned || matches(row, needle) { visible.append(row) }
    }

    /// `rowKeys`, or nil when row `i` is key `i` for every key, so that a search need not look
    /// each row's key up.
    private static func unlessOneForOne(_ rowKeys: [Int], keys: FoldedKeys) -> [Int]? {
        rowKeys.count == keys.count && rowKeys.elementsEqual(0..<keys.count) ? nil : rowKeys
    }

    private mutating func reset(pinned: Int, keeping: Int?) {
        self.pinned = pinned
        narrowedBy = []
        narrow()
        if let keeping, let position = visible.firstIndex(of: keeping) { cursor = position }
        scrollToCursor()
    }

    /// Moves the highlight to the row `index` when it is shown.
    public mutating func highlight(_ index: Int) {
        guard let position = visible.firstIndex(of: index) else { return }
        cursor = position
        scrollToCursor()
    }

    /// Takes the keys that move, scroll and search; says whether the key was taken.
    public mutating func handle(_ key: Key) -> Bool {
        if isSearching { return handleSearch(key) }
        switch key {
        case .up, .character("k"), .wheelUp: move(by: -1)
        case .down, .character("j"), .wheelDown: move(by: 1)
        case .pageUp: move(by: -pageSize)
        case .pageDown: move(by: pageSize)
        case .home: move(by: -visible.count)
        case .end: move(by: visible.count)
        case .escape where !query.isEmpty: clearSearch()
        case .character("/"):
            isSearching = true
            query = ""
            narrow()
        default: return false
        }
        return true
    }

    /// Highlights the row drawn on list line `line` (0 is the first row on the screen).
    public mutating func click(listLine line: Int) {
        let position = top + line
        guard line >= 0, visible.indices.contains(position) else { return }
        cursor = position
    }

    private mutating func handleSearch(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            query.append(character)
            narrow()
            cursor = firstMatch
        case .backspace:
            if !query.isEmpty { query.removeLast() }
            narrow()
            cursor = firstMatch
        case .escape: clearSearch()
        case .enter, .down:
            isSearching = false
            cursor = firstMatch
        case .resize: return false
        default: break
        }
        scrollToCursor()
        return true
    }

    /// Clears the search, in the field or kept, with the highlighted row still highlighted.
    private mutating func clearSearch() {
        let highlighted = current
        query = ""
        isSearching = false
        narrow()
        if let highlighted, let position = visible.firstIndex(of: highlighted) { cursor = position }
        scrollToCursor()
    }

    /// The first row that matched the search, after the pinned ones (or the first row).
    private var firstMatch: Int { query.isEmpty ? 0 : min(pinned, max(visible.count - 1, 0)) }

    /// Shows the rows matching the query: when the query only grew, the rows shown so far are
    /// narrowed further; otherwise every row is searched again.
    private mutating func narrow() {
        let needle = FoldedKeys.folded(query)
        let candidates: [Int]
        if needle.isEmpty {
            candidates = Array(0..<rowCount)
        } else if !narrowedBy.isEmpty && needle.starts(with: narrowedBy) {
            candidates = matching(visible, needle)
        } else {
            candidates = matching(0..<rowCount, needle)
        }
        visible = candidates
        narrowedBy = needle
        cursor = min(cursor, max(visible.count - 1, 0))
    }

    /// Whether row `row` matches `needle`, which is not empty.
    private func matches(_ row: Int, _ needle: [UInt8]) -> Bool { keys.contains(rowKeys?[row] ?? row, needle) }

    /// The rows of `rows` that match `needle` (not empty), the pinned ones kept; which keys the
    /// rows are searched by is decided once, not per row.
    private func matching(_ rows: some Sequence<Int>, _ needle: [UInt8]) -> [Int] {
        let pinned = pinned
        guard let rowKeys else { return rows.filter { $0 < pinned || keys.contains($0, needle) } }
        return rows.filter { $0 < pinned || keys.contains(rowKeys[$0], needle) }
    }

    private mutating func move(by offset: Int) {
        guard !visible.isEmpty else { return }
        cursor = min(max(cursor + offset, 0), visible.count - 1)
        scrollToCursor()
    }

    private mutating func scrollToCursor() {
        if cursor < top { top = cursor }
        if cursor >= top + pageSize { top = cursor - pageSize + 1 }
        top = max(0, min(top, max(visible.count - pageSize, 0)))
    }
}

/// The search keys of a list's rows as one run of lowercased UTF-8, with where each ends: made
/// once per set of rows, searched on every key without a copy.
struct FoldedKeys: Sendable, Equatable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    init() {}

    init(_ keys: [String]) {
        ends.reserveCapacity(keys.count)
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.utf8.count })
        for var key in keys {
            key.withUTF8 { utf8 in
                for byte in utf8 { bytes.append(Self.fold(byte)) }
            }
            ends.append(bytes.count)
        }
    }

    var count: Int { ends.count }

    /// `text` as UTF-8 with ASCII letters lowercased, the rest as it is (a search is a substring
    /// match of bytes).
    static func folded(_ text: String) -> [UInt8] { text.utf8.map(fold) }

    private static func fold(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// Whether key `index` contains `needle`, which is not empty.
    func contains(_ index: Int, _ needle: [UInt8]) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        let end = ends[index]
        guard needle.count <= end - start else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                let first = needle[0]
                var position = start
                let last = end - needle.count
                while position <= last {
                    if haystack[position] == first {
                        var matched = 1
                        while matched < needle.count && haystack[position + matched] == needle[matched] { matched += 1 }
                        if matched == needle.count { return true }
                    }
                    position += 1
                }
                return false
            }
        }
    }
}
