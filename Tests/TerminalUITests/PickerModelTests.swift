import DocumentProvider
import TerminalUI
import Testing

/// A made-up folder tree for the picker: paths to documents, with types by extension.
final class FakeFolders {
    var folders: [String: [Document]] = [:]
    var made: [String] = []

    func add(_ path: String, type: String = "", size: Int64? = 10, modified: Int64 = 1_000) {
        let isDirectory = type == "inode/directory"
        let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        folders[parent.isEmpty ? "/" : parent, default: []].append(
            Document(
                path: path, type: type, isDirectory: isDirectory, size: isDirectory ? nil : size, modifiedSeconds: modified,
                location: .local, available: true))
        if isDirectory && folders[path] == nil { folders[path] = [] }
    }

    /// A source where filter i takes the types whose names start with `prefixes[i]`.
    func source(prefixes: [String]) -> PickerSource {
        PickerSource(
            list: { path, _ in
                guard let found = self.folders[path] else { return .failure(PickerProblem("cannot list '\(path)'")) }
                return .success(FolderListing(documents: found.sorted { $0.path < $1.path }))
            },
            nonConformance: { type, index in
                prefixes.indices.contains(index) && !type.hasPrefix(prefixes[index]) ? "its type \(type) does not conform" : nil
            },
            makeDirectory: { path in
                self.made.append(path)
                self.add(path, type: "inode/directory")
                return nil
            },
            exists: { path in self.folders.values.contains { $0.contains { $0.path == path } } },
            now: 2_000)
    }
}

@Suite("the document picker's model, without a terminal")
struct PickerModelTests {
    func world() -> FakeFolders {
        let folders = FakeFolders()
        folders.add("/docs/a.pdf", type: "application/pdf", modified: 1_500)
        folders.add("/docs/b.png", type: "image/png", size: 5_000)
        folders.add("/docs/c.txt", type: "text/plain")
        folders.add("/docs/papers", type: "inode/directory")
        folders.add("/docs/papers/d.pdf", type: "application/pdf")
        return folders
    }

    func picker(
        _ folders: FakeFolders, _ configuration: PickerConfiguration, prefixes: [String] = ["application/pdf", "image/"],
        at directory: String = "/docs"
    ) throws -> PickerModel {
        // These tests read the unavailable rows: shown from the start, as `a` shows them.
        var configuration = configuration
        if configuration.showsUnavailable == nil { configuration.showsUnavailable = true }
        var model = try PickerModel(
            configuration: configuration, source: folders.source(prefixes: prefixes), directory: directory)
        _ = model.handle(.resize(lines: 30, columns: 100))
        return model
    }

    func press(_ keys: [Key], _ model: inout PickerModel) -> ScreenStep<PickerAnswer> {
        var last = ScreenStep<PickerAnswer>.stay
        for key in keys { last = model.handle(key) }
        return last
    }

    func chosenPaths(_ step: ScreenStep<PickerAnswer>) -> [String]? {
        guard case .finish(.documents(let entries)) = step else { return nil }
        return entries.map(\.document.path)
    }

    @Test("folders come first; documents that do not conform are marked unavailable in the text and cannot be chosen")
    func unavailableRows() throws {
        var model = try picker(world(), PickerConfiguration(filterNames: ["application/pdf", "public.image"]))
        #expect(model.entries.map(\.name) == ["papers", "a.pdf", "b.png", "c.txt"])
        #expect(model.entries.map(\.isAvailable) == [true, true, false, false])
        let lines = model.render(lines: 30, columns: 100).map(\.text)
        #expect(lines.contains { $0.contains("a.pdf") && !$0.contains("unavailable") })
        #expect(lines.contains { $0.contains("c.txt") && $0.contains("unavailable") })
        #expect(lines.allSatisfy { TextLayout.width($0) <= 100 })
        let step = press([.down, .down, .down, .enter], &model)
        #expect(chosenPaths(step) == nil)
        #expect(model.message?.hasPrefix("unavailable: its type text/plain") == true)
        #expect(model.render(lines: 30, columns: 100)[27].text.contains("unavailable: its type text/plain"))
    }

    @Test("Tab switches to the next filter, and back round to the first")
    func tabSwitchesFilters() throws {
        var model = try picker(world(), PickerConfiguration(filterNames: ["application/pdf", "public.image"]))
        _ = model.handle(.tab)
        #expect(model.filterName == "public.image")
        #expect(model.entries.map(\.isAvailable) == [true, false, true, false])
        _ = model.handle(.tab)
        #expect(model.filter == 0)
    }

