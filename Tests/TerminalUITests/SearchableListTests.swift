import TerminalUI
import Testing

@Suite("searching and moving through a screen's rows")
struct SearchableListTests {
    func typed(_ text: String, into list: inout SearchableList) {
        for character in text { _ = list.handle(.character(character)) }
    }

    @Test("typing after / narrows the rows; Enter keeps them with the first match highlighted")
    func narrowsAndKeeps() {
        var list = SearchableList(keys: ["Report.pdf", "notes.txt", "report-2.pdf", "photo.png"])
        _ = list.handle(.down)
        _ = list.handle(.character("/"))
        #expect(list.isSearching)
        typed("REPORT", into: &list)
        #expect(list.visible == [0, 2])
        _ = list.handle(.enter)
        #expect(!list.isSearching)
        #expect(list.visible == [0, 2])
        #expect(list.current == 0)
        _ = list.handle(.character("j"))
        #expect(list.current == 2)
    }

    @Test("Esc in the search field clears it and shows every row again")
    func escapeClears() {
        var list = SearchableList(keys: ["a", "b", "ab"])
        _ = list.handle(.character("/"))
        typed("b", into: &list)
        #expect(list.visible == [1, 2])
        _ = list.handle(.escape)
        #expect(list.visible == [0, 1, 2])
        #expect(list.query.isEmpty && !list.isSearching)
    }

    @Test("pinned rows stay whatever the search, and the first match after them is highlighted")
    func pinnedRowsStay() {
        var list = SearchableList(keys: ["Export here", "x.txt", "y.pdf"], pinned: 1)
        _ = list.handle(.character("/"))
        typed("pdf", into: &list)
        _ = list.handle(.down)
        #expect(list.visible == [0, 2])
        #expect(list.current == 2)
    }

    @Test("PgDn, End and Home move by a page and to the ends, and the window follows the highlight")
    func pagesAndEnds() {
        var list = SearchableList(keys: (0..<50).map { "row \($0)" }, pageSize: 10)
        _ = list.handle(.pageDown)
        #expect(list.current == 10)
        #expect(list.window.first?.row == 1)
        _ = list.handle(.end)
        #expect(list.current == 49)
        #expect(list.window.map(\.row) == Array(40..<50))
        _ = list.handle(.home)
        #expect(list.current == 0 && list.top == 0)
    }
}
