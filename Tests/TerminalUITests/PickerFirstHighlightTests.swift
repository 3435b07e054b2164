import DocumentProvider
import TerminalUI
import Testing

@Suite("the picker's first highlight and its hidden count")
struct PickerFirstHighlightTests {
    func folders() -> FakeFolders {
        let folders = FakeFolders()
        folders.add("/docs/a.txt", type: "text/plain")
        folders.add("/docs/b.txt", type: "text/plain")
        folders.add("/docs/c.pdf", type: "application/pdf")
        return folders
    }

    @Test("with unavailable documents shown, the first highlight is the first available document, not the first row")
    func firstHighlightIsAvailable() throws {
        var model = try PickerModel(
            configuration: PickerConfiguration(filterNames: ["application/pdf"], showsUnavailable: true),
            source: folders().source(prefixes: ["application/pdf"]), directory: "/docs")
        _ = model.handle(.resize(lines: 24, columns: 80))
        #expect(model.entries.map(\.name) == ["a.txt", "b.txt", "c.pdf"])
        #expect(model.currentEntry?.name == "c.pdf")
    }

    @Test("by default the documents that do not conform are hidden and counted on the status line")
    func hiddenByDefaultAndCounted() throws {
        var model = try PickerModel(
            configuration: PickerConfiguration(filterNames: ["application/pdf"]),
            source: folders().source(prefixes: ["application/pdf"]), directory: "/docs")
        _ = model.handle(.resize(lines: 24, columns: 80))
        #expect(model.entries.map(\.name) == ["c.pdf"])
        #expect(model.hiddenCount == 2)
        let status = try #require(model.render(lines: 24, columns: 80).last?.text)
        #expect(status.hasPrefix("2 more not shown — a to show") && status.contains("q cancel"), "\(status)")
    }
}
