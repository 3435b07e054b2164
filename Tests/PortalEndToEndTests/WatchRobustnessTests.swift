import AssocTestSupport
import Foundation
import Testing

/// `assoc watch` against what happens to the directories it watches: each step is followed by a
/// change that must still be recorded.
@Suite(
    "assoc watch: lists renamed, directories made and removed, FIFOs, link loops, huge lists", .serialized,
    .enabled(if: WatchWorld.isAvailable))
struct WatchRobustnessTests {
    @Test("a list replaced by a rename, its directory deleted and made again, a directory made after start")
    func directoryChanges() throws {
        let world = try WatchWorld()
        try world.startWatcher()
        try world.tree.write("config/mimeapps.list.new", "[Default Applications]\ntext/plain=b.desktop;\n")
        #expect(rename(world.tree.path("config/mimeapps.list.new"), world.listPath) == 0)
        #expect(world.awaitRecord(of: "text/plain", after: "b.desktop") != nil, "the list replaced by a rename")
        try FileManager.default.removeItem(atPath: world.tree.path("config"))
        #expect(
            world.awaitRecord(of: "text/plain", after: "a.desktop") != nil, "the directory deleted: back to the first declarer")
        try world.tree.write("config/mimeapps.list", "[Default Applications]\ntext/plain=b.desktop;\n")
        #expect(
            PortalBus.eventually(timeout: 30) {
                world.records(of: "text/plain").filter { WatchWorld.after($0) == "b.desktop" }.count == 2
            },
            "the directory made again, with a list")
        // $XDG_DATA_HOME did not exist at start: an application installed there is seen.
        let type = WatchWorld.extraType
        try world.tree.write(
            "data/applications/c.desktop", "[Desktop Entry]\nType=Application\nName=C\nExec=true %f\nMimeType=\(type);\n")
        let installed = world.awaitRecord(of: type, after: "c.desktop")
        #expect(installed?["cause"] as? String == "application-installed", "\(installed ?? [:])")
    }

    @Test("a FIFO and link loops planted in watched directories: later changes are still recorded")
    func fifoAndLinkLoops() throws {
        let world = try WatchWorld()
        try world.tree.write("config/mimeapps.list", "[Default Applications]\ntext/plain=a.desktop;\n")
        try world.startWatcher()
        let applications = world.tree.path("usr-share/applications")
        #expect(mkfifo(applications + "/fifo.desktop", 0o600) == 0)
        #expect(mkfifo(world.tree.path("config/assoc-mimeapps.list"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: applications + "/loop.desktop", withDestinationPath: "loop.desktop")
        try FileManager.default.createSymbolicLink(atPath: applications + "/again", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(
            atPath: world.tree.path("config/x-mimeapps.list"), withDestinationPath: "x-mimeapps.list")
        #expect(try world.run("xdg-mime", ["default", "b.desktop", "text/plain"]).status == 0)
        #expect(world.awaitRecord(of: "text/plain", after: "b.desktop") != nil, "\(world.text(of: world.watcherLogPath))")
        #expect(world.watcher?.isRunning == true)
    }

    @Test(
        "a 10 MB list of real entries, and a writer that rewrites the list 1,000 times: the final state is recorded, never written over"
    )
    func largeListAndRewrites() throws {
        let world = try WatchWorld()
        try world.startWatcher()
        let list = WatchWorld.largeList(bytes: 10_000_000)
        try world.tree.write("config/mimeapps.list", list.text)
        #expect(((try? FileManager.default.attributesOfItem(atPath: world.listPath))?[.size] as? Int ?? 0) >= 10_000_000)
        #expect(
            world.awaitRecord(of: "text/plain", after: "b.desktop", timeout: 120) != nil,
            "the 10 MB list: \(world.text(of: world.watcherLogPath))")
        // The watcher's last record of each type is what assoc answers now from the same list (a
        // type that had no default and still has none has no record).
        for type in list.sample {
            let output = try world.run("assoc", ["default", type]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            let answer = output.isEmpty ? nil : output
            let recorded = PortalBus.eventually(timeout: 30) { world.records(of: type).last.flatMap(WatchWorld.after) == answer }
            #expect(recorded, "\(type): assoc answers \(output); the last record: \(world.records(of: type).last ?? [:])")
        }
        var final = ""
        for round in 0..<1000 {
            final = "[Default Applications]\ntext/plain=\(round % 2 == 0 ? "b" : "a").desktop;\n# round \(round)\n"
            try world.tree.write("config/mimeapps.list", final)
        }
        #expect(world.awaitRecord(of: "text/plain", after: "a.desktop", timeout: 60) != nil, "the last rewrite (a.desktop)")
        #expect(
            PortalBus.eventually(timeout: 30) { WatchWorld.after(world.records(of: "text/plain").last ?? [:]) == "a.desktop" },
            "the last record is the final state")
        #expect(world.text(of: world.listPath) == final, "the watcher never writes the user's list")
        #expect(world.watcher?.isRunning == true)
    }
}

extension WatchWorld {
    /// A real type that neither a.desktop nor b.desktop declares.
    static let extraType = "application/vnd.oasis.opendocument.text"

    /// A list of at least `bytes` bytes made of real entries: the groups `[Added Associations]`
    /// and `[Default Applications]` again and again, each with a line for every type of the
    /// system's database naming several applications: b.desktop and a.desktop (installed), and
    /// IDs of applications that are not. Every `[Default Applications]` line names b.desktop
    /// first, so `text/plain` opens in b.desktop however repeated keys are read; `sample` holds
    /// some of the types, spread over the database, to compare with assoc's answers.
    static func largeList(bytes: Int) -> (text: String, sample: [String]) {
        let types = ((try? String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init).sorted()
        var text = ""
        var block = 0
        while text.utf8.count < bytes {
            text += "[Added Associations]\n"
            for type in types { text += "\(type)=gone-\(block).desktop;a.desktop;b.desktop;other-\(block).desktop;\n" }
            text += "[Default Applications]\n"
            for type in types { text += "\(type)=b.desktop;gone-\(block).desktop;a.desktop;\n" }
            block += 1
        }
        let sample = ["text/plain", extraType] + stride(from: 0, to: types.count, by: max(1, types.count / 8)).map { types[$0] }
        return (text, sample)
    }
}
