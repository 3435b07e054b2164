import AssocTestSupport
import Foundation
import Testing

/// The real system database, read-only, with every other XDG variable inside a temporary tree.
func systemDatabaseEnvironment(_ tree: TemporaryXDGTree, extra: [String: String] = [:]) -> [String: String] {
    tree.variables(dataDirs: ["/usr/share"]).merging(extra) { $1 }
}

let hasSystemDatabase = FileManager.default.fileExists(atPath: "/usr/share/mime/packages/freedesktop.org.xml")

@Suite("assoc mime and assoc is-a, run as a process", .enabled(if: hasSystemDatabase))
struct MimeCommandTests {
    @Test("an alias prints its canonical type, with the fields of the contract")
    func aliasResolves() throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc(
            ["mime", "--json", "application/x-pdf"],
            environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "application/pdf")
        #expect((object["aliases"] as? [String])?.contains("application/x-pdf") == true)
        #expect((object["globs"] as? [String])?.contains("*.pdf") == true)
        for field in ["comment", "parents", "ancestors", "icon", "genericIcon"] {
            #expect(object[field] != nil, "missing field \(field)")
        }
    }

    @Test("every type gives the same JSON with --database xml and --database cache")
    func sourcesAgree() throws {
        let tree = try TemporaryXDGTree()
        let types = try String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(types.count > 500)
        let environment = systemDatabaseEnvironment(tree, extra: ["LC_ALL": "de_DE.UTF-8"])
        let xml = try ProcessRunner.assoc(["--database", "xml", "mime", "--json"] + types, environment: environment)
        let cache = try ProcessRunner.assoc(["--database=cache", "mime", "--json"] + types, environment: environment)
        #expect(xml.status == 0)
        #expect(xml.standardOutput.split(separator: "\n").count == types.count)
        #expect(xml.standardOutput == cache.standardOutput)
    }

    @Test("comments follow the locale")
    func localisedComment() throws {
        let tree = try TemporaryXDGTree()
        let german = try ProcessRunner.assoc(
            ["mime", "--json", "inode/directory"],
            environment: systemDatabaseEnvironment(tree, extra: ["LC_ALL": "de_DE.UTF-8"]))
        let plain = try ProcessRunner.assoc(
            ["mime", "--json", "inode/directory"],
            environment: systemDatabaseEnvironment(tree))
        #expect(german.standardOutput.contains("\"comment\":\"Ordner\""))
        #expect(plain.standardOutput.contains("\"comment\":\"folder\""))
    }

    @Test("an unknown type is exit 1 with a message, and the known ones are still printed")
    func unknownType() throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc(
            ["mime", "x-no/such-type", "text/plain"],
            environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 1)
        #expect(result.standardError.contains("unknown MIME type 'x-no/such-type'"))
        #expect(result.standardOutput.hasPrefix("text/plain\n"))
    }

    @Test(
        "is-a answers by exit status",
        arguments: [
            (["image/svg+xml", "text/plain"], 0), (["image/svg+xml", "application/xml"], 0),
            (["text/x-python", "text/plain"], 0), (["image/png", "image/*"], 0), (["image/png", "text/plain"], 1),
            (["inode/directory", "application/octet-stream"], 1), (["application/x-pdf", "application/pdf"], 0),
            (["image/png"], 2), (["notatype", "text/plain"], 2),
        ] as [([String], Int)])
    func isA(arguments: [String], expected: Int) throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc(["is-a"] + arguments, environment: systemDatabaseEnvironment(tree))
        #expect(Int(result.status) == expected)
    }
}

@Suite("help, version and usage errors")
struct HelpTests {
    @Test(
        "every command has --help, printed on standard output with status 0",
        arguments: [
            "mime", "is-a", "type", "explain", "default", "apps", "set", "unset", "add", "remove", "reset", "sync", "open",
        ])
    func subcommandHelp(command: String) throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc([command, "--help"], environment: tree.variables())
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: assoc \(command)"))
        #expect(FileManager.default.fileExists(atPath: Corpus.packageRoot + "/man/assoc-\(command).1"))
    }

    @Test("--version and --help")
    func versionAndHelp() throws {
        let tree = try TemporaryXDGTree()
        #expect(try ProcessRunner.assoc(["--version"], environment: tree.variables()).standardOutput.hasPrefix("assoc "))
        let help = try ProcessRunner.assoc(["--help"], environment: tree.variables())
        #expect(help.status == 0 && help.standardOutput.contains("Commands:"))
    }

    @Test(
        "usage errors are exit 2 and point at the help",
        arguments: [
            ["frobnicate"], ["mime"], ["mime", "--bogus", "text/plain"], ["--database", "sqlite", "mime", "text/plain"], [],
        ])
    func usageErrors(arguments: [String]) throws {
        let tree = try TemporaryXDGTree()
        let result = try ProcessRunner.assoc(arguments, environment: tree.variables())
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("assoc: "))
        #expect(result.standardError.contains("--help"))
    }
}
