import AssocTestSupport
import Foundation
import Testing

/// A pattern that matches without regard to case is shown as its package wrote it, whichever
/// source the database is read from (shared-mime-info specification, "The glob files": matching
/// ignores case, the pattern does not change).
@Suite("glob patterns keep their spelling in mime and explain", .enabled(if: Corpus.program("update-mime-database") != nil))
struct PatternSpellingTests {
    static let package = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="text/x-assoc-notes">
            <comment>notes</comment>
            <sub-class-of type="text/plain"/>
            <glob pattern="NOTES*" weight="60"/>
            <glob pattern="*.NoTeS"/>
            <glob pattern="*.Cs" case-sensitive="true"/>
          </mime-type>
        </mime-info>
        """

    @Test("mime --json and explain, from the XML and from the cache", arguments: ["xml", "cache"])
    func spelling(database: String) throws {
        let tree = try TemporaryXDGTree()
        try tree.installMIMEPackages([try tree.write("pkg/notes.xml", Self.package)], compile: true)
        let environment = tree.variables()
        let mime = try ProcessRunner.assoc(
            ["--database", database, "mime", "--json", "text/x-assoc-notes"], environment: environment)
        #expect(mime.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(mime.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object["globs"] as? [String] ?? []) == ["NOTES*", "*.NoTeS", "*.Cs"], "\(mime.standardOutput)")
        let text = try ProcessRunner.assoc(["--database", database, "mime", "text/x-assoc-notes"], environment: environment)
        #expect(text.standardOutput.contains("NOTES*") && text.standardOutput.contains("*.NoTeS"), "\(text.standardOutput)")
        for (name, pattern) in [("notes-2024", "NOTES*"), ("week.notes", "*.NoTeS"), ("Week.NOTES", "*.NoTeS")] {
            let path = try tree.write(name, "plain words\n")
            let explain = try ProcessRunner.assoc(
                ["--database", database, "explain", "--no-resolve", path], environment: environment)
            #expect(explain.status == 0)
            #expect(
                explain.standardOutput.contains("glob candidate: \(pattern) → text/x-assoc-notes"),
                "\(name): \(explain.standardOutput)")
        }
    }
}
