import DocumentProvider
import TerminalUI
import Testing

/// `s` and `a` on a large folder: sorting uses the sizes and dates the listing measured, and
/// hiding after a sort follows the highlighted document only a bounded way down.
extension PickerLazyRowsTests {
    /// Moves the highlight, in name order with everything shown, onto the document called `name`.
    func highlight(_ name: String, in folder: LazyFolder, _ model: inout PickerModel) throws {
        let position = try #require(folder.shownNames(filter: nil).firstIndex(of: name))
        _ = model.handle(.home)
        for _ in 0..<position { _ = model.handle(.down) }
        #expect(model.currentEntry?.name == name)
    }

    @Test("s sorts by the listing's dates, then sizes, typing nothing; folders first, ties by name; the highlight stays")
    func sortingTypesNothing() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        _ = model.render(lines: 30, columns: 100)
        for _ in 0..<5 { _ = model.handle(.down) }
        let highlighted = try #require(model.currentEntry?.name)
        let before = model.examinedCount
        _ = model.handle(.character("s"))
        #expect(model.sort == .date && model.message == "sorted by date")
        #expect(model.examinedCount == before, "s typed \(model.examinedCount - before) entries")
        #expect(model.currentEntry?.name == highlighted)
        _ = model.render(lines: 30, columns: 100)
        let afterDate = model.examinedCount
        _ = model.handle(.character("s"))
        #expect(model.sort == .size && model.examinedCount == afterDate)
        #expect(model.currentEntry?.name == highlighted)
        #expect(model.entries.map(\.name) == folder.shownNames(filter: nil, sort: .size))
        _ = model.handle(.character("s"))
        _ = model.handle(.character("s"))
        #expect(model.sort == .date && model.entries.map(\.name) == folder.shownNames(filter: nil, sort: .date))
    }

    @Test("a after s keeps the highlight on the document when it is near the top, typing about a screen")
    func hidingAfterSortKeepsANearDocument() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        let byDate = folder.shownNames(filter: 0, sort: .date)
        // The newest PDF: right after the folders in date order.
        let newest = try #require(byDate.first { $0.hasSuffix(".pdf") })
        try highlight(newest, in: folder, &model)
        _ = model.handle(.character("s"))
        _ = model.handle(.character("a"))
        #expect(model.currentEntry?.name == newest)
        #expect(model.message == "unavailable documents hidden")
        #expect(!model.rowsAreComplete && model.examinedCount < 250, "typed \(model.examinedCount) of 3000 entries")
        let screen = model.render(lines: 30, columns: 100)
        #expect(screen.contains { $0.text.hasPrefix("> ") && $0.text.contains(newest) })
        #expect(walk(&model) == byDate)
    }

    @Test("a after s with the document moved far down highlights the first row, says so, and types about a screen")
    func hidingAfterSortLeavesAFarDocument() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        let byDate = folder.shownNames(filter: 0, sort: .date)
        let oldest = try #require(byDate.last)
        try highlight(oldest, in: folder, &model)
        _ = model.handle(.character("s"))
        _ = model.handle(.character("a"))
        #expect(model.examinedCount < 250, "typed \(model.examinedCount) of 3000 entries")
        #expect(model.currentEntry?.name == byDate.first && model.list.cursor == 0)
        #expect(model.message?.hasPrefix("unavailable documents hidden; the first row is highlighted") == true)
        #expect(model.message?.contains("'\(oldest)' is further down") == true)
        #expect(!model.rowsAreComplete)
        let screen = model.render(lines: 30, columns: 100)
        #expect(screen.last?.text.contains("further down") == true)
        for (line, name) in byDate.prefix(24).enumerated() {
            #expect(screen[2 + line].text.contains(name), "line \(line) is not \(name)")
        }
        _ = model.handle(.end)
        #expect(model.rowsAreComplete && model.rowCount == byDate.count && model.currentEntry?.name == oldest)
    }

    @Test("a after s on an unavailable document near the top highlights the row that follows it")
    func hidingAnUnavailableDocumentMovesToTheNextRow() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        let everything = folder.shownNames(filter: nil, sort: .date)
        let shown = Set(folder.shownNames(filter: 0, sort: .date))
        let text = try #require(everything.first { $0.hasSuffix(".txt") })
        let position = try #require(everything.firstIndex(of: text))
        let next = try #require(everything[(position + 1)...].first { shown.contains($0) })
        try highlight(text, in: folder, &model)
        _ = model.handle(.character("s"))
        #expect(model.currentEntry?.name == text)
        _ = model.handle(.character("a"))
        #expect(model.currentEntry?.name == next)
        #expect(model.message == "unavailable documents hidden")
    }

    @Test("s while unavailable documents are hidden keeps a near document and leaves a far one with a note")
    func sortingWhileHidden() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        _ = model.handle(.character("a"))
        let byName = folder.shownNames(filter: 0)
        let byDate = folder.shownNames(filter: 0, sort: .date)
        // The first PDF by name is the oldest, far down by date.
        let first = try #require(byName.first { $0.hasSuffix(".pdf") })
        try #require((byDate.firstIndex(of: first) ?? 0) > 100)
        for _ in 0..<(try #require(byName.firstIndex(of: first))) { _ = model.handle(.down) }
        #expect(model.currentEntry?.name == first)
        let examined = model.examinedCount
        _ = model.handle(.character("s"))
        #expect(model.examinedCount - examined < 200, "s typed \(model.examinedCount - examined) entries")
        #expect(model.currentEntry?.name == byDate.first)
        #expect(model.message == "sorted by date; the first row is highlighted, '\(first)' is further down")
        // A folder is near the top in every order (folders come first), so it stays highlighted.
        let folderName = try #require(model.currentEntry.flatMap { $0.document.isDirectory ? $0.name : nil })
        for order in ["size", "name", "date"] {
            _ = model.handle(.character("s"))
            #expect(model.currentEntry?.name == folderName && model.message == "sorted by \(order)")
        }
        #expect(walk(&model) == byDate)
    }

    @Test("Backspace while hidden keeps the folder left highlighted when it is near, else the first row with a note")
    func parentWhileHidden() throws {
        let folders = FakeFolders()
        let names = (0..<200).map { "f" + String(repeating: "0", count: 3 - String($0).count) + String($0) }
        for name in names { folders.add("/docs/\(name)", type: "inode/directory") }
        var model = try PickerModel(
            configuration: PickerConfiguration(filterNames: ["application/pdf"], showsUnavailable: true),
            source: folders.source(prefixes: ["application/pdf"]), directory: "/docs")
        _ = model.handle(.resize(lines: 30, columns: 100))
        _ = model.handle(.character("a"))
        for (name, kept) in [("f010", true), ("f199", false)] {
            _ = model.handle(.home)
            while model.currentEntry?.name != name { _ = model.handle(.down) }
            _ = model.handle(.enter)
            #expect(model.directory == "/docs/\(name)")
            _ = model.handle(.backspace)
            #expect(model.directory == "/docs")
            #expect(model.currentEntry?.name == (kept ? name : "f000"))
            #expect(model.message == (kept ? nil : "the first row is highlighted, '\(name)' is further down"))
        }
    }
}
