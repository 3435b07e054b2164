import DocumentProvider
import Foundation
import MIMEDatabase
import PortalDialogs
import Testing
import XDGSupport

@testable import TerminalUI

/// A made-up folder for the portal's picker: `/home/u/docs` with a few documents and a folder.
private func portalSource(existing: Set<String> = []) -> PickerSource {
    func document(_ name: String, _ type: String) -> Document {
        Document(
            path: "/home/u/docs/" + name, type: type, isDirectory: type == "inode/directory", size: 10, modifiedSeconds: 1,
            location: .local, available: true)
    }
    let listing = [
        document("papers", "inode/directory"), document("a.pdf", "application/pdf"), document("b.png", "image/png"),
        document("c.jpg", "image/jpeg"), document("D.PNG", "image/png"), document("e.txt", "text/plain"),
    ]
    return PickerSource(
        list: { path, _ in
            path == "/home/u/docs"
                ? .success(FolderListing(documents: listing))
                : path == "/home/u/docs/papers" ? .success(FolderListing(documents: [])) : .failure(PickerProblem("no \(path)"))
        },
        nonConformance: { _, _ in nil }, makeDirectory: { _ in nil },
        exists: { path in existing.contains(path) || listing.contains { $0.path == path } }, now: 2)
}

private let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"])
private let hasDatabase = FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")

/// A request of `kind` with the issue's filters.
private func request(_ kind: DialogRequest.Kind, _ change: (inout DialogRequest) -> Void = { _ in }) -> DialogRequest {
    var request = DialogRequest(kind: kind, answerSocket: "/run/test.sock")
    request.filters = [
        DialogFilter(name: "PDF", patterns: [.mimeType("application/pdf")]),
        DialogFilter(name: "Images", patterns: [.glob("*.png"), .mimeType("image/jpeg")]),
    ]
    request.currentFolder = "/home/u/docs"
    change(&request)
    return request
}

/// The dialog over the made-up folder, sized, as `assoc pick --portal-request` builds it.
private func screen(_ request: DialogRequest, existing: Set<String> = []) throws -> PortalPickerScreen {
    let plan = PortalPickPlan(request, home: "/home/u", workingDirectory: "/", database: database)
    var source = portalSource(existing: existing)
    source.documentNonConformance = { plan.nonConformance($0, filter: $1) }
    // These tests read the unavailable rows: shown from the start, as `a` shows them.
    var configuration = plan.configuration
    configuration.showsUnavailable = true
    let picker = try PickerModel(configuration: configuration, source: source, directory: plan.directory)
    var screen = PortalPickerScreen(request: request, plan: plan, picker: picker, exists: source.exists)
    _ = screen.handle(.resize(lines: 30, columns: 120))
    return screen
}

/// Moves the highlight to the row named `name`.
private func highlight(_ name: String, in screen: inout PortalPickerScreen) {
    for _ in 0..<20 where screen.picker.currentEntry?.name != name { _ = screen.handle(.down) }
}