    @Test("Enter enters a folder and chooses a document; Backspace goes back with the folder highlighted")
    func navigation() throws {
        var model = try picker(world(), PickerConfiguration(filterNames: ["application/pdf"]))
        _ = model.handle(.enter)
        #expect(model.directory == "/docs/papers")
        _ = model.handle(.backspace)
        #expect(model.directory == "/docs" && model.currentEntry?.name == "papers")
        #expect(chosenPaths(press([.down, .enter], &model)) == ["/docs/a.pdf"])
    }

    @Test("with --multiple, Space selects and Enter returns every selected document, even across folders")
    func multipleSelection() throws {
        var model = try picker(world(), PickerConfiguration(filterNames: ["application/pdf", "public.image"], multiple: true))
        _ = press([.down, .character(" ")], &model)
        #expect(model.selection == ["/docs/a.pdf"])
        _ = press([.home, .enter, .character(" "), .backspace, .tab, .down, .down], &model)
        #expect(model.currentEntry?.name == "b.png")
        _ = model.handle(.character(" "))
        #expect(chosenPaths(model.handle(.enter)) == ["/docs/a.pdf", "/docs/papers/d.pdf", "/docs/b.png"])
    }

    @Test("a hides unavailable documents; s sorts by date and then size, folders first")
    func hidingAndSorting() throws {
        var model = try picker(world(), PickerConfiguration(filterNames: ["application/pdf"]))
        _ = model.handle(.character("a"))
        #expect(model.entries.map(\.name) == ["papers", "a.pdf"])
        _ = press([.character("a"), .character("s")], &model)
        #expect(model.entries.map(\.name) == ["papers", "a.pdf", "b.png", "c.txt"])
        _ = model.handle(.character("s"))
        #expect(model.entries.map(\.name) == ["papers", "b.png", "a.pdf", "c.txt"])
    }

    @Test("/ narrows the rows as typed and Enter keeps the narrowed rows with the first match highlighted")
    func search() throws {
        var model = try picker(world(), PickerConfiguration())
        _ = press([.character("/"), .character("P"), .character("n")], &model)
        #expect(model.list.isSearching)
        _ = model.handle(.enter)
        #expect(model.currentEntry?.name == "b.png")
        #expect(model.list.visible.count == 1)
        #expect(chosenPaths(model.handle(.enter)) == ["/docs/b.png"])
    }

    @Test("Esc and q cancel")
    func cancel() throws {
        var model = try picker(world(), PickerConfiguration())
        guard case .cancel = model.handle(.escape) else {
            Issue.record("Esc did not cancel")
            return
        }
        guard case .cancel = model.handle(.character("q")) else {
            Issue.record("q did not cancel")
            return
        }
    }

    @Test("export: the first row places here; n makes a folder and enters it; a taken name asks keep both, replace or skip")
    func exportWithClash() throws {
        let folders = world()
        var model = try picker(folders, PickerConfiguration(mode: .export, placing: ["/elsewhere/a.pdf", "/elsewhere/new.txt"]))
        #expect(model.entries.allSatisfy { $0.document.isDirectory || !$0.isAvailable })
        #expect(model.render(lines: 30, columns: 100)[2].text.contains("[Export here]"))
        _ = press([.character("n")] + "out".map { .character($0) } + [.enter], &model)
        #expect(folders.made == ["/docs/out"] && model.directory == "/docs/out")
        _ = press([.backspace, .home], &model)
        #expect(model.directory == "/docs")
        #expect(model.handle(.enter).isStay)
        #expect(model.prompt == .clash(pending: ["/elsewhere/a.pdf"], answers: [:]))
        guard case .finish(.destination(let directory, let clashes)) = model.handle(.character("r")) else {
            Issue.record("no destination")
            return
        }
        #expect(directory == "/docs" && clashes == ["/elsewhere/a.pdf": .replace])
    }

    @Test("save: Save here returns the path; an existing name asks to confirm with y")
    func save() throws {
        var model = try picker(world(), PickerConfiguration(mode: .save, fileName: "a.pdf"))
        #expect(model.handle(.enter).isStay)
        #expect(model.prompt == .confirmReplace(path: "/docs/a.pdf"))
        guard case .finish(.save("/docs/a.pdf", true)) = model.handle(.character("y")) else {
            Issue.record("no confirmed save")
            return
        }
        _ = press(
            [.character("e"), .backspace, .backspace, .backspace, .backspace, .backspace] + "new.odt".map { .character($0) }
                + [.enter], &model)
        guard case .finish(.save("/docs/new.odt", false)) = model.handle(.enter) else {
            Issue.record("no new save")
            return
        }
    }

