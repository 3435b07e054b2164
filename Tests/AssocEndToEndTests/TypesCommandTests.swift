import AssocTestSupport
import Foundation
import Testing

@Suite("assoc types update, run as a process")
struct TypesCommandTests {
    static let package = """
        <?xml version="1.0"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="application/x-assoc-test">
            <comment>Test</comment>
            <glob pattern="*.assoctest"/>
          </mime-type>
        </mime-info>
        """

    @Test("compiles $XDG_DATA_HOME/mime by default; --newer then finds it up to date; assoc type reads the result")
    func defaultDirectory() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("data/mime/packages/test.xml", Self.package)
        let environment = tree.variables().merging(["PKGSYSTEM_ENABLE_FSYNC": "0"]) { $1 }
        let compiled = try ProcessRunner.assoc(["types", "update"], environment: environment)
        #expect(compiled.status == 0, "\(compiled.standardError)")
        #expect(compiled.standardOutput == tree.path("data/mime") + ": 1 type from 1 package\n")
        #expect(FileManager.default.fileExists(atPath: tree.path("data/mime/mime.cache")))
        #expect(FileManager.default.fileExists(atPath: tree.path("data/mime/application/x-assoc-test.xml")))
        let again = try ProcessRunner.assoc(["types", "update", "--newer"], environment: environment)
        #expect(again.status == 0)
        #expect(again.standardOutput.hasSuffix(": up to date\n"))
        let typed = try ProcessRunner.assoc(
            ["--database", "cache", "type", "--name-only", "x.assoctest"], environment: environment)
        #expect(typed.standardOutput.contains("application/x-assoc-test"), "\(typed.standardOutput) \(typed.standardError)")
    }

    @Test("a broken package is reported with its file and line, the others compiled, and the exit status is 2")
    func brokenPackage() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("db/packages/a.xml", Self.package)
        let broken = try tree.write(
            "db/packages/b.xml", "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n<mime-type>\n")
        let result = try ProcessRunner.assoc(["types", "update", tree.path("db")], environment: tree.variables())
        #expect(result.status == 2)
        #expect(result.standardError.contains(broken + ":3: not well-formed XML"), "\(result.standardError)")
        #expect(result.standardOutput.contains("1 type from 2 packages, 1 left out"))
        #expect(try String(contentsOfFile: tree.path("db/types"), encoding: .utf8) == "application/x-assoc-test\n")
    }

    @Test("a usage error names the action", arguments: [["types"], ["types", "upgrade"], ["types", "update", "a", "b"]])
    func usage(arguments: [String]) throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc(arguments, environment: tree.variables())
        #expect(result.status == 2)
        #expect(result.standardError.contains("assoc: "))
    }

    @Test("a missing directory is an error")
    func missingDirectory() throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc(["types", "update", tree.path("none")], environment: tree.variables())
        #expect(result.status == 2)
        #expect(result.standardError.contains("does not exist"))
    }
}
