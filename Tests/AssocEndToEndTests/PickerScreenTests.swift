import AssocTestSupport
import Foundation
import Testing

/// The environment of a screen test: the system database, a UTF-8 locale, nothing of the caller's.
func screenEnvironment(_ tree: TemporaryXDGTree, extra: [String: String] = [:]) -> [String: String] {
    systemDatabaseEnvironment(tree, extra: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"].merging(extra) { $1 })
}

/// The row of the screen that shows `name`.
func row(_ name: String, in screen: String) -> String? {
    screen.split(separator: "\n").map(String.init).first {
        $0.dropFirst(2).hasPrefix(name + " ") || $0.dropFirst(2).hasPrefix(name + "/")
    }
}

@Suite(
    "assoc pick in a real terminal (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct PickerScreenTests {
    let documents = DocumentCommandTests()

    func fixture(_ tree: TemporaryXDGTree) throws -> String {
        try documents.makeFixture(tree, samples: try #require(mimeDetectionSamples))
    }

    func pick(_ arguments: [String], tree: TemporaryXDGTree, in directory: String, extra: [String: String] = [:]) throws
        -> TmuxSession
    {
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick"] + arguments, environment: screenEnvironment(tree, extra: extra),
            directory: directory)
        try session.waitFor("q cancel")
        return session
    }

    @Test(
        "pick --type application/pdf --type public.image shows exactly the conforming documents as selectable, the others marked unavailable and dimmed, with sizes and dates; Enter prints the path",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func conformingRows() throws {
        let tree = try TemporaryXDGTree()
        let root = try fixture(tree)
        let expected = try documents.expectedConformance(root: root, environment: screenEnvironment(tree))
        let session = try pick(["--type", "application/pdf", "--type", "public.image", "docs"], tree: tree, in: tree.root)
        try session.send("a")
        let screen = try session.waitFor("unavailable documents shown")
        let topLevel = expected.filter { !$0.key.dropFirst(root.count + 1).contains("/") }
        #expect(topLevel.count >= 10)
        for (path, answer) in topLevel {
            let name = String(path.dropFirst(root.count + 1))
            let line = try #require(row(name, in: screen), "no row for \(name) in\n\(screen)")
            #expect(line.contains("unavailable") == !answer.conforms, "\(name): \(line)")
            #expect(line.contains(" B ") || line.contains("KiB") || line.contains("MiB"), "no size: \(line)")
            #expect(
                line.contains("ago") || line.contains("just now")
                    || line.range(of: #"\d{4}-\d\d-\d\d"#, options: .regularExpression) != nil,
                "no date: \(line)")
        }
        #expect(row("papers", in: screen)?.contains("folder") == true)
        let attributed = try session.capture(attributes: true)
        // tmux writes an attribute where it starts: the first unavailable row turns dim on.
        let unavailable = try #require(attributed.split(separator: "\n").first { $0.contains("unavailable") })
        #expect(
            unavailable.range(of: "\u{1B}\\[(0;)?2m", options: .regularExpression) != nil,
            "an unavailable row is dimmed: \(unavailable)")

        try session.send("/")
        try session.send("README", literal: true)
        try session.send("Enter")
        try session.waitFor("matching 'README'")
        try session.send("Enter")
        let result = try session.waitForExit()
        #expect(result.status == 0)
        #expect(result.standardOutput == root + "/README.pdf\n")
    }

    @Test(
        "Tab switches to the next filter and / narrows the rows as typed",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func tabAndSearch() throws {
        let tree = try TemporaryXDGTree()
        _ = try fixture(tree)
        let session = try pick(["--type", "application/pdf", "--type", "public.image"], tree: tree, in: tree.path("docs"))
        try session.send("a")
        let both = try session.waitFor("unavailable documents shown")
        #expect(both.contains("filter 1/3: application/pdf, public.image"))
        #expect(row("README.pdf", in: both)?.contains("unavailable") == false)
        #expect(row("test.png", in: both)?.contains("unavailable") == false)
        try session.send("Tab")
        let pdf = try session.waitFor("filter 2/3: application/pdf")
        #expect(row("README.pdf", in: pdf)?.contains("unavailable") == false)
        #expect(row("test.png", in: pdf)?.contains("unavailable") == true)
        try session.send("Tab")
        let switched = try session.waitFor("filter 3/3: public.image")
        #expect(row("README.pdf", in: switched)?.contains("unavailable") == true)
        #expect(row("test.png", in: switched)?.contains("unavailable") == false)
        try session.send("/")
        try session.send("test.p", literal: true)
        let narrowed = try session.waitFor("/test.p")
        #expect(row("test.png", in: narrowed) != nil && row("test.py", in: narrowed) != nil)
        #expect(row("README.pdf", in: narrowed) == nil && row("papers", in: narrowed) == nil)
        try session.send("Escape")
        try session.send("Escape")
        #expect(try session.waitForExit().status == 1)
    }

    @Test(
        "--multiple returns every document selected with Space, and -0 separates them with NUL",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func multiple() throws {
        let tree = try TemporaryXDGTree()
        let root = try fixture(tree)
        let session = try pick(["--type", "public.image", "--multiple", "-0", root], tree: tree, in: tree.root)
        for name in ["img_5304.jpg", "test.png"] {
            try session.send("/")
            try session.send(name, literal: true)
            try session.send("Enter")
            try session.waitFor("matching '\(name)'")
            try session.send("Space")
        }
        try session.waitFor("2 selected")
        try session.send("Enter")
        let result = try session.waitForExit()
        #expect(result.status == 0)
        #expect(session.outputBytes == Array((root + "/img_5304.jpg\u{0}" + root + "/test.png\u{0}").utf8))
    }

    @Test("Esc exits with status 1 and prints nothing")
    func escapeCancels() throws {
        let tree = try TemporaryXDGTree()
        _ = try tree.write("docs/a.txt", "a\n")
        let session = try pick([], tree: tree, in: tree.path("docs"))
        try session.send("Escape")
        let result = try session.waitForExit()
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
    }

    @Test("export places the documents in a folder made with n; move answers a clash with keep both")
    func exportAndMove() throws {
        let tree = try TemporaryXDGTree()
        let first = try tree.write("outbox/report.txt", "one\n")
        let second = try tree.write("outbox/notes.txt", "two\n")
        _ = try tree.makeDirectory("dest")
        let export = try pick(["--mode", "export", "--to", tree.path("dest"), first, second], tree: tree, in: tree.root)
        try export.send("n")
        try export.send("new", literal: true)
        try export.send("Enter")
        try export.waitFor("made folder new")
        try export.send("Home")
        try export.send("Enter")
        let exported = try export.waitForExit()
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardOutput == tree.path("dest/new/report.txt") + "\n" + tree.path("dest/new/notes.txt") + "\n")
        #expect(try String(contentsOfFile: tree.path("dest/new/report.txt"), encoding: .utf8) == "one\n")

        let move = try pick(["--mode", "move", "--to", tree.path("dest/new"), first], tree: tree, in: tree.root)
        try move.send("Enter")
        try move.waitFor("k keep both")
        try move.send("k")
        let moved = try move.waitForExit()
        #expect(moved.status == 0, "\(moved.standardError)")
        #expect(moved.standardOutput == tree.path("dest/new/report (2).txt") + "\n")
        #expect(!FileManager.default.fileExists(atPath: first))
    }

    @Test("save returns a new path, and asks before an existing name is given back")
    func save() throws {
        let tree = try TemporaryXDGTree()
        _ = try tree.write("docs/taken.txt", "x\n")
        let fresh = try pick(["--mode", "save", "--name", "new.txt", "--to", tree.path("docs")], tree: tree, in: tree.root)
        try fresh.send("Enter")
        let saved = try fresh.waitForExit()
        #expect(saved.status == 0)
        #expect(saved.standardOutput == tree.path("docs/new.txt") + "\n")

        let taken = try pick(["--mode", "save", "--name", "taken.txt"], tree: tree, in: tree.path("docs"))
        try taken.send("Enter")
        try taken.waitFor("Replace it? (y/n)")
        try taken.send("y")
        let confirmed = try taken.waitForExit()
        #expect(confirmed.status == 0)
        #expect(confirmed.standardOutput == tree.path("docs/taken.txt") + "\n")
    }
}
