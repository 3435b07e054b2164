import DocumentProvider
import Testing
import XDGSupport

@Suite("file names to save as: one rule, and names unique within one save")
struct FileNameTests {
    @Test(
        "empty, '.', '..', a '/', a NUL and more than 255 bytes are refused with the reason",
        arguments: [
            ("", FileName.Problem.empty), (".", .currentFolder), ("..", .parentFolder), ("a/x.txt", .slash), ("q/", .slash),
            ("/", .slash), ("a\u{0}b", .nul), (String(repeating: "é", count: 128), .tooLong(256)),
        ])
    func refused(name: String, problem: FileName.Problem) {
        #expect(FileName.problem(name) == problem)
        #expect(!problem.description.isEmpty)
    }

    @Test("ordinary, hidden, dotted and 255-byte names are file names")
    func accepted() {
        for name in ["report.pdf", ".profile", "...", "a..b", "x (2).txt", String(repeating: "a", count: 255), "caf\u{E9}"] {
            #expect(FileName.problem(name) == nil, "\(name)")
        }
    }

    @Test("a name given again is numbered as transfers number a taken name, past every name of the list")
    func unique() throws {
        #expect(try FileName.unique(["x.txt", "x.txt", "y", "x.txt"]) == ["x.txt", "x (2).txt", "y", "x (3).txt"])
        #expect(try FileName.unique(["x.txt", "x.txt", "x (2).txt"]) == ["x.txt", "x (3).txt", "x (2).txt"])
        #expect(try FileName.unique(["a", "b"]) == ["a", "b"])
        #expect(throws: FileName.ListProblem(index: 1, name: "b/x.txt", problem: .slash)) {
            try FileName.unique(["x.txt", "b/x.txt"])
        }
    }
}
