import DocumentProvider
import Testing
import XDGSupport

@Suite("numbered names for taken ones")
struct NumberedNameTests {
    @Test(
        "the number goes before the extension, double extensions stay whole, numbers count on",
        arguments: [
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

@Suite("numbered names that would be too long")
struct LongNumberedNameTests {
    /// The number of bytes of a file name on disk.
    func bytes(_ name: String) -> Int { PathCoding.cString(name).count - 1 }

    @Test(
        "the stem is shortened by whole characters so that the number and the extension fit in 255 bytes",
        arguments: [("a", 251, ".txt"), ("é", 125, ".txt"), ("日", 83, ".pdf"), ("😀", 62, ".tar.gz"), ("b", 255, "")])
    func shortened(character: String, count: Int, suffix: String) {
        let name = String(repeating: character, count: count) + suffix
        #expect(bytes(name) <= 255)
        let numbered = NumberedName.name(name, attempt: 2)
        #expect(bytes(numbered) <= 255 && bytes(numbered) > 255 - 4 - character.utf8.count)
        #expect(numbered.hasSuffix(" (2)" + suffix))
        let stem = numbered.dropLast(" (2)".count + suffix.count)
        #expect(stem == String(repeating: character, count: stem.count) && !stem.isEmpty)
    }

    @Test("a name with room left keeps its whole stem")
    func roomLeft() {
        let name = String(repeating: "c", count: 240) + ".txt"
        #expect(NumberedName.name(name, attempt: 12) == String(repeating: "c", count: 240) + " (12).txt")
    }
}
