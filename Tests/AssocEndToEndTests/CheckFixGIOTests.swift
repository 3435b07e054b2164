import AssocTestSupport
import Foundation
import Testing

/// `assoc check --fix` must leave what GIO answers as it was: every type answers with the same
/// default, and every type but the one fixed and its subtypes (which inherit an association the
/// fix adds) with the same registered and recommended applications.
@Suite("check --fix keeps GIO's answers", .enabled(if: Corpus.program("gio") != nil))
struct CheckFixGIOTests {
    static let types = ["application/pdf", "application/x-pdf", "text/plain", "text/markdown", "image/png"]

    /// One list per kind of safe fix, and the type it fixes.
    static let lists: [(String, String)] = [
        (
            "[Default Applications]\nApplication/PDF=a.desktop;\napplication/pdf=b.desktop;\n",
            "application/pdf"
        ),
        (
            "[Default Applications]\napplication/x-pdf=a.desktop;\napplication/pdf=b.desktop;\n",
            "application/pdf"
        ),
        ("[Added Associations]\nApplication/PDF=a.desktop;\napplication/pdf=b.desktop;\n", "application/pdf"),
        ("[Default Applications]\ntext/plain=a.desktop;\n", "text/plain"),
        (
            "[Added Associations]\napplication/pdf=b.desktop;\n[Removed Associations]\napplication/pdf=b.desktop;a.desktop;\n",
            "application/pdf"
        ),
    ]

    private func world(list: String) throws -> (TemporaryXDGTree, [String: String]) {
        let tree = try TemporaryXDGTree()
        try tree.linkSystemMIMEDatabase()
        for (name, types) in [
            ("a", "application/pdf;"), ("b", "application/pdf;"), ("c", "text/plain;image/png;"),
        ] {
            try tree.write("usr-share/applications/\(name).desktop", CheckFixtures.entry(name, types: types))
        }
        try tree.write(
            "usr-share/applications/mimeinfo.cache",
            "[MIME Cache]\napplication/pdf=a.desktop;b.desktop;\nimage/png=c.desktop;\ntext/plain=c.desktop;\n"
        )
        try tree.write("config/mimeapps.list", list)
        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
        variables["PATH"] = "/usr/bin:/bin"
        return (tree, variables)
    }

    private func gioAnswers(_ variables: [String: String]) throws -> [String: String] {
        let gio = try #require(Corpus.program("gio"))
        var answers: [String: String] = [:]
        for type in Self.types {
            answers[type] = try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput
        }
        return answers
    }

    private func defaultLine(_ output: String?) -> String? {
        output?.split(separator: "\n").first.map(String.init)
    }

    @Test("each kind of fix: gio mime answers the same after it", arguments: lists)
    func fixKeepsGIO(list: String, fixed: String) throws {
        let (tree, variables) = try world(list: list)
        defer { withExtendedLifetime(tree) {} }
        let before = try gioAnswers(variables)
        _ = try ProcessRunner.assoc(["check", "--fix"], environment: variables)
        let after = try gioAnswers(variables)
        #expect(
            try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) != list,
            "no fix applied")
        for type in Self.types {
            #expect(
                defaultLine(after[type]) == defaultLine(before[type]),
                "\(type): \(before[type] ?? "") → \(after[type] ?? "")")
            let inherits = try ProcessRunner.assoc(["is-a", type, fixed], environment: variables).status == 0
            if !inherits {
                #expect(
                    after[type] == before[type],
                    "\(type) changed: \(before[type] ?? "") → \(after[type] ?? "")")
            }
        }
    }
}
