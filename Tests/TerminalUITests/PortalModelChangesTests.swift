import DocumentProvider
import TerminalUI
import Testing

/// What the portal's dialogs need of the picker and the chooser: a first filter, a title and an
/// action label of the application's, filters that look at names, and a list replaced in place.
@Suite("the picker and the chooser as the portal's dialogs use them")
struct PortalModelChangesTests {
    func folders() -> FakeFolders {
        let folders = FakeFolders()
        folders.add("/docs/a.pdf", type: "application/pdf")
        folders.add("/docs/b.png", type: "image/png")
        folders.add("/docs/C.PNG", type: "image/png")
        return folders
    }

    @Test("initialFilter is current at first; title and actionLabel replace the picker's own")
    func configuration() throws {
        var configuration = PickerConfiguration(mode: .save, filterNames: ["PDF", "Images"], fileName: "x.pdf")
        configuration.initialFilter = 1
        configuration.title = "Save the report"
        configuration.actionLabel = "Export"
        var model = try PickerModel(
            configuration: configuration, source: folders().source(prefixes: ["application/pdf", "image/"]), directory: "/docs")
        _ = model.handle(.resize(lines: 20, columns: 100))
        #expect(model.filter == 1 && model.filterName == "Images")
        let lines = model.render(lines: 20, columns: 100).map(\.text)
        #expect(lines[0].hasPrefix("Save the report  name: x.pdf"), "\(lines[0])")
        #expect(lines[2].hasPrefix("> [Export]  /docs"), "\(lines[2])")
        // An index that is not a filter's starts at the first; open mode has no action row to name.
        configuration.mode = .open
        configuration.initialFilter = 7
        let open = try PickerModel(configuration: configuration, source: folders().source(prefixes: []), directory: "/docs")
        #expect(open.filter == 0 && open.currentEntry != nil, "the first row is a document")
    }

    @Test("documentNonConformance, when set, decides by the document, name included, per filter")
    func byDocument() throws {
        var source = folders().source(prefixes: ["nothing/"])
        source.documentNonConformance = { document, filter in
            filter == 0 && document.path.hasSuffix(".png") ? nil : "not a lower-case .png"
        }
        let model = try PickerModel(
            configuration: PickerConfiguration(filterNames: ["PNG by name"], showsUnavailable: true), source: source,
            directory: "/docs")
        #expect(model.entries.filter(\.isAvailable).map(\.name) == ["b.png"])
        #expect(model.entries.first { $0.name == "C.PNG" }?.reason == "not a lower-case .png")
    }

    @Test("replaceOffered keeps the highlighted application when it is still offered; no All applications row without any")
    func chooserInPlace() {
        let offered = ["a", "b", "c"].map { ChooserApplication(id: "\($0).desktop", name: $0.uppercased(), source: "offered") }
        var model = ChooserModel(subject: "x", offered: offered, everything: [], allowsPerFile: false)
        model.enterLabel = "choose"
        model.highlight(id: "b.desktop")
        #expect(model.current?.id == "b.desktop")
        let text = model.render(lines: 10, columns: 80).map(\.text)
        #expect(!text.contains { $0.contains(ChooserModel.allApplicationsTitle) } && text.last?.hasPrefix("Enter choose") == true)
        model.replaceOffered([offered[2], ChooserApplication(id: "d.desktop", name: "D", source: "offered"), offered[1]])
        #expect(model.rows.map(\.id) == ["c.desktop", "d.desktop", "b.desktop"] && model.current?.id == "b.desktop")
        model.replaceOffered([offered[0]])
        #expect(model.rows.map(\.id) == ["a.desktop"] && model.current?.id == "a.desktop")
        #expect(model.handle(.enter).answer == ChooserAnswer(id: "a.desktop", action: .once))
    }
}

extension ScreenStep {
    /// The answer of a finished step.
    var answer: Answer? {
        if case .finish(let answer) = self { return answer }
        return nil
    }
}
