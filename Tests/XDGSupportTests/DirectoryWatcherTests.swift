import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// The inotify watcher on real directories. The kernel queues an event before the system call
/// that causes it returns, so each step reads the changes at once: no waiting, no sleeping.
@Suite("DirectoryWatcher: directories, not files, at every level")
struct DirectoryWatcherTests {
    static let lists = EntryNameFilter(exactNames: ["mimeapps.list"], suffixes: ["-mimeapps.list"])
    static let applications = EntryNameFilter(exactNames: ["mimeinfo.cache", "mimeapps.list"], suffixes: [".desktop"])

    @Test("a list written, edited in place or replaced by a rename counts; other names do not")
    func listWrites() throws {
        let tree = try TemporaryXDGTree()
        let config = try tree.makeDirectory("config")
        let watcher = try DirectoryWatcher([WatchedDirectory(path: config, names: Self.lists)])
        try tree.write("config/unrelated.conf", "x")
        try tree.write("config/mimeapps.list.XYZ123", "[Default Applications]\n")
        #expect(!watcher.readChanges(), "a temporary file alone is not a change")
        try FileManager.default.moveItem(atPath: tree.path("config/mimeapps.list.XYZ123"), toPath: config + "/mimeapps.list")
        #expect(watcher.readChanges(), "the rename onto the list")
        try tree.write("config/mimeapps.list", "[Default Applications]\ntext/plain=a.desktop\n")
        #expect(watcher.readChanges(), "a rewrite in place")
        try tree.write("config/gnome-mimeapps.list", "")
        #expect(watcher.readChanges(), "a desktop-specific list")
        try FileManager.default.removeItem(atPath: config + "/mimeapps.list")
        #expect(watcher.readChanges(), "the list deleted")
        #expect(!watcher.readChanges(), "nothing more is pending")
    }

    @Test("a directory that does not exist yet is waited for on its nearest ancestor, then watched")
    func createdAfterStart() throws {
        let tree = try TemporaryXDGTree()
        let applications = tree.path("data/deep/share/applications")
        let watcher = try DirectoryWatcher([WatchedDirectory(path: applications, names: Self.applications)])
        #expect(watcher.watchedPaths.map(\.path) == [tree.root])
        #expect(watcher.watchedPaths.first?.isWatchedDirectory == false)
        try tree.makeDirectory("data/deep/share")
        #expect(!watcher.readChanges(), "only the way toward it appeared")
        #expect(watcher.watchedPaths.map(\.path) == [tree.path("data/deep/share")])
        try tree.write("data/deep/share/applications/a.desktop", "[Desktop Entry]\n")
        #expect(watcher.readChanges(), "the directory appeared (with an entry already in it)")
        #expect(watcher.watchedPaths.map(\.path) == [applications])
        try tree.write("data/deep/share/applications/b.desktop", "[Desktop Entry]\n")
        #expect(watcher.readChanges(), "an entry written in the new directory")
    }

    @Test("a watched directory deleted and made again is watched again")
    func deletedAndRecreated() throws {
        let tree = try TemporaryXDGTree()
        let config = try tree.makeDirectory("config")
        try tree.write("config/mimeapps.list", "")
        let watcher = try DirectoryWatcher([WatchedDirectory(path: config, names: Self.lists)])
        try FileManager.default.removeItem(atPath: config)
        #expect(watcher.readChanges(), "the directory and its list went away")
        #expect(watcher.watchedPaths.map(\.path) == [tree.root])
        try tree.write("config/mimeapps.list", "[Default Applications]\n")
        #expect(watcher.readChanges(), "the directory is back, with a list")
        try tree.write("config/mimeapps.list", "[Default Applications]\ntext/plain=b.desktop\n")
        #expect(watcher.readChanges(), "a later write in the new directory")
        #expect(watcher.watchedPaths.map(\.path) == [config])
    }

