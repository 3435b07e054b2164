import AssocTestSupport
import PortalDialogs
import Testing
import XDGSupport

@testable import PortalService

@Suite("The portal's options to a dialog request, and a dialog's answer to the portal's results")
struct PortalOptionsTests {
    private func filterValue(_ name: String, _ patterns: [(UInt32, String)]) -> BusValue {
        .structure([.string(name), .array(element: "(us)", patterns.map { .structure([.uint32($0.0), .string($0.1)]) })])
    }

    private func nulTerminated(_ path: String) -> BusValue { .bytes(PathCoding.encode(path) + [0]) }

    @Test("filters, current_filter, choices, the flags and NUL-terminated paths become the request")
    func fileChooserRequest() throws {
        let filters = BusValue.array(
            element: "(sa(us))",
            [filterValue("PDF", [(1, "application/pdf")]), filterValue("Images", [(0, "*.png"), (1, "image/jpeg")])])
        let choices = BusValue.array(
            element: "(ssa(ss)s)",
            [
                .structure([
                    .string("encoding"), .string("Encoding"),
                    .array(element: "(ss)", [.structure([.string("utf8"), .string("Unicode")])]), .string("utf8"),
                ]),
                .structure([.string("reencode"), .string("Reencode"), .array(element: "(ss)", []), .string("false")]),
            ])
        let options: [String: BusValue] = [
            "filters": filters, "current_filter": filterValue("Images", [(0, "*.png"), (1, "image/jpeg")]),
            "choices": choices, "multiple": .boolean(true), "modal": .boolean(false), "accept_label": .string("_Pick"),
            "current_folder": nulTerminated("/srv/caf\u{E9}"),
        ]
        let request = try PortalOptions.fileChooserRequest(
            kind: .openFile, appID: "org.example.App", title: "Open", options: options, answerSocket: "/run/s",
            rememberedFolder: "/elsewhere", home: "/home/u")
        #expect(request.filters.map(\.name) == ["PDF", "Images"])
        #expect(request.filters[1].patterns == [.glob("*.png"), .mimeType("image/jpeg")])
        #expect(request.currentFilter == 1)
        #expect(request.choices.map(\.id) == ["encoding", "reencode"])
        #expect(request.choices[1].isCheckBox)
        #expect(request.multiple && !request.modal && request.acceptLabel == "_Pick")
        #expect(request.currentFolder == "/srv/caf\u{E9}")
        #expect(request.appID == "org.example.App" && request.answerSocket == "/run/s")
    }

    @Test("a current_filter that is not among the filters is appended; a relative current_folder is ignored")
    func appendedFilterAndFolders() throws {
        let options: [String: BusValue] = [
            "current_filter": filterValue("Text", [(1, "text/plain")]), "current_folder": nulTerminated("."),
            "multiple": .boolean(true),
        ]
        let save = try PortalOptions.fileChooserRequest(
            kind: .saveFile, appID: "", title: "", options: options, answerSocket: "", rememberedFolder: "/last", home: "/home/u")
        #expect(save.filters.map(\.name) == ["Text"] && save.currentFilter == 0)
        #expect(save.currentFolder == "/last")
        #expect(!save.multiple, "multiple is OpenFile's only")
        let fresh = try PortalOptions.fileChooserRequest(
            kind: .saveFile, appID: "", title: "", options: [:], answerSocket: "", rememberedFolder: nil, home: "/home/u")
        #expect(fresh.currentFolder == "/home/u")
    }

    @Test("results: normalised file URIs (others dropped), choices, the filter in use, writable for OpenFile only")
    func results() throws {
        var request = DialogRequest(kind: .openFile, answerSocket: "")
        request.filters = [DialogFilter(name: "PDF", patterns: [.mimeType("application/pdf")])]
        request.choices = [DialogChoice(id: "c", label: "C", options: [], initial: "false")]
        var answer = DialogAnswer(response: .chosen)
        answer.uris = ["file:///a%20b.pdf", "https://example.org/x", "file:///caf%C3%A9"]
        answer.choices = [.init(id: "c", value: "true")]
        answer.currentFilter = 0
        answer.writable = true
        let results = Dictionary(uniqueKeysWithValues: PortalOptions.results(for: answer, to: request))
        #expect(results["uris"] == .strings(["file:///a%20b.pdf", "file:///caf%C3%A9"]))
        #expect(results["choices"] == .array(element: "(ss)", [.structure([.string("c"), .string("true")])]))
        #expect(results["current_filter"] == filterValue("PDF", [(1, "application/pdf")]))
        #expect(results["writable"] == .boolean(true))
        #expect(PortalOptions.results(for: .cancelled, to: request).isEmpty)
        request.kind = .saveFile
        #expect(PortalOptions.results(for: answer, to: request).allSatisfy { $0.0 != "writable" })
        #expect(PortalOptions.chosenFolder(of: answer, to: request) == "/")
    }

    @Test("ChooseApplication: choices, last_choice and the shown details become the request; choice the result")
    func appChooser() throws {
        let request = try PortalOptions.appChooserRequest(
            appID: "", choices: ["org.gnome.Evince", "okular"],
            options: [
                "last_choice": .string("okular"), "content_type": .string("application/pdf"), "uri": .string("https://x/y.pdf"),
            ],
            answerSocket: "/s")
        #expect(request.kind == .chooseApplication && request.applications == ["org.gnome.Evince", "okular"])
        #expect(request.lastChoice == "okular" && request.contentType == "application/pdf" && request.uri == "https://x/y.pdf")
        var answer = DialogAnswer(response: .chosen)
        answer.choice = "okular"
        #expect(PortalOptions.results(for: answer, to: request).map(\.0) == ["choice"])
    }

    @Test("the signatures of the bus values are the portal's")
    func signatures() {
        #expect(filterValue("a", []).signature == "(sa(us))")
        #expect(BusValue.vardict([("uris", .strings([]))]).signature == "a{sv}")
        #expect(BusValue.array(element: "ay", [.bytes([0])]).signature == "aay")
    }

    @Test("portal.conf: Terminal= split by the Exec quoting rules; errors name the file and line")
    func settings() throws {
        let parsed = try PortalSettings.parse(Array("[Portal]\nTerminal=tmux -L \"my socket\" new-window\n".utf8), path: "p.conf")
        #expect(parsed.terminal == ["tmux", "-L", "my socket", "new-window"])
        #expect(try PortalSettings.parse(Array("[Other]\nTerminal=x\n".utf8), path: "p.conf").terminal == nil)
        #expect(throws: PortalSettings.Failure.self) {
            try PortalSettings.parse(Array("[Portal]\nTerminal=\"open\n".utf8), path: "p.conf")
        }
        do {
            _ = try PortalSettings.parse(Array("[Portal]\nTerminal=\"open\n".utf8), path: "p.conf")
        } catch {
            #expect(error.description.hasPrefix("p.conf:2: "))
        }
    }

    @Test("the folder memory keeps one folder per application, atomically, and forgets folders that are gone")
    func folderMemory() throws {
        let tree = try TemporaryXDGTree()
        let memory = FolderMemory(environment: tree.environment())
        let folder = try tree.makeDirectory("docs/caf\u{E9} ü")
        try memory.remember(folder, for: "org.example.App")
        try memory.remember("/", for: "")
        #expect(memory.folder(for: "org.example.App") == folder)
        #expect(memory.folder(for: "") == "/")
        #expect(memory.folder(for: "org.other.App") == nil)
        try memory.remember(tree.path("gone"), for: "org.example.App")
        #expect(memory.folder(for: "org.example.App") == nil)
    }
}
