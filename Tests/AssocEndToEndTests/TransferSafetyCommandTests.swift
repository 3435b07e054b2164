import AssocTestSupport
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite("import, export and move lose nothing, run as processes", .enabled(if: hasSystemDatabase))
struct TransferSafetyCommandTests {
    @Test("move --replace through a link to the destination's file is refused and the only copy stays")
    func moveThroughLink() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("d/r.txt", "PRECIOUS\n")
        try tree.makeDirectory("s")
        #expect(symlink("../d/r.txt", tree.path("s/r.txt")) == 0)
        let result = try ProcessRunner.assoc(
            ["move", "--replace", tree.path("s/r.txt"), "--to", tree.path("d")],
            environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 2)
        #expect(result.standardError == "assoc: '\(tree.path("s/r.txt"))' and '\(file)' are the same file\n")
        #expect(result.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "PRECIOUS\n")
    }

    @Test("move --replace of two files of one name keeps the first and refuses the second")
    func twoOperandsOneName() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let first = try tree.write("a/r.txt", "first\n")
        let second = try tree.write("b/r.txt", "second\n")
        let out = try tree.makeDirectory("out")
        let result = try ProcessRunner.assoc(
            ["move", "--replace", first, second, "--to", out],
            environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 2)
        #expect(result.standardOutput == "moved \(first) to \(out)/r.txt\n")
        #expect(
            result.standardError
                == "assoc: refusing '\(second)': it would replace '\(out)/r.txt', which '\(first)' has just become\n")
        #expect(try String(contentsOfFile: out + "/r.txt", encoding: .utf8) == "first\n")
        #expect(try String(contentsOfFile: second, encoding: .utf8) == "second\n")
    }

    @Test(
        "an imported or moved file keeps its user.* attributes but not its user.assoc.open-with choice",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes, "the temporary directory keeps no user.* attributes"))
    func choiceStaysBehind() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("in/notes.txt", "words\n")
        try ExtendedAttributes.set("user.assoc.open-with", to: "evil.desktop", on: source)
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://example.org/notes.txt", on: source)
        let imported = try tree.makeDirectory("imported")
        let moved = try tree.makeDirectory("moved")
        for (command, destination) in [("import", imported), ("move", moved)] {
            let result = try ProcessRunner.assoc(
                [command, source, "--to", destination],
                environment: systemDatabaseEnvironment(tree))
            #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
            let landed = destination + "/notes.txt"
            #expect(ExtendedAttributes.value("user.xdg.origin.url", of: landed) == "https://example.org/notes.txt")
            #expect(ExtendedAttributes.value("user.assoc.open-with", of: landed) == nil)
            if command == "import" { #expect(ExtendedAttributes.value("user.assoc.open-with", of: source) == "evil.desktop") }
        }
    }

    @Test("a clash on a 255-byte name gets a shortened stem, the number and the extension")
    func longNameClash() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let name = String(repeating: "é", count: 125) + ".txt"
        let source = try tree.write("in/" + name, "new\n")
        try tree.write("out/" + name, "old\n")
        let result = try ProcessRunner.assoc(
            ["import", source, "--to", tree.path("out")],
            environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 0, "\(result.standardError)")
        let numbered = String(repeating: "é", count: 123) + " (2).txt"
        #expect(result.standardOutput == "imported \(source) to \(tree.path("out/" + numbered))\n")
        #expect(try String(contentsOfFile: tree.path("out/" + numbered), encoding: .utf8) == "new\n")
    }
}
