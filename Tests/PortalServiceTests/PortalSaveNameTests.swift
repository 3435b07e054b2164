import DocumentProvider
import PortalDialogs
import Testing
import XDGSupport

@testable import PortalService

@Suite("SaveFile and SaveFiles: the names saved are file names, and one save never gets the same URI twice")
struct PortalSaveNameTests {
    private func files(_ names: [[UInt8]]) -> [String: BusValue] {
        ["files": .array(element: "ay", names.map { .bytes($0 + [0]) })]
    }

    private func saveFiles(_ names: [String]) throws(PortalRefusal) -> DialogRequest {
        try PortalOptions.fileChooserRequest(
            kind: .saveFiles, appID: "", title: "", options: files(names.map(PathCoding.encode)), answerSocket: "",
            rememberedFolder: nil, home: "/home/u")
    }

    @Test("the same name twice is numbered as transfers do, so that each file has its own name")
    func duplicatesNumbered() throws {
        #expect(try saveFiles(["x.txt", "x.txt", "y.txt"]).files == ["x.txt", "x (2).txt", "y.txt"])
        #expect(try saveFiles(["a.txt", "b.txt"]).files == ["a.txt", "b.txt"])
    }

    @Test(
        "a name with '/', '..', '.', an empty one, one with NUL or over 255 bytes refuses the request, naming it and why",
        arguments: [
            (["a/x.txt", "b/x.txt"], "'a/x.txt': a file name cannot contain '/'"), (["ok", ".."], "'..': '..' names the parent"),
            (["/"], "'/': a file name cannot contain '/'"), (["q/"], "'q/'"), (["."], "'.' names the folder itself"),
            ([""], "a file name cannot be empty"), ([String(repeating: "a", count: 256)], "at most 255 bytes, this one 256"),
        ])
    func refused(names: [String], reason: String) {
        do {
            let request = try saveFiles(names)
            Issue.record("accepted as \(request.files)")
        } catch {
            #expect(error.kind == .invalidArguments)
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test("a NUL inside a name refuses the request (only the terminating NUL is taken off)")
    func nulInside() {
        #expect(throws: PortalRefusal.self) {
            try PortalOptions.fileChooserRequest(
                kind: .saveFiles, appID: "", title: "", options: files([Array("a".utf8) + [0] + Array("b".utf8)]),
                answerSocket: "", rememberedFolder: nil, home: "/")
        }
    }

    @Test("an answer that gives one URI twice, too few, or a folder's '..' or '.' is not passed on as a save")
    func answersChecked() {
        var request = DialogRequest(kind: .saveFiles, answerSocket: "")
        request.files = ["x.txt", "x (2).txt"]
        var answer = DialogAnswer(response: .chosen)
        answer.uris = ["file:///srv/x.txt", "file:///srv/x%20(2).txt"]
        #expect(PortalOptions.saveProblem(answer, to: request) == nil)
        answer.uris = ["file:///srv/x.txt", "file:///srv/x.txt"]
        #expect(PortalOptions.saveProblem(answer, to: request)?.contains("same URI twice") == true)
        answer.uris = ["file:///srv/x.txt"]
        #expect(PortalOptions.saveProblem(answer, to: request) != nil)
        request.kind = .saveFile
        for uri in ["file:///srv/..", "file:///srv/.", "file:///srv/", "file:///"] {
            answer.uris = [uri]
            #expect(PortalOptions.saveProblem(answer, to: request)?.contains("names no file") == true, "\(uri)")
        }
        answer.uris = ["file:///srv/report.pdf"]
        #expect(PortalOptions.saveProblem(answer, to: request) == nil)
        request.kind = .openFile
        answer.uris = ["file:///srv/", "file:///srv/"]
        #expect(PortalOptions.saveProblem(answer, to: request) == nil, "OpenFile answers are not saves")
    }
}
