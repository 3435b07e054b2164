import AssocTestSupport
import DesktopEntry
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@testable import Associations

/// What the watcher keeps between bursts: the last snapshot (given up when another process
/// replaces the file) and the application index (given up when what it was read from changes),
/// and the one walk that tells which types a changed key may reach.
@Suite("the watcher's memory between bursts: the snapshot, the application index, the touched chains")
struct SnapshotMemoryTests {
    /// Viewers a and b for PDF, in a tree with the system's type database.
    private func world() throws -> (TemporaryXDGTree, XDGEnvironment) {
        let tree = try TemporaryXDGTree()
        let mimeOnly = try tree.linkSystemMIMEDatabase()
        try tree.write("usr-share/applications/a.desktop", CheckFixtures.entry("a", types: "application/pdf;"))
        try tree.write("usr-share/applications/b.desktop", CheckFixtures.entry("b", types: "application/pdf;"))
        return (tree, XDGEnvironment(tree.variables(dataDirs: ["usr-share", mimeOnly])))
    }

    @Test("a snapshot another process wrote is read from its file, not taken from memory")
    func snapshotReplacedByAnotherProcess() throws {
        let (tree, environment) = try world()
        defer { withExtendedLifetime(tree) {} }
        let memory = SnapshotMemory()
        let watcher = DefaultsHistory(environment: environment, memory: memory)
        #expect(try watcher.recordChanges(process: nil).isEmpty)
        let kept = try #require(memory.snapshot(at: watcher.journal.snapshotPath), "kept after the first save")
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=b.desktop;\n")
        // Another process (no memory) records the change and replaces the snapshot file.
        let other = try DefaultsHistory(environment: environment).recordChanges(process: "other")
        #expect(other.map(\.type) == ["application/pdf"])
        #expect(memory.snapshot(at: watcher.journal.snapshotPath) == nil, "the file is not the one kept")
        #expect(try watcher.recordChanges(process: nil).isEmpty, "the change is not recorded twice")
        let reread = try #require(memory.snapshot(at: watcher.journal.snapshotPath))
        #expect(reread.answer("application/pdf", DefaultsView(.spec)) == "b.desktop")
        #expect(kept.answer("application/pdf", DefaultsView(.spec)) == "a.desktop")
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=a.desktop;\n")
        let back = try watcher.recordChanges(process: nil)
        #expect(back.first?.answers[DefaultsView(.spec)] == .init(before: "b.desktop", after: "a.desktop"))
        #expect(watcher.records().count == 2)
    }

    @Test("the application index is kept while its inputs are unchanged, and an entry changed is read again")
    func applicationIndexKept() throws {
        let (tree, environment) = try world()
        defer { withExtendedLifetime(tree) {} }
        // The list exists from the start: a list that appears is a full capture, a line changed is not.
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=a.desktop;\n")
        let memory = SnapshotMemory()
        let watcher = DefaultsHistory(environment: environment, memory: memory)
        _ = try watcher.recordChanges(process: nil)
        let inputs = try #require(memory.snapshot(at: watcher.journal.snapshotPath)).inputs
        let first = try #require(memory.applications(for: inputs))
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=b.desktop;\n")
        #expect(try watcher.recordChanges(process: nil).map(\.type) == ["application/pdf"])
        #expect(memory.applications(for: inputs) === first, "only a list line changed: the same index")
        // b.desktop no longer declares PDF, and the list names it no more: a.desktop again.
        try tree.write("usr-share/applications/b.desktop", CheckFixtures.entry("b", types: "image/png;"))
        try tree.write("config/mimeapps.list", "# none\n")
        let records = try watcher.recordChanges(process: nil)
        let pdf = records.first { $0.type == "application/pdf" }
        #expect(pdf?.answers[DefaultsView(.spec)] == .init(before: "b.desktop", after: "a.desktop"))
        let newInputs = try #require(memory.snapshot(at: watcher.journal.snapshotPath)).inputs
        #expect(newInputs != inputs)
        #expect(memory.applications(for: inputs) == nil, "the index of the old inputs is given up")
        let kept = try #require(memory.applications(for: newInputs))
        #expect(kept !== first)
    }

    @Test("the touched chains reach every type whose hierarchy, spec or GIO chain holds a touched type")
    func touchedChainsCoverTheChains() throws {
        let (tree, environment) = try world()
        defer { withExtendedLifetime(tree) {} }
        let database = MIMEDatabase(environment: environment)
        let resolver = AssociationResolver(environment: environment, database: database)
        let types = ((try? String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
        try #require(types.count > 100, "the system's database lists its types")
        var random = SplitMix.forTest("SnapshotMemoryTests.touchedChains", seed: 0x7475_6368_6564)
        for round in 0..<20 {
            var touched: Set<String> = ["text/plain"]
            if round > 0 {
                touched = Set((0..<1 + Int(random.next() % 4)).map { _ in types[Int(random.next() % UInt64(types.count))] })
            }
            var chains = TouchedChains(toward: touched, database: database)
            var reached = 0
            for type in types {
                let chain = [type] + database.ancestors(of: type) + resolver.specChain(type) + resolver.gioChain(type)
                let reaches = chains.reach(from: type)
                if reaches { reached += 1 }
                if chain.contains(where: touched.contains) {
                    #expect(reaches, "\(type) reaches \(touched.sorted()) by its chains")
                }
            }
            if touched == ["text/plain"] {
                #expect(reached > 50, "the types below text/plain: \(reached)")
                let png = chains.reach(from: "image/png")
                #expect(!png)
            }
        }
    }
}