    @Test("a directory moved away and another moved in its place: the new one is watched")
    func replacedDirectory() throws {
        let tree = try TemporaryXDGTree()
        let config = try tree.makeDirectory("config")
        try tree.write("staged/mimeapps.list", "[Default Applications]\n")
        let watcher = try DirectoryWatcher([WatchedDirectory(path: config, names: Self.lists)])
        try FileManager.default.moveItem(atPath: config, toPath: tree.path("config.old"))
        try FileManager.default.moveItem(atPath: tree.path("staged"), toPath: config)
        #expect(watcher.readChanges())
        try tree.write("config.old/mimeapps.list", "")
        #expect(!watcher.readChanges(), "the old directory is no longer watched")
        try tree.write("config/mimeapps.list", "")
        #expect(watcher.readChanges())
    }

    @Test("subdirectories of applications/ are watched, through no link; a FIFO and a link loop change nothing")
    func subdirectoriesFIFOAndLinkLoop() throws {
        let tree = try TemporaryXDGTree()
        let applications = try tree.makeDirectory("data/applications")
        let watcher = try DirectoryWatcher([
            WatchedDirectory(path: applications, names: Self.applications, includesSubdirectories: true)
        ])
        try tree.makeDirectory("data/applications/kde4")
        #expect(watcher.readChanges(), "a subdirectory appeared")
        try tree.write("data/applications/kde4/a.desktop", "[Desktop Entry]\n")
        #expect(watcher.readChanges(), "an entry in the subdirectory")
        #expect(mkfifo(applications + "/fifo.desktop", 0o600) == 0)
        #expect(watcher.readChanges(), "a FIFO with an entry's name is a change of name only; it is not opened")
        try FileManager.default.createSymbolicLink(atPath: applications + "/loop", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: applications + "/up", withDestinationPath: "..")
        _ = watcher.readChanges()
        try tree.makeDirectory("data/applications/kde4/nested")
        #expect(watcher.readChanges(), "a directory made below: planned again, the links not followed")
        #expect(!watcher.watchedPaths.contains { $0.path.hasSuffix("/loop") || $0.path.hasSuffix("/up") })
        try tree.write("data/applications/b.desktop", "[Desktop Entry]\n")
        #expect(watcher.readChanges(), "a later change is still seen")
    }

    @Test("a list of 10 MB written in pieces is seen")
    func largeList() throws {
        let tree = try TemporaryXDGTree()
        let config = try tree.makeDirectory("config")
        let watcher = try DirectoryWatcher([WatchedDirectory(path: config, names: Self.lists)])
        let line = "application/x-filler-0000=filler.desktop\n"
        try tree.write(
            "config/mimeapps.list", "[Default Applications]\n" + String(repeating: line, count: 10_000_000 / line.utf8.count))
        #expect(watcher.readChanges())
        #expect(!watcher.readChanges())
    }
}

@Suite("ChangeSettler: a burst is handled once, after 10 ms of quiet or 500 ms at most")
struct ChangeSettlerTests {
    @Test("nothing pending: no time-out")
    func idle() {
        var settler = ChangeSettler()
        #expect(settler.timeoutMilliseconds(now: 5) == -1)
        let taken = settler.takeIfDue(now: 1000)
        #expect(!taken)
    }

    @Test("quiet ends a burst; changes extend it up to the longest wait")
    func burst() {
        var settler = ChangeSettler(quiet: 0.1, longest: 0.5)
        settler.noteChange(at: 10)
        #expect(settler.timeoutMilliseconds(now: 10) == 100)
        let early = settler.takeIfDue(now: 10.05)
        #expect(!early)
        settler.noteChange(at: 10.05)
        #expect(abs((settler.dueTime ?? 0) - 10.15) < 1e-9)
        for step in 1...20 { settler.noteChange(at: 10.05 + Double(step) * 0.02) }
        #expect(abs((settler.dueTime ?? 0) - 10.5) < 1e-9, "bounded by the first change")
        let due = settler.takeIfDue(now: 10.5)
        #expect(due)
        #expect(!settler.isPending)
        #expect(settler.timeoutMilliseconds(now: 10.6) == -1)
    }
}
