import DocumentProvider
import TerminalUI
import Testing

/// A folder of many documents listed as the CLI's lister lists them: names first, each document
/// described (typed) only when the picker first asks for it.
final class LazyFolder {
    let documents: [Document]
    /// The type prefixes of the filters: filter `i` takes the types starting with `prefixes[i]`.
    let prefixes = ["application/pdf", "image/"]

    /// `count` entries named `doc-0000.ext`…: PDFs, PNG images and text in turn, with a folder now
    /// and then; their dates and sizes are scrambled, so that sorting by them moves entries far.
    init(count: Int) {
        documents = (0..<count).map { index in
            let number = String(repeating: "0", count: max(4 - String(index).count, 0)) + String(index)
            let kinds = [(".pdf", "application/pdf"), (".png", "image/png"), (".txt", "text/plain")]
            let kind = index % 50 == 7 ? ("", "inode/directory") : kinds[index % 3]
            let isDirectory = kind.1 == "inode/directory"
            return Document(
                path: "/many/doc-\(number)\(kind.0)", type: kind.1, isDirectory: isDirectory,
                size: isDirectory ? nil : Int64((index * 37) % 500), modifiedSeconds: Int64(1_000 + (index * 7_919) % 5_000),
                location: .local, available: true)
        }
    }

    var source: PickerSource {
        let byPath = Dictionary(uniqueKeysWithValues: documents.map { ($0.path, $0) })
        // Measured as the CLI's listing measures them: size and date known before anything is typed.
        let items = documents.map {
            DocumentLister.Entry(
                directory: "/many/", name: String($0.path.dropFirst(6)), isDirectory: $0.isDirectory,
                sortKey: DocumentSort.Key($0))
        }
        let prefixes = prefixes
        return PickerSource(
            list: { path, _ in
                guard path == "/many" else { return .failure(PickerProblem("no \(path)")) }
                return .success(FolderListing(items: items) { byPath[$0.path] ?? self.documents[0] })
            },
            nonConformance: { type, index in type.hasPrefix(prefixes[index]) ? nil : "its type \(type) does not conform" },
            makeDirectory: { _ in nil }, exists: { _ in false }, now: 2_000)
    }

    /// The names the picker shows with unavailable documents hidden under `filter` (all of them
    /// when nil), worked out from the documents themselves: folders first, then the documents the
    /// filter takes, in the order `sort` gives a listing.
    func shownNames(filter: Int?, sort: DocumentSort = .name) -> [String] {
        let names = { (documents: [Document]) in
            documents.sorted(by: sort.areInIncreasingOrder).map { String($0.path.dropFirst(6)) }
        }
        return names(documents.filter(\.isDirectory))
            + names(
                documents.filter { document in
                    !document.isDirectory && (filter.map { document.type.hasPrefix(prefixes[$0]) } ?? true)
                })
    }
}

@Suite("the picker with unavailable documents hidden checks entries only as the rows need them")
struct PickerLazyRowsTests {
    func picker(_ folder: LazyFolder) throws -> PickerModel {
        var model = try PickerModel(
            configuration: PickerConfiguration(filterNames: ["application/pdf", "public.image"], showsUnavailable: true),
            source: folder.source,
            directory: "/many")
        _ = model.handle(.resize(lines: 30, columns: 100))
        return model
    }

    /// The names of the rows shown, read by moving the highlight from the first row to the last.
    func walk(_ model: inout PickerModel) -> [String] {
        _ = model.handle(.home)
        var names: [String] = []
        while let entry = model.currentEntry {
            names.append(entry.name)
            let before = model.list.cursor
            _ = model.handle(.down)
            if model.list.cursor == before { break }
        }
        return names
    }

    @Test("a hides unavailable documents by typing only the entries the screen needs, and the screen shows them")
    func hidingTypesTheScreen() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        _ = model.handle(.character("a"))
        let expected = folder.shownNames(filter: 0)
        #expect(!model.showsUnavailable && !model.rowsAreComplete)
        #expect(model.examinedCount < 200, "typed \(model.examinedCount) of 3000 entries")
        // Below the title and the column header, the 24 rows of a 30-line screen.
        let screen = model.render(lines: 30, columns: 100)
        for (line, name) in expected.prefix(24).enumerated() {
            #expect(screen[2 + line].text.contains(name), "line \(line) is not \(name)")
        }
    }

    @Test("PgDn and ↓ scroll into entries not typed yet; End types the rest; the rows are those the filter takes")
    func scrollingIntoUntypedEntries() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        let expected = folder.shownNames(filter: 0)
        _ = model.handle(.character("a"))
        for _ in 0..<3 { _ = model.handle(.pageDown) }
        _ = model.handle(.down)
        #expect(model.currentEntry?.name == expected[3 * 24 + 1])
        #expect(!model.rowsAreComplete && model.examinedCount < 400)
        _ = model.handle(.end)
        #expect(model.rowsAreComplete && model.rowCount == expected.count)
        #expect(model.currentEntry?.name == expected.last)
        #expect(walk(&model) == expected)
        #expect(model.entries.map(\.name) == expected)
    }

    @Test("/ on hidden unavailable documents finds matches among entries not typed yet, and only available ones")
    func searchWhileHidden() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        _ = model.handle(.character("a"))
        _ = model.handle(.character("/"))
        for character in "-29" { _ = model.handle(.character(character)) }
        _ = model.handle(.enter)
        let expected = folder.shownNames(filter: 0)
        #expect(walk(&model) == expected.filter { $0.contains("-29") })
        // Esc after / again clears the search: every shown row again, in order.
        _ = model.handle(.character("/"))
        _ = model.handle(.escape)
        #expect(walk(&model) == expected)
    }

    @Test("a while a search is kept hides the unavailable matches; a again shows them all")
    func hidingWhileSearched() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        _ = model.handle(.character("/"))
        for character in "-28" { _ = model.handle(.character(character)) }
        _ = model.handle(.enter)
        _ = model.handle(.character("a"))
        #expect(walk(&model) == folder.shownNames(filter: 0).filter { $0.contains("-28") })
        _ = model.handle(.character("a"))
        #expect(model.rowsAreComplete)
        #expect(walk(&model) == folder.shownNames(filter: nil).filter { $0.contains("-28") })
    }

    @Test("Tab while hidden shows the next filter's documents, found as far as the screen needs")
    func tabWhileHidden() throws {
        let folder = LazyFolder(count: 3_000)
        var model = try picker(folder)
        _ = model.handle(.character("a"))
        _ = model.handle(.tab)
        #expect(model.filter == 1 && !model.rowsAreComplete)
        #expect(model.examinedCount < 400, "typed \(model.examinedCount) of 3000 entries")
        #expect(walk(&model) == folder.shownNames(filter: 1))
        _ = model.handle(.tab)
        #expect(walk(&model) == folder.shownNames(filter: 0))
    }
}
