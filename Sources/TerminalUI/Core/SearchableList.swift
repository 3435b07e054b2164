/// The rows of a screen as a list to move through and search, shared by every screen.
///
/// The screen keeps its rows; this keeps which of them are shown (those matching the search,
/// after the pinned rows that are always shown, such as `Export here`), the highlighted one, and
/// the first one on the screen. `/` starts the search field: typing narrows the rows, Enter or
/// ↓ leaves the field keeping the narrowed rows with the first match highlighted, and Esc in the
/// field clears it.
public struct SearchableList: Sendable, Equatable {
    /// The text each row is searched by, as lowercased UTF-8.
    private var keys: [[UInt8]]
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
        self.keys = keys.map(Self.folded)
        self.pinned = pinned
        self.pageSize = max(pageSize, 1)
        visible = Array(keys.indices)
    }

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
        self.keys = keys.map(Self.folded)
        self.pinned = pinned
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
        case .escape:
            query = ""
            isSearching = false
            narrow()
        case .enter, .down:
            isSearching = false
            cursor = firstMatch
        case .resize: return false
        default: break
        }
        scrollToCursor()
        return true
    }

    /// The first row that matched the search, after the pinned ones (or the first row).
    private var firstMatch: Int { query.isEmpty ? 0 : min(pinned, max(visible.count - 1, 0)) }

    private mutating func narrow() {
        let needle = Self.folded(query)
        visible = needle.isEmpty ? Array(keys.indices) : keys.indices.filter { $0 < pinned || Self.contains(keys[$0], needle) }
        cursor = min(cursor, max(visible.count - 1, 0))
    }

    /// `text` as UTF-8 with ASCII letters lowercased, the rest as it is (a search is a substring
    /// match of bytes, fast enough for tens of thousands of rows on every key).
    private static func folded(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count && haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
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
