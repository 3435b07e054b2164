import AssocTestSupport
import DesktopEntry
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@testable import Associations

/// The history in process: the journal's format and rotation, cause inference from files written
/// as other programs write them, assoc's own edits, pins. (The real tools cause the changes in
/// `HistoryCommandTests`.)
@Suite("the history of defaults, in process")
struct DefaultsHistoryTests {
    /// Viewers a and b for PDF, c for PNG; the system's type database; the history started.
    private func world() throws -> (TemporaryXDGTree, XDGEnvironment, DefaultsHistory) {
        let tree = try TemporaryXDGTree()
        let mimeOnly = try tree.linkSystemMIMEDatabase()
        try tree.write("usr-share/applications/a.desktop", CheckFixtures.entry("a", types: "application/pdf;"))
        try tree.write("usr-share/applications/b.desktop", CheckFixtures.entry("b", types: "application/pdf;"))
        try tree.write("usr-share/applications/c.desktop", CheckFixtures.entry("c", types: "image/png;"))
        let environment = XDGEnvironment(tree.variables(dataDirs: ["usr-share", mimeOnly]))
        let history = DefaultsHistory(environment: environment)
        #expect(try history.recordChanges(process: nil).isEmpty, "the first comparison only takes the snapshot")
        #expect(history.hasStarted)
        return (tree, environment, history)
    }

    private func defaultOf(_ type: String, _ environment: XDGEnvironment, mode: ResolutionMode = .spec) -> String? {
        AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
            .resolve(type, mode: mode).defaultApplication
    }

    @Test("journal times are written and read back as UTC")
    func journalTime() {
        for seconds: Int64 in [0, 951_782_400, 1_764_690_245, 4_102_444_799] {
            #expect(JournalTime.parse(JournalTime.format(seconds)) == seconds)
        }
        #expect(JournalTime.format(1_764_690_245) == "2025-12-02T15:44:05Z")
        #expect(JournalTime.parse("2025-12-02") == 1_764_633_600)
        #expect(JournalTime.parse("2025-13-02") == nil && JournalTime.parse("yesterday") == nil)
    }

