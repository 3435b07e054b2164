import AssocTestSupport
import Foundation
import Testing

/// The X10 mouse report a terminal sends for `button` at a 0-based line and column:
/// `CSI M` and three bytes, each 32 more than the button and the 1-based column and line.
func mouseReport(button: Int, line: Int, column: Int = 10) -> String {
    "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column)))
        + String(UnicodeScalar(UInt8(33 + line)))
}

/// The line of the screen with the highlight mark.
func highlighted(_ screen: String) -> String? { screen.split(separator: "\n").map(String.init).first { $0.hasPrefix("> ") } }

@Suite(
    "assoc pick's folder choice, import, flat view and mouse in a real terminal (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct PickerKeysScreenTests {
    let documents = DocumentCommandTests()

    func fixture(_ tree: TemporaryXDGTree) throws -> String {
        try documents.makeFixture(tree, samples: try #require(mimeDetectionSamples))
    }

    func pick(_ arguments: [String], tree: TemporaryXDGTree, in directory: String) throws -> TmuxSession {
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick"] + arguments, environment: screenEnvironment(tree), directory: directory)
        try session.waitFor("q cancel")
        return session
    }

    @Test(
        "--directory: the first row chooses the folder shown; Enter on a folder enters it, and its first row chooses it",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func chooseDirectory() throws {
        let tree = try TemporaryXDGTree()
        let root = try fixture(tree)
        var session = try pick(["--directory", root], tree: tree, in: tree.root)
        let screen = try session.capture()
        #expect(highlighted(screen)?.contains("[Choose this folder]  \(root)") == true, "\(screen)")
        #expect(row("README.pdf", in: screen)?.contains("unavailable") == true, "files are greyed: \(screen)")
        try session.send("Enter")
        var result = try session.waitForExit()
        #expect(result.status == 0 && result.standardOutput == root + "\n", "\(result.standardError)")

        session = try pick(["--directory", root], tree: tree, in: tree.root)
        try session.send("/")
        try session.send("papers", literal: true)
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("[Choose this folder]  \(root)/papers")
        try session.send("Enter")
        result = try session.waitForExit()
        #expect(result.status == 0 && result.standardOutput == root + "/papers\n", "\(result.standardError)")
    }

    @Test(
        "--mode import --to DIR copies the chosen document, under a numbered name when its own is taken",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func importCopies() throws {
        let tree = try TemporaryXDGTree()
        let root = try fixture(tree)
        let destination = try tree.makeDirectory("inbox")
        try tree.write("inbox/README.pdf", "already here\n")
        let session = try pick(["--mode", "import", "--to", destination, root], tree: tree, in: tree.root)
        try session.send("/")
        try session.send("README.pdf", literal: true)
        try session.send("Enter")
        try session.waitFor("matching 'README.pdf'")
        try session.send("Enter")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == destination + "/README (2).pdf\n")
        let original = try Data(contentsOf: URL(fileURLWithPath: root + "/README.pdf"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination + "/README (2).pdf")) == original)
        #expect(try String(contentsOfFile: destination + "/README.pdf", encoding: .utf8) == "already here\n")
        #expect(FileManager.default.fileExists(atPath: root + "/README.pdf"), "import copies, it does not move")
    }

    @Test(
        "f lists every document under the folder by its path below it, and the detail line gives both dates",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func flatViewAndDates() throws {
        let tree = try TemporaryXDGTree()
        let root = try fixture(tree)
        let session = try pick(["--type", "application/pdf", root], tree: tree, in: tree.root)
        let first = try session.capture()
        #expect(
            first.contains("modified 2")
                && first.contains("created 2") == FileManager.default.birthTimeKnown(root + "/README.pdf"))
        try session.send("a")
        try session.waitFor("unavailable documents shown")
        try session.send("f")
        let flat = try session.waitFor("every document under this folder")
        #expect(flat.contains("  flat  "))
        #expect(row("papers/text.pdf", in: flat)?.contains("unavailable") == false, "\(flat)")
        #expect(row("papers/test.gif", in: flat)?.contains("unavailable") == true, "\(flat)")
        #expect(!flat.split(separator: "\n").contains { $0.contains(" folder ") }, "folders are walked, not listed: \(flat)")
        try session.send("/")
        try session.send("old/test.t", literal: true)
        try session.send("Enter")
        let narrowed = try session.waitFor("matching 'old/test.t'")
        #expect(row("papers/old/test.tif", in: narrowed) != nil, "\(narrowed)")
        try session.send("Escape")
        try session.waitFor("papers/text.pdf")
        try session.send("Escape")
        #expect(try session.waitForExit().status == 1)
    }

    @Test(
        "a click highlights the row under it and the wheel moves the highlight (X10 mouse reports, as ncurses asked for)",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func mouse() throws {
        let tree = try TemporaryXDGTree()
        let root = try fixture(tree)
        let session = try pick([root], tree: tree, in: tree.root)
        let before = try session.capture()
        let rows = before.split(separator: "\n").map(String.init)
        #expect(highlighted(before) == rows[2])
        // Press and release of the first button on screen line 5.
        try session.send(mouseReport(button: 0, line: 5) + mouseReport(button: 3, line: 5), literal: true)
        let clicked = try session.waitFor("> " + rows[5].dropFirst(2).prefix(20))
        #expect(highlighted(clicked)?.dropFirst(2) == rows[5].dropFirst(2), "\(clicked)")
        // Wheel down (button 65) once, then wheel up (button 64) twice.
        try session.send(mouseReport(button: 65, line: 5), literal: true)
        try session.waitFor("> " + rows[6].dropFirst(2).prefix(20))
        try session.send(mouseReport(button: 64, line: 5) + mouseReport(button: 64, line: 5), literal: true)
        let wheeled = try session.waitFor("> " + rows[4].dropFirst(2).prefix(20))
        #expect(highlighted(wheeled)?.dropFirst(2) == rows[4].dropFirst(2), "\(wheeled)")
        try session.send("q")
        #expect(try session.waitForExit().status == 1)
    }
}

extension FileManager {
    /// Whether the file system records the birth time of the file at `path` (`stat -c %W` is not 0).
    func birthTimeKnown(_ path: String) -> Bool {
        guard let result = try? ProcessRunner.run("/usr/bin/stat", ["-c", "%W", path], environment: [:]) else { return false }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) != "0"
    }
}

@Suite(
    "assoc settings by application and the searches of settings and choose, in a real terminal (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct SettingsAndChooserSearchScreenTests {
    @Test("a shows the applications; / narrows them; Enter makes one the default for all its types")
    func byApplication() throws {
        let (tree, variables) = try applicationsWorld()
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "settings"], environment: environment, directory: tree.root)
        try session.waitFor("q quit")
        try session.send("a")
        let apps = try session.waitFor("Default apps by application")
        for id in ["viewer.desktop", "other-viewer.desktop", "editor.desktop", "browser.desktop"] {
            #expect(apps.contains(id), "\(id) in \(apps)")
        }
        try session.send("/")
        try session.send("browser", literal: true)
        let narrowed = try session.waitFor("/browser")
        #expect(narrowed.contains("browser.desktop") && !narrowed.contains("editor.desktop"), "\(narrowed)")
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("browser.desktop is now the default for 2 types")
        try session.send("q")
        #expect(try session.waitForExit().status == 0, "a default was saved")
        for type in ["text/html", "x-scheme-handler/https"] {
            let check = try ProcessRunner.assoc(["default", type], environment: variables)
            #expect(check.standardOutput == "browser.desktop\n", "\(type): \(check.standardOutput)")
        }
    }

    @Test("settings' / finds a type by its extension; choose's / narrows the applications to the matches")
    func searches() throws {
        let (tree, variables) = try applicationsWorld()
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let settings = try TmuxSession(
            [ProcessRunner.assocExecutable, "settings"], environment: environment, directory: tree.root)
        try settings.waitFor("q quit")
        try settings.send("/")
        try settings.send("html", literal: true)
        try settings.waitFor("/html")
        // The rows of the narrowed list, read again until the terminal has drawn them all.
        func typeRows(_ screen: String) -> [Substring] {
            screen.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("> ") || ($0.hasPrefix("  ") && $0.contains("/")) }
        }
        var found = try settings.capture()
        for _ in 0..<50 where !typeRows(found).allSatisfy({ $0.lowercased().contains("html") }) {
            usleep(100_000)
            found = try settings.capture()
        }
        let rows = typeRows(found)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.lowercased().contains("html") }, "\(found)")
        #expect(!found.contains("application/pdf"), "\(found)")
        try settings.send("Escape")
        try settings.send("Escape")
        #expect(try settings.waitForExit().status == 1)

        let document = try tree.write("report.pdf", "%PDF-1.4\n")
        let choose = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--print", document], environment: environment, directory: tree.root)
        try choose.waitFor("q cancel")
        try choose.send("/")
        try choose.send("other", literal: true)
        let narrowed = try choose.waitFor("/other")
        #expect(narrowed.contains("other-viewer.desktop"), "\(narrowed)")
        #expect(!narrowed.split(separator: "\n").contains { $0.contains(" viewer.desktop") }, "\(narrowed)")
        try choose.send("Enter")
        try choose.send("Enter")
        let result = try choose.waitForExit()
        #expect(result.status == 0 && result.standardOutput == "other-viewer.desktop\n", "\(result.standardOutput)")
    }
}