@Suite("the portal's file dialog as a model", .enabled(if: hasDatabase))
struct PortalDialogModelTests {
    @Test("OpenFile: the filters are the picker's list with their labels, current_filter current, the accept label named")
    func openPlan() {
        let plan = PortalPickPlan(
            request(.openFile) {
                $0.currentFilter = 1
                $0.acceptLabel = "_Attach"
                $0.multiple = true
            }, home: "/home/u", workingDirectory: "/", database: database)
        #expect(plan.configuration.mode == .open && plan.configuration.multiple && !plan.configuration.choosesDirectories)
        #expect(plan.configuration.filterNames == ["PDF", "Images"] && plan.configuration.initialFilter == 1)
        #expect(plan.acceptLabel == "Attach" && plan.configuration.title == "Open File")
        #expect(plan.directory == "/home/u/docs")
        let folder = PortalPickPlan(
            request(.openFile) {
                $0.directory = true
                $0.currentFolder = nil
            }, home: "/home/u", workingDirectory: "/", database: database)
        #expect(
            folder.configuration.choosesDirectories && folder.directory == "/home/u" && folder.acceptLabel == "Choose this folder"
        )
    }

    @Test("SaveFile: current_name and current_folder, or current_file's name and folder; SaveFiles chooses a folder")
    func savePlans() {
        let named = PortalPickPlan(
            request(.saveFile) {
                $0.currentName = "report.pdf"
                $0.currentFolder = "/home/u/docs/./papers/.."
            }, home: "/home/u",
            workingDirectory: "/", database: database)
        #expect(named.configuration.mode == .save && named.configuration.fileName == "report.pdf")
        #expect(named.directory == "/home/u/docs" && named.configuration.actionLabel == "Save here")
        let again = PortalPickPlan(
            request(.saveFile) {
                $0.currentFile = "/home/u/docs/papers/old.odt"
                $0.currentFolder = nil
            }, home: "/home/u",
            workingDirectory: "/", database: database)
        #expect(again.configuration.fileName == "old.odt" && again.directory == "/home/u/docs/papers")
        let several = PortalPickPlan(
            request(.saveFiles) {
                $0.files = ["a.txt", "b.txt"]
                $0.title = "Export"
            }, home: "/home/u", workingDirectory: "/",
            database: database)
        #expect(several.configuration.mode == .export && several.configuration.placing == ["a.txt", "b.txt"])
        #expect(several.configuration.title == "Export" && several.configuration.actionLabel == "Save here")
    }

    @Test("the Images filter takes b.png by its glob and c.jpg by its type; D.PNG and the others are unavailable")
    func filters() throws {
        var dialog = try screen(request(.openFile) { $0.currentFilter = 1 })
        let unavailable = Dictionary(uniqueKeysWithValues: dialog.picker.entries.map { ($0.name, !$0.isAvailable) })
        #expect(unavailable == ["papers": false, "a.pdf": true, "b.png": false, "c.jpg": false, "D.PNG": true, "e.txt": true])
        _ = dialog.handle(.tab)
        #expect(dialog.picker.entries.filter(\.isAvailable).map(\.name) == ["papers", "a.pdf"])
    }

    @Test("the answer: normalised file URIs, writable for OpenFile, the filter in use, the choices' values")
    func openAnswer() throws {
        var dialog = try screen(
            request(.openFile) {
                $0.choices = [DialogChoice(id: "ro", label: "Read only", options: [], initial: "true")]
            })
        _ = dialog.handle(.tab)
        highlight("c.jpg", in: &dialog)
        guard case .finish(let answer) = dialog.handle(.enter) else {
            Issue.record("Enter on c.jpg did not answer")
            return
        }
        #expect(answer.response == .chosen && answer.uris == ["file:///home/u/docs/c.jpg"])
        #expect(answer.writable && answer.currentFilter == 1 && answer.choices == [.init(id: "ro", value: "true")])
        #expect(answer.line.hasPrefix("{\"response\":0,\"uris\":[\"file:///home/u/docs/c.jpg\"]"))
    }

    @Test("o changes the options: a combo cycles both ways, a check box toggles; Enter ends the changing")
    func choices() throws {
        var dialog = try screen(
            request(.saveFile) {
                $0.currentName = "new.txt"
                $0.choices = [
                    DialogChoice(
                        id: "enc", label: "_Encoding",
                        options: [.init(id: "u", label: "UTF-8"), .init(id: "l", label: "Latin-1")],
                        initial: "nonsense"),
                    DialogChoice(id: "bom", label: "Byte order mark", options: [], initial: "maybe"),
                ]
            })
        #expect(dialog.choices.summary == "Encoding: UTF-8  [ ] Byte order mark", "an unknown initial value starts at the first")
        _ = dialog.handle(.character("o"))
        _ = dialog.handle(.left)
        #expect(dialog.choices.summary == ">Encoding: Latin-1<  [ ] Byte order mark")
        _ = dialog.handle(.tab)
        _ = dialog.handle(.character(" "))
        _ = dialog.handle(.character("q"))
        #expect(dialog.choices.focus == nil && dialog.choices.summary == "Encoding: Latin-1  [x] Byte order mark")
        let lines = dialog.render(lines: 30, columns: 120).map(\.text)
        #expect(
            lines.last?.contains("Enter: Save here  ·  Tab type: PDF  ·  o options: Encoding: Latin-1  [x] Byte order mark")
                == true,
            "\(lines.last ?? "")")
        _ = dialog.handle(.tab)
        #expect(dialog.render(lines: 30, columns: 120).last?.text.contains("Tab type: Images") == true)
        guard case .finish(let answer) = dialog.handle(.enter) else {
            Issue.record("Enter on Save here did not answer")
            return
        }
        #expect(answer.uris == ["file:///home/u/docs/new.txt"] && !answer.writable && answer.currentFilter == 1)
        #expect(answer.choices == [.init(id: "enc", value: "l"), .init(id: "bom", value: "true")])
    }

    @Test("SaveFiles: one URI per name in the folder shown; each existing name is confirmed with y, and n saves nothing")
    func saveFiles() throws {
        var dialog = try screen(request(.saveFiles) { $0.files = ["a.pdf", "new.txt", "e.txt"] })
        #expect(dialog.handle(.enter).isStay)
        #expect(dialog.pendingReplacements == ["/home/u/docs/a.pdf", "/home/u/docs/e.txt"])
        #expect(dialog.render(lines: 30, columns: 120).last?.text.hasPrefix("'a.pdf' exists here. Replace it? (y/n)") == true)
        _ = dialog.handle(.character("n"))
        #expect(dialog.pendingReplacements.isEmpty && dialog.message == "nothing saved")
        _ = dialog.handle(.enter)
        _ = dialog.handle(.character("y"))
        guard case .finish(let answer) = dialog.handle(.character("y")) else {
            Issue.record("two confirmations did not answer")
            return
        }
        #expect(answer.uris == ["a.pdf", "new.txt", "e.txt"].map { "file:///home/u/docs/" + $0 })
        // Entering a folder moves where they go.
        var inner = try screen(request(.saveFiles) { $0.files = ["x"] })
        highlight("papers", in: &inner)
        _ = inner.handle(.enter)
        _ = inner.handle(.home)
        guard case .finish(let moved) = inner.handle(.enter) else {
            Issue.record("Save here in papers did not answer")
            return
        }
        #expect(moved.uris == ["file:///home/u/docs/papers/x"])
    }

    @Test("Esc cancels; a name with bytes that are not UTF-8 is percent-encoded byte for byte")
    func cancelAndBytes() throws {
        var dialog = try screen(request(.openFile))
        #expect(dialog.handle(.escape).isCancel)
        let name = "caf" + PathCoding.decode([0xE9]) + " x.txt"
        #expect(dialog.answer(uris: ["/home/u/" + name]).uris == ["file:///home/u/caf%E9%20x.txt"])
    }
}

extension ScreenStep {
    var isCancel: Bool {
        if case .cancel = self { return true }
        return false
    }
}
