import DocumentProvider
import Testing

@Suite("numbered names for taken ones")
struct NumberedNameTests {
    @Test("the number goes before the extension, double extensions stay whole, numbers count on", arguments: [
        ("report.pdf", 1, "report.pdf"), ("report.pdf", 2, "report (2).pdf"), ("report.pdf", 3, "report (3).pdf"),
        ("archive.tar.gz", 2, "archive (2).tar.gz"), ("Archive.TAR.XZ", 2, "Archive (2).TAR.XZ"),
        ("README", 2, "README (2)"), (".profile", 2, ".profile (2)"), (".notes.txt", 2, ".notes (2).txt"),
        ("report (2).pdf", 2, "report (3).pdf"), ("report (9).pdf", 3, "report (11).pdf"), ("a (b).pdf", 2, "a (b) (2).pdf"),
        ("(2).pdf", 2, "(2) (2).pdf"), ("v1.2.3", 2, "v1.2 (2).3"),
    ])
    func names(name: String, attempt: Int, expected: String) {
        #expect(NumberedName.name(name, attempt: attempt) == expected)
    }
}
