import AssocTestSupport
import Foundation
import Testing

/// The picker at 80 × 24, the size of a plain terminal: names readable, the list holding what the
/// filter asks for, and Esc going back one step at a time.
@Suite(
    "assoc pick at 80 columns: readable names, the context's documents, Esc one layer at a time (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct PickerContextScreenTests {
    /// A name 60 characters long.
    static let longName = "annual-report-of-the-board-of-directors-with-appendix-v2.pdf"

    /// A folder of three PDF documents (one with a long name), five text files and a subfolder.
    func fixture(_ tree: TemporaryXDGTree) throws -> String {
        let pdf = "%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n"
        for name in [Self.longName, "brief.pdf", "minutes.pdf"] { _ = try tree.write("docs/" + name, pdf) }
        for index in 1...5 { _ = try tree.write("docs/notes\(index).txt", "plain words, line \(index)\n") }
        return try tree.makeDirectory("docs/archive")
    }

    func pick(_ arguments: [String], tree: TemporaryXDGTree) throws -> TmuxSession {
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick"] + arguments, environment: screenEnvironment(tree),
            directory: tree.path("docs"), lines: 24, columns: 80)
        try session.waitFor("q cancel")
        return session
    }

    @Test("a 60-character name is readable in full on the detail line and for at least 40 characters in its row")
    func longNamesAreReadable() throws {
        let tree = try TemporaryXDGTree()
        _ = try fixture(tree)
        let session = try pick(["--type", "application/pdf"], tree: tree)
        try session.send("/")
        try session.send("annual", literal: true)
        try session.send("Enter")
        let screen = try session.waitFor("matching 'annual'")
        let lines = screen.split(separator: "\n").map(String.init)
        let row = try #require(highlighted(screen), "\(screen)")
        #expect(row.contains(String(Self.longName.prefix(40))), "\(row)")
        #expect(lines.contains { !$0.hasPrefix("> ") && $0.contains(Self.longName) }, "no detail line with the name:\n\(screen)")
        try session.send("q")
        #expect(try session.waitForExit().status == 1)
    }

    @Test("by default only the documents that conform, and folders, are listed; the others are counted, and a shows them marked")
    func onlyConformingByDefault() throws {
        let tree = try TemporaryXDGTree()
        _ = try fixture(tree)
        let session = try pick(["--type", "application/pdf"], tree: tree)
        let screen = try session.capture()
        for name in [Self.longName, "brief.pdf", "minutes.pdf", "archive"] {
            #expect(screen.contains(String(name.prefix(40))), "\(name) is listed:\n\(screen)")
        }
        #expect(!screen.contains("notes"), "no text file is listed:\n\(screen)")
        #expect(screen.contains("5 more not shown") && screen.contains("a to show"), "\(screen)")
        try session.send("a")
        let shown = try session.waitFor("unavailable documents shown")
        let notes = try #require(row("notes1.txt", in: shown), "\(shown)")
        #expect(notes.contains(" n/a ") || notes.contains(" unavailable "), "marked in text: \(notes)")
        #expect(row("brief.pdf", in: shown)?.contains("n/a") == false)
        try session.send("q")
        #expect(try session.waitForExit().status == 1)
    }

    @Test("Esc after a kept search shows the full list with the same document highlighted, and a second Esc cancels")
    func escapeClearsAKeptSearchFirst() throws {
        let tree = try TemporaryXDGTree()
        _ = try fixture(tree)
        let session = try pick(["--type", "application/pdf"], tree: tree)
        try session.send("/")
        try session.send("minutes", literal: true)
        try session.send("Enter")
        let kept = try session.waitFor("matching 'minutes'")
        #expect(highlighted(kept)?.contains("minutes.pdf") == true, "\(kept)")
        #expect(!kept.contains("brief.pdf"), "\(kept)")
        try session.send("Escape")
        let full = try session.waitFor("brief.pdf")
        #expect(full.contains("archive/") && !full.contains("matching 'minutes'"), "the full list: \(full)")
        #expect(highlighted(full)?.contains("minutes.pdf") == true, "the same document highlighted: \(full)")
        try session.send("Escape")
        let result = try session.waitForExit()
        #expect(result.status == 1 && result.standardOutput.isEmpty)
    }

    @Test("with documents selected, Esc asks before it cancels; Esc again keeps the selection, y cancels")
    func escapeConfirmsDroppingTheSelection() throws {
        let tree = try TemporaryXDGTree()
        _ = try fixture(tree)
        let session = try pick(["--type", "application/pdf", "--multiple"], tree: tree)
        try session.send("/")
        try session.send("brief", literal: true)
        try session.send("Enter")
        try session.waitFor("matching 'brief'")
        try session.send("Space")
        try session.waitFor("1 selected")
        try session.send("Escape")
        try session.waitFor("minutes.pdf")
        try session.send("Escape")
        try session.waitFor("Cancel and drop the 1 selected?")
        try session.send("Escape")
        let kept = try session.waitFor("the selection is kept")
        #expect(kept.contains("1 selected"), "\(kept)")
        try session.send("Escape")
        try session.waitFor("Cancel and drop the 1 selected?")
        try session.send("y")
        #expect(try session.waitForExit().status == 1)
    }
}