    @Test("the journal rotates past its limit, keeping whole lines in both files")
    func rotation() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let path = tree.path("state/assoc/history.jsonl")
        for index in 0..<10 {
            try AppendOnlyFile.append(["line \(index) " + String(repeating: "x", count: 20)], to: path, limit: 100)
        }
        let current = try String(contentsOfFile: path, encoding: .utf8)
        let rotated = try String(contentsOfFile: AppendOnlyFile.rotatedPath(of: path), encoding: .utf8)
        #expect(AppendOnlyFile.rotatedPath(of: path) == tree.path("state/assoc/history.1.jsonl"))
        #expect(current.utf8.count <= 100 && rotated.utf8.count <= 100)
        #expect(current.hasSuffix("line 9 " + String(repeating: "x", count: 20) + "\n"))
        #expect((current + rotated).split(separator: "\n").allSatisfy { $0.hasPrefix("line ") && $0.hasSuffix("x") })
    }

    @Test("every cause is written as JSON and read back")
    func recordJSON() throws {
        let line = NumberedLine(line: 12, text: "application/pdf=code.desktop;")
        let causes: [ChangeCause] = [
            .assoc(command: "assoc set .pdf a.desktop", file: "/l", added: [line], removed: []),
            .listEdit(file: "/l", added: [line], removed: [NumberedLine(line: 3, text: "x=y")]),
            .lastUsed(file: "/l", application: "code.desktop", line: line),
            .applicationInstalled(application: "code.desktop", file: "/e"), .applicationRemoved(application: "a", file: nil),
            .typeDatabase(detail: "files named *.htm are now x", files: ["/p.xml"]), .unexplained,
        ]
        for cause in causes {
            let record = HistoryRecord(
                id: "x-0", time: 1_764_690_245, type: "application/pdf",
                answers: [
                    DefaultsView(.spec): .init(before: "a", after: "b"),
                    DefaultsView(.gio, desktop: "kde"): .init(before: nil, after: "b"),
                ], cause: cause, process: nil)
            let text = record.json.rendered
            #expect(try HistoryRecord(json: JSONReader().read(text)) == record, "\(text)")
        }
    }

    @Test("a snapshot is written as JSON and read back")
    func snapshotJSON() throws {
        let (tree, environment, _) = try world()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=b.desktop;\n")
        let snapshot = DefaultsSnapshot.capture(
            environment: environment, database: MIMEDatabase(environment: environment), time: 1_764_690_245)
        #expect(snapshot.answer("application/pdf", DefaultsView(.gio)) == "b.desktop")
        #expect(snapshot.lines(of: tree.path("config/mimeapps.list"))?.contains("application/pdf=b.desktop;") == true)
        #expect(try DefaultsSnapshot(json: JSONReader(maximumSize: 1 << 26).read(snapshot.json.rendered)) == snapshot)
    }

    @Test("another program's edit is a list edit with its file and lines; a move to the front is last-used")
    func listEditAndLastUsed() throws {
        let (tree, environment, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/mimeapps.list", "# mine\n[Default Applications]\napplication/pdf=b.desktop;\n")
        let edit = try history.recordChanges(process: nil)
        #expect(edit.map(\.type) == ["application/pdf"])
        #expect(
            edit.first?.cause
                == .listEdit(
                    file: tree.path("config/mimeapps.list"), added: [NumberedLine(line: 3, text: "application/pdf=b.desktop;")],
                    removed: []))
        #expect(edit.first?.answers[DefaultsView(.spec)] == .init(before: "a.desktop", after: "b.desktop"))
        try tree.write("config/mimeapps.list", "[Added Associations]\napplication/pdf=b.desktop;a.desktop;\n")
        _ = try history.recordChanges(process: nil)
        try tree.write("config/mimeapps.list", "[Added Associations]\napplication/pdf=a.desktop;b.desktop;\n")
        let moved = try history.recordChanges(process: nil)
        #expect(
            moved.first?.cause
                == .lastUsed(
                    file: tree.path("config/mimeapps.list"), application: "a.desktop",
                    line: NumberedLine(line: 2, text: "application/pdf=a.desktop;b.desktop;")))
        #expect(defaultOf("application/pdf", environment, mode: .gio) == "a.desktop")
        #expect(history.records().first == moved.first, "the journal holds what was returned, newest first")
    }

    @Test("an entry removed is application-removed; an unchanged state records nothing")
    func applicationRemoved() throws {
        let (tree, _, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.removeItem(atPath: tree.path("usr-share/applications/c.desktop"))
        let records = try history.recordChanges(process: "pkg")
        #expect(records.map(\.type) == ["image/png"])
        #expect(
            records.first?.cause
                == .applicationRemoved(application: "c.desktop", file: tree.path("usr-share/applications/c.desktop")))
        #expect(records.first?.process == "pkg")
        #expect(try history.recordChanges(process: nil).isEmpty)
    }

    @Test("an entry seen half-written, then complete, is application-installed when it becomes the default")
    func applicationInstalledInTwoWrites() throws {
        let (tree, environment, _) = try world()
        defer { withExtendedLifetime(tree) {} }
        let history = DefaultsHistory(environment: environment, memory: SnapshotMemory())
        // "0a" sorts before "a": once complete, it is the first declarer of PDF by the spec.
        let path = try tree.write("usr-share/applications/0a.desktop", "")
        #expect(try history.recordChanges(process: nil).isEmpty, "an empty entry is no application")
        try tree.write("usr-share/applications/0a.desktop", CheckFixtures.entry("0a", types: "application/pdf;"))
        let records = try history.recordChanges(process: nil)
        #expect(records.map(\.type) == ["application/pdf"])
        #expect(records.first?.cause == .applicationInstalled(application: "0a.desktop", file: path), "\(records)")
    }

    @Test("an edit through DefaultsEditor is recorded by the editor as assoc, with its command and lines")
    func assocEdit() throws {
        let (tree, environment, _) = try world()
        defer { withExtendedLifetime(tree) {} }
        let database = MIMEDatabase(environment: environment)
        let editor = DefaultsEditor(
            environment: environment, database: database,
            resolver: AssociationResolver(environment: environment, database: database))
        let report = try editor.apply(EditRequest(.set, .target("application/pdf"), application: "b.desktop"))
        let record = try #require(report.history.first)
        guard case .assoc(let command, let file, let added, _) = record.cause else {
            Issue.record("not attributed to assoc: \(record.cause)")
            return
        }
        #expect(command == "assoc set application/pdf b.desktop" && file == tree.path("config/mimeapps.list"))
        #expect(added.map(\.text).contains("application/pdf=b.desktop;"))
        #expect(
            record.sentence(since: "Since 14:02", home: environment.home).hasPrefix(
                "Since 14:02, application/pdf opens in b.desktop instead of a.desktop: 'assoc set application/pdf b.desktop' wrote it"
            ))
    }

    @Test("an edit announced before its write is attributed to assoc by whichever process compares next")
    func announcedEdit() throws {
        let (tree, environment, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        let database = MIMEDatabase(environment: environment)
        let editor = DefaultsEditor(
            environment: environment, database: database,
            resolver: AssociationResolver(environment: environment, database: database))
        // The list is written but the editor does not compare: as when the watcher compares first.
        _ = try editor.write(
            [.setDefault(type: "application/pdf", app: "b.desktop")], to: tree.path("config/mimeapps.list"), dryRun: false,
            command: "assoc sync")
        let records = try history.recordChanges(process: nil)
        #expect(records.first?.cause.name == "assoc")
        if case .assoc(let command, _, _, _) = records.first?.cause { #expect(command == "assoc sync") }
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=a.desktop;\n")
        #expect(try history.recordChanges(process: nil).first?.cause.name == "list-edit", "an announcement is used once")
    }

    @Test("a pinned extension is defended: the foreign change and the restore are both recorded")
    func defendPins() throws {
        let (tree, environment, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        let pinned = try history.pin([".pdf"], app: "a.desktop")
        #expect(pinned.pins == [PinsList.Pin(target: ".pdf", app: "a.desktop")])
        #expect(try history.defendPins().isEmpty, "nothing to restore while the pin holds")
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=b.desktop;\n")
        let restored = try history.defendPins()
        #expect(restored.count == 1)
        if case .assoc(let command, _, _, _) = restored.first?.cause {
            #expect(command == "assoc pin .pdf a.desktop (restored)")
        } else {
            Issue.record("the restore is not recorded as assoc's: \(String(describing: restored.first))")
        }
        for mode in ResolutionMode.allCases { #expect(defaultOf("application/pdf", environment, mode: mode) == "a.desktop") }
        #expect(history.records().prefix(2).map(\.cause.name) == ["assoc", "list-edit"])
    }

    @Test("a wildcard pin covers a type its application declares later")
    func wildcardPinCoversLaterTypes() throws {
        let (tree, environment, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        _ = try history.pin(["image/*"], app: "c.desktop")
        try tree.write("usr-share/applications/c.desktop", CheckFixtures.entry("c", types: "image/png;image/jpeg;"))
        let database = MIMEDatabase(environment: environment)
        let expanded = history.pins.expanded(database: database, applications: ApplicationIndex(environment: environment))
        #expect(expanded.first?.types.contains("image/jpeg") == true)
        #expect(try history.unpin(["image/*", "text/plain"]) == ["image/*"])
        #expect(history.pins.pins().pins.isEmpty)
    }

    @Test("another desktop's list is followed as views of its own, only where it differs")
    func desktopViews() throws {
        let (tree, environment, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/kde-mimeapps.list", "[Default Applications]\napplication/pdf=b.desktop;\n")
        let records = try history.recordChanges(process: nil)
        #expect(records.map(\.type) == ["application/pdf"])
        let views = records.first?.changedViews ?? []
        #expect(views == ResolutionMode.allCases.map { DefaultsView($0, desktop: "kde") }, "\(views.map(\.key))")
        // Without a mimeinfo.cache GIO sees no declared application, so its session answer is none.
        #expect(records.first?.answers[DefaultsView(.spec, desktop: "kde")] == .init(before: "a.desktop", after: "b.desktop"))
        #expect(records.first?.answers[DefaultsView(.gio, desktop: "kde")] == .init(before: nil, after: "b.desktop"))
        #expect(records.first?.answers[DefaultsView(.spec)] == .init(before: "a.desktop", after: "a.desktop"))
        #expect(records.first?.answers[DefaultsView(.gio)] == .init(before: nil, after: nil))
        #expect(records.first?.cause.file == tree.path("config/kde-mimeapps.list"))
        #expect(defaultOf("application/pdf", environment) == "a.desktop")
    }

    @Test("undo refuses what it cannot put back, naming the reason")
    func undoRefusals() throws {
        let (tree, _, history) = try world()
        defer { withExtendedLifetime(tree) {} }
        #expect(throws: HistoryError.nothingToUndo) { try history.undo(nil) }
        #expect(throws: HistoryError.unknownChange("nope")) { try history.undo("nope") }
        try tree.write("usr-share/applications/d.desktop", CheckFixtures.entry("d", types: "text/x-d;"))
        let installed = try history.recordChanges(process: nil)
        #expect(installed.first?.cause.name == "application-installed")
        let id = try #require(installed.first?.id)
        #expect(throws: HistoryError.nothingTakenAway(id: id)) { try history.undo(id) }
    }
}
