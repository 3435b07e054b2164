import AssocTestSupport
import Foundation
import Testing

@Suite("assoc type over many paths: --files-from, -0, --jobs, -r", .enabled(if: hasSystemDatabase))
struct BulkTypeCommandTests {
    /// Real files of the shared-mime-info suite, a few of them renamed so that name and content
    /// disagree, a directory and a missing path among them.
    private func sampleTree() throws -> (TemporaryXDGTree, [String]) {
        let tree = try TemporaryXDGTree()
        var paths: [String] = []
        if let suite = Corpus.path("shared-mime-info/tests/mime-detection") {
            let names = try FileManager.default.contentsOfDirectory(atPath: suite).sorted()
            for (index, name) in names.enumerated() where index % 30 == 0 {
                let target = tree.path("files/\(index % 2 == 0 ? name : "renamed-\(index)")")
                try FileManager.default.createDirectory(atPath: tree.path("files"), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: suite + "/" + name, toPath: target)
                paths.append(target)
            }
        }
        paths.append(try tree.write("files/a.pdf", "%PDF-1.4\n"))
        paths.append(try tree.write("files/line\nbreak.txt", "two\nlines\n"))
        try FileManager.default.createDirectory(atPath: tree.path("files/folder"), withIntermediateDirectories: true)
        paths.insert(tree.path("files/folder"), at: paths.count / 2)
        paths.insert(tree.path("files/missing"), at: paths.count / 3)
        return (tree, paths)
    }

    @Test("--files-from prints, in list order, exactly what one process per path prints")
    func filesFromMatchesOneByOne() throws {
        let (tree, paths) = try sampleTree()
        defer { withExtendedLifetime(tree) {} }
        let environment = systemDatabaseEnvironment(tree)
        let listed = paths.filter { !$0.contains("\n") }
        let list = try tree.write("list.txt", listed.joined(separator: "\n") + "\n")
        let bulk = try ProcessRunner.assoc(["type", "--files-from", list], environment: environment)
        var expected = ""
        var errors = ""
        for path in listed {
            let single = try ProcessRunner.assoc(["type", path], environment: environment)
            expected += single.standardOutput
            errors += single.standardError
        }
        #expect(listed.count > 20)
        #expect(bulk.standardOutput == expected)
        #expect(bulk.standardError == errors, "the missing path is reported once, as alone")
        #expect(bulk.status == 2)
        let oneThread = try ProcessRunner.assoc(
            ["type", "--jobs", "1", "--json", "--files-from", list], environment: environment)
        let manyThreads = try ProcessRunner.assoc(
            ["type", "--jobs", "4", "--json", "--files-from", list], environment: environment)
        #expect(oneThread.standardOutput == manyThreads.standardOutput)
        #expect(oneThread.standardOutput.split(separator: "\n").count == listed.count - 1)
    }

    @Test("-0 reads NUL-separated paths from standard input, names with newlines included")
    func nulSeparated() throws {
        let (tree, paths) = try sampleTree()
        defer { withExtendedLifetime(tree) {} }
        let environment = systemDatabaseEnvironment(tree)
        let input = Array(paths.joined(separator: "\0").utf8) + [0]
        let bulk = try ProcessRunner.assoc(["type", "-b", "-0", "--files-from", "-"], environment: environment, input: input)
        var expected = ""
        for path in paths {
            expected += try ProcessRunner.assoc(["type", "-b", path], environment: environment).standardOutput
        }
        #expect(bulk.standardOutput == expected)
        #expect(bulk.standardOutput.contains("text/plain\n"), "the name with a newline was typed")
    }

    @Test("operands and lists mix in order; -0 without a list and a bad --jobs are usage errors")
    func usage() throws {
        let tree = try TemporaryXDGTree()
        let environment = systemDatabaseEnvironment(tree)
        let pdf = try tree.write("a.pdf", "%PDF-1.4\n")
        let html = try tree.write("b.html", "<html></html>\n")
        let list = try tree.write("list", html + "\n")
        let mixed = try ProcessRunner.assoc(["type", "-b", pdf, "--files-from", list], environment: environment)
        #expect(mixed.standardOutput == "application/pdf\ntext/html\n")
        #expect(try ProcessRunner.assoc(["type", "-0", pdf], environment: environment).status == 2)
        #expect(try ProcessRunner.assoc(["type", "--jobs", "0", pdf], environment: environment).status == 2)
        let missingList = try ProcessRunner.assoc(["type", "--files-from", tree.path("nope")], environment: environment)
        #expect(missingList.status == 2)
        #expect(missingList.standardError.contains("cannot read the list"))
    }
}