    @Test(
        "save: '..', '.', a '/' or an empty name is never given back, whether it came with the request or was typed; the reason is shown",
        arguments: ["..", ".", "papers/x.pdf", ""])
    func saveRefusesNonNames(name: String) throws {
        let folders = world()
        // '..' and '.' exist in every folder: the old picker asked to replace them and gave back the folder.
        folders.add("/docs/..", type: "inode/directory")
        folders.add("/docs/.", type: "inode/directory")
        var model = try picker(folders, PickerConfiguration(mode: .save, fileName: name))
        var step = model.handle(.enter)
        if model.prompt != nil { step = model.handle(.character("y")) }
        #expect(step.isStay, "\(step)")
        #expect(model.message?.contains(FileName.problem(name)?.description ?? "?") == true, "\(model.message ?? "")")
        #expect(model.render(lines: 30, columns: 200).contains { $0.text.contains(FileName.problem(name)!.description) })

        var typed = try picker(folders, PickerConfiguration(mode: .save, fileName: "a.txt"))
        _ = press([.character("e"), .backspace, .backspace, .backspace, .backspace, .backspace], &typed)
        _ = press(name.map { .character($0) } + [.enter], &typed)
        #expect(typed.fileName == "a.txt", "a name that is none is not taken")
        #expect(typed.message?.contains(FileName.problem(name)!.description) == true, "\(typed.message ?? "")")
        step = typed.handle(.enter)
        guard case .finish(.save("/docs/a.txt", false)) = step else {
            Issue.record("the name kept is saved: \(step)")
            return
        }
    }

    @Test("a name with control characters is drawn escaped, and a resize redraws to the new size")
    func escapingAndResize() throws {
        let folders = FakeFolders()
        folders.add("/docs/bad\u{1B}[31mname.txt", type: "text/plain")
        var model = try picker(folders, PickerConfiguration())
        let lines = model.render(lines: 30, columns: 100).map(\.text)
        #expect(lines.contains { $0.contains("bad\\u{1b}[31mname.txt") })
        #expect(!lines.joined().contains("\u{1B}"))
        _ = model.handle(.resize(lines: 12, columns: 40))
        let small = model.render(lines: 12, columns: 40)
        #expect(small.count == 12 && small.allSatisfy { TextLayout.width($0.text) <= 40 })
    }
}

extension ScreenStep {
    var isStay: Bool {
        if case .stay = self { return true }
        return false
    }
}

@Suite("the picker's flat view")
struct PickerFlatViewTests {
    @Test("f lists every document under the folder by its path below, marked as the filter says, and f again the folder")
    func flat() throws {
        let folders = FakeFolders()
        folders.add("/docs/a.pdf", type: "application/pdf")
        folders.add("/docs/papers", type: "inode/directory")
        folders.add("/docs/papers/d.png", type: "image/png")
        var source = folders.source(prefixes: ["application/pdf"])
        source.listFlat = { path, _, limit in
            let documents = folders.folders.values.joined().filter { !$0.isDirectory && $0.path.hasPrefix(path + "/") }
                .sorted { $0.path < $1.path }
            let items = documents.prefix(limit).map {
                DocumentLister.Entry(directory: path + "/", name: String($0.path.dropFirst(path.count + 1)), isDirectory: false)
            }
            let byPath = Dictionary(uniqueKeysWithValues: documents.map { ($0.path, $0) })
            return .success((FolderListing(items: Array(items)) { byPath[$0.path]! }, documents.count > limit))
        }
        var model = try PickerModel(
            configuration: PickerConfiguration(filterNames: ["application/pdf"], showsUnavailable: true), source: source,
            directory: "/docs")
        _ = model.handle(.resize(lines: 30, columns: 100))
        #expect(model.entries.map(\.name) == ["papers", "a.pdf"])
        _ = model.handle(.character("f"))
        #expect(model.isFlat && model.entries.map(\.name) == ["a.pdf", "papers/d.png"])
        #expect(model.entries.map(\.isAvailable) == [true, false])
        #expect(model.render(lines: 30, columns: 100)[0].text.contains("flat"))
        _ = model.handle(.character("f"))
        #expect(!model.isFlat && model.entries.map(\.name) == ["papers", "a.pdf"])
    }
}
