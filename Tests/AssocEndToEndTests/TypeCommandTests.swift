import AssocTestSupport
import Foundation
import Testing

@Suite("assoc type and assoc explain, run as a process", .enabled(if: hasSystemDatabase))
struct TypeCommandTests {
    @Test("PATH: TYPE lines, -b, and JSON with source and uncertain")
    func outputForms() throws {
        let tree = try TemporaryXDGTree()
        let pdf = try tree.write("files/a.pdf", "%PDF-1.4\n")
        let text = try tree.write("files/notes", "just words\n")
        let environment = systemDatabaseEnvironment(tree)
        let plain = try ProcessRunner.assoc(["type", pdf, text], environment: environment)
        #expect(plain.standardOutput == "\(pdf): application/pdf\n\(text): text/plain\n")
        let brief = try ProcessRunner.assoc(["type", "-b", pdf], environment: environment)
        #expect(brief.standardOutput == "application/pdf\n")
        let json = try ProcessRunner.assoc(["type", "--json", text], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["path"] as? String == text)
        #expect(object["type"] as? String == "text/plain")
        #expect(object["source"] as? String == "text-test")
        #expect(object["uncertain"] as? Bool == true)
    }

    @Test("an unreadable path is an error for that path; the rest are typed; exit 2")
    func partialFailure() throws {
        let tree = try TemporaryXDGTree()
        let pdf = try tree.write("a.pdf", "%PDF-1.4\n")
        let result = try ProcessRunner.assoc(["type", tree.path("missing"), pdf], environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 2)
        #expect(result.standardError.contains("cannot read '\(tree.path("missing"))'"))
        #expect(result.standardOutput == "\(pdf): application/pdf\n")
    }

    @Test("--name-only works for paths that do not exist; --content-only ignores the name; '-' reads stdin")
    func modes() throws {
        let tree = try TemporaryXDGTree()
        let environment = systemDatabaseEnvironment(tree)
        let named = try ProcessRunner.assoc(["type", "-b", "--name-only", "/nowhere/report.odt"], environment: environment)
        #expect(named.standardOutput == "application/vnd.oasis.opendocument.text\n")
        let disguised = try tree.write("photo.png", "%PDF-1.4\n")
        let content = try ProcessRunner.assoc(["type", "-b", "--content-only", disguised], environment: environment)
        #expect(content.standardOutput == "application/pdf\n")
        let stdin = try ProcessRunner.assoc(["type", "-"], environment: environment, input: Array("%PDF-1.7\n".utf8))
        #expect(stdin.standardOutput == "-: application/pdf\n")
        let both = try ProcessRunner.assoc(["type", "--name-only", "--content-only", "x"], environment: environment)
        #expect(both.status == 2)
    }

    @Test("-r types every file below a directory, in name order")
    func recursive() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("top/b.txt", "b\n")
        try tree.write("top/sub/a.pdf", "%PDF-1.4\n")
        try tree.write("top/a.html", "<html></html>\n")
        let result = try ProcessRunner.assoc(["type", "-r", tree.path("top")], environment: systemDatabaseEnvironment(tree))
        #expect(
            result.standardOutput.split(separator: "\n").map { String($0.dropFirst(tree.path("top").count + 1)) }
                == ["a.html: text/html", "b.txt: text/plain", "sub/a.pdf: application/pdf"])
    }

    @Test("explain names the glob candidates, their directory, and what GIO would say")
    func explain() throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write("archive.tar.gz", bytes: [0x1F, 0x8B, 8, 0])
        let result = try ProcessRunner.assoc(["explain", path], environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "glob candidate: *.tar.gz → application/x-compressed-tar (weight 50) from /usr/share/mime"))
        #expect(result.standardOutput.contains("glob discarded: *.gz"))
        #expect(result.standardOutput.contains("result: application/x-compressed-tar"))
        #expect(result.standardOutput.contains("GIO"))
    }
}
