import AssocTestSupport
import Associations
import Foundation
import Testing

@Suite("unified diffs", .enabled(if: Corpus.program("patch") != nil))
struct UnifiedDiffTests {
    static func numbered(_ count: Int) -> String {
        (1...count).map { "key\($0)=app\($0).desktop;\n" }.joined()
    }

    static let big = numbered(20_000)

    /// A pair of texts, named in the test's output by `name` (the texts may be 20,000 lines).
    struct DiffCase: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        var testDescription: String { name }
    }

    @Test(
        "patch(1) turns the old text into the new one",
        arguments: [
            DiffCase(name: "one line changed", old: "[A]\na=1\n", new: "[A]\na=2\n"),
            DiffCase(
                name: "changes, a removal and an addition",
                old: "[A]\na=1\nb=2\nc=3\nd=4\ne=5\nf=6\ng=7\nh=8\ni=9\nj=10\n",
                new: "[A]\na=1\nb=two\nc=3\nd=4\ne=5\nf=6\ng=7\nh=8\nj=10\nk=11\n"),
            DiffCase(name: "CRLF lines", old: "[A]\r\na=1\r\n", new: "[A]\r\na=1\r\nb=2\r\n"),
            DiffCase(name: "everything removed", old: "x\n", new: ""),
            DiffCase(
                name: "20,000 lines, one changed", old: big,
                new: big.replacingOccurrences(of: "key10000=app10000", with: "key10000=changed")),
            DiffCase(name: "20,000 lines, a line before and after", old: big, new: "[Default Applications]\n" + big + "tail=1\n"),
        ])
    func applies(_ test: DiffCase) throws {
        let (old, new) = (test.old, test.new)
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let diff = UnifiedDiff.make(old: old, new: new, path: "m.list")
        try tree.write("old.list", old)
        try tree.write("change.diff", diff)
        let result = try ProcessRunner.run(
            try #require(Corpus.program("patch")),
            ["-s", "-o", tree.path("new.list"), tree.path("old.list"), tree.path("change.diff")],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)\n\(diff.prefix(2000))")
        #expect(try String(contentsOfFile: tree.path("new.list"), encoding: .utf8) == new)
        // A change of one line in twenty thousand is a hunk of seven lines, not the whole file.
        if old.count > 100_000 { #expect(diff.split(separator: "\n").count < 20) }
    }

    @Test("a new file is diffed against /dev/null, and equal texts give nothing")
    func edges() {
        #expect(UnifiedDiff.make(old: nil, new: "[A]\n", path: "m.list") == "--- /dev/null\n+++ m.list\n@@ -0,0 +1,1 @@\n+[A]\n")
        #expect(UnifiedDiff.make(old: "[A]\n", new: "[A]\n", path: "m.list").isEmpty)
    }
}
