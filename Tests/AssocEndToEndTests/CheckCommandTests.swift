import AssocTestSupport
import Foundation
import Testing

/// A sound configuration whose user's list has exactly the three problems --fix repairs.
func fixableWorld() throws -> TemporaryXDGTree {
    let tree = try CheckFixtures.clean()
    try tree.write(
        "config/mimeapps.list",
        """
        # my defaults
        [Default Applications]
        application/x-pdf=viewer.desktop;
        application/zip=editor.desktop;

        [Added Associations]
        text/plain=editor.desktop;

        [Removed Associations]
        text/plain=editor.desktop;
        """ + "\n")
    return tree
}

@Suite("assoc check, run as a process", .enabled(if: CheckFixtures.available))
struct CheckCommandTests {
    @Test("a sound configuration: no problems found, exit 0")
    func clean() throws {
        let tree = try CheckFixtures.clean()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(["check"], environment: CheckFixtures.variables(tree))
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput == "no problems found\n")
        #expect(result.standardError.isEmpty)
        let json = try ProcessRunner.assoc(["check", "--json"], environment: CheckFixtures.variables(tree))
        #expect(json.status == 0 && json.standardOutput.isEmpty)
    }

    @Test("every planted problem is printed as FILE:LINE: SEVERITY: MESSAGE [KIND] with a fix; exit 1")
    func planted() throws {
        let tree = try CheckFixtures.planted()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(["check"], environment: CheckFixtures.variables(tree))
        #expect(result.status == 1)
        let list = tree.path("config/mimeapps.list")
        for (kind, line) in CheckFixtures.plantedLines {
            #expect(result.standardOutput.contains("\(list):\(line): "), "\(kind)")
            #expect(result.standardOutput.contains("[\(kind)]\n  fix"), "\(kind)")
        }
        #expect(result.standardOutput.contains("\(list):5: error: [Default Applications] text/html names 'evince.deskto'"))
        #expect(result.standardOutput.hasSuffix("notes\n") || result.standardOutput.hasSuffix("note\n"))
    }

    @Test("--json prints the fields of the contract on every line")
    func json() throws {
        let tree = try CheckFixtures.planted()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(["check", "--json"], environment: CheckFixtures.variables(tree))
        #expect(result.status == 1)
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count > 20)
        for object in objects {
            #expect(["error", "warning", "note"].contains(object["severity"] as? String))
            #expect(object["path"] is String && object["message"] is String && object["kind"] is String)
            #expect(object["line"] is Int || object["line"] is NSNull)
            #expect(object["fix"] is String || object["fix"] is NSNull)
            #expect(object["fixable"] is Bool)
        }
        let addedAndRemoved = try #require(objects.first { $0["kind"] as? String == "added-and-removed" })
        #expect(addedAndRemoved["line"] as? Int == 20)
        #expect(addedAndRemoved["fixable"] as? Bool == true)
    }

    @Test("--fix --dry-run shows the diff of the safe fixes and writes nothing")
    func dryRun() throws {
        let tree = try fixableWorld()
        defer { withExtendedLifetime(tree) {} }
        let list = tree.path("config/mimeapps.list")
        let before = try String(contentsOfFile: list, encoding: .utf8)
        let result = try ProcessRunner.assoc(["check", "--fix", "--dry-run"], environment: CheckFixtures.variables(tree))
        #expect(result.status == 1, "the problems are still there: \(result.standardOutput)")
        #expect(result.standardOutput.contains("--- \(list)\n+++ \(list)\n@@ "))
        #expect(result.standardOutput.contains("\n-application/x-pdf=viewer.desktop;\n+application/pdf=viewer.desktop;\n"))
        #expect(result.standardOutput.contains("\n+application/zip=editor.desktop;\n"))
        #expect(result.standardOutput.contains("\n-text/plain=editor.desktop;\n"))
        #expect(try String(contentsOfFile: list, encoding: .utf8) == before)
    }

    @Test("--fix repairs the list through the editing path, changing only the lines it must")
    func fix() throws {
        let tree = try fixableWorld()
        defer { withExtendedLifetime(tree) {} }
        let variables = CheckFixtures.variables(tree)
        let result = try ProcessRunner.assoc(["check", "--fix"], environment: variables)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let list = tree.path("config/mimeapps.list")
        #expect(
            result.standardOutput == """
                \(list):
                  - application/x-pdf=viewer.desktop; (in [Default Applications])
                  + application/pdf=viewer.desktop; (in [Default Applications])
                  + application/zip=editor.desktop; (in [Added Associations])
                  - text/plain=editor.desktop; (in [Removed Associations])
                no problems found
                fixed 3 problems
                """ + "\n", "the lines the fixes changed, then what is left")
        #expect(
            try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == """
                # my defaults
                [Default Applications]
                application/pdf=viewer.desktop;
                application/zip=editor.desktop;

                [Added Associations]
                text/plain=editor.desktop;
                application/zip=editor.desktop;

                [Removed Associations]
                """ + "\n")
        let again = try ProcessRunner.assoc(["check"], environment: variables)
        #expect(again.status == 0 && again.standardOutput == "no problems found\n")
        #expect(
            try ProcessRunner.assoc(["default", "application/zip"], environment: variables).standardOutput == "editor.desktop\n")
    }

    @Test("a read-only list is not written: the change is printed, exit 2")
    func readOnly() throws {
        let tree = try CheckFixtures.planted()
        defer { withExtendedLifetime(tree) {} }
        let target = tree.path("config/real-mimeapps.list")
        // Without the line GLib refuses: a list GIO ignores is refused for that first.
        let readable = try String(contentsOfFile: target, encoding: .utf8).replacingOccurrences(
            of: "this line is not a key and a value\n", with: "")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        try readable.write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target)
        let before = try String(contentsOfFile: target, encoding: .utf8)
        let result = try ProcessRunner.assoc(["check", "--fix"], environment: CheckFixtures.variables(tree))
        #expect(result.status == 2)
        #expect(result.standardError.contains("read-only"))
        #expect(result.standardOutput.contains("+++ "))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == before)
    }

    @Test(
        "usage errors exit 2; --help prints the usage and the man page exists",
        arguments: [
            ["check", "--dry-run"], ["check", "extra"], ["check", "--json", "--fix", "--dry-run"], ["check", "--frobnicate"],
        ])
    func usage(arguments: [String]) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(arguments, environment: tree.variables())
        #expect(result.status == 2)
        #expect(result.standardError.contains("See 'assoc check --help'."))
        let help = try ProcessRunner.assoc(["check", "--help"], environment: tree.variables())
        #expect(help.status == 0 && help.standardOutput.hasPrefix("Usage: assoc check"))
        #expect(FileManager.default.fileExists(atPath: Corpus.packageRoot + "/man/assoc-check.1"))
        #expect(try ProcessRunner.assoc(["--help"], environment: tree.variables()).standardOutput.contains("  check "))
    }
}
