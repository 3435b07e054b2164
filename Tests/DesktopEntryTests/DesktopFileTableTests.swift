import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

@Suite("the desktop files of a directory, kept as bytes")
struct DesktopFileTableTests {
    /// The files below `directory` as a scan of strings finds them: names sorted by their bytes,
    /// depth first, a subdirectory read where its name sorts, its name and a `-` before its files'.
    static func reference(_ directory: String, prefix: String = "") -> [(id: String, path: String)] {
        var found: [(id: String, path: String)] = []
        for name in (try? FileBytes.directoryEntries(directory)) ?? [] {
            let path = directory + "/" + name
            if Array(name.utf8).suffix(8) == Array(".desktop".utf8) {
                found.append((prefix + name, path))
            } else if FileBytes.isDirectory(path) {
                found += reference(path, prefix: prefix + name + "-")
            }
        }
        return found
    }

    /// Creates the file or directory at `path`, whose name may carry bytes that are not UTF-8.
    static func make(_ path: String, directory: Bool = false) throws {
        if directory {
            guard mkdir(PathCoding.cString(path), 0o755) == 0 || errno == EEXIST else { throw Self.failure() }
            return
        }
        let descriptor = open(PathCoding.cString(path), O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure() }
        close(descriptor)
    }

    /// The error `errno` names.
    static func failure() -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }

    /// Sets the modification time of `path` (bytes carried as `PathCoding` carries them).
    static func setTime(_ path: String, secondsFromNow offset: Int) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let time = timespec(tv_sec: now.tv_sec + offset, tv_nsec: 0)
        var times = [time, time]
        _ = utimensat(AT_FDCWD, PathCoding.cString(path), &times, 0)
    }

    @Test("a seeded random tree: the same files, IDs and first files as a scan of strings")
    func randomTrees() throws {
        var generator = SplitMix.forTest("DesktopFileTableTests.randomTrees", seed: 7)
        // Pieces that make IDs collide across subdirectories (a-b.desktop and a/b.desktop), names
        // that are not desktop files, a directory that is named like one, and bytes that are not
        // UTF-8.
        let pieces = ["a", "b", "a-b", "-", "é", "\u{10FF80}"]
        let endings = [".desktop", ".desktop", ".desktop", ".txt", ".desktop.in", ""]
        // What the rounds met, so that a change of the generator cannot leave a case untried.
        var duplicates = 0
        var inSubdirectories = 0
        var carryingBytes = 0
        for round in 0..<20 {
            let tree = try TemporaryXDGTree()
            let root = tree.path("applications")
            try Self.make(root, directory: true)
            files: for _ in 0..<80 {
                var path = root
                for _ in 0..<Int.random(in: 0...2, using: &generator) {
                    path += "/" + pieces.randomElement(using: &generator)!
                    // A file made earlier by that name leaves no room for the directory.
                    if FileBytes.modificationTime(path) != nil && !FileBytes.isDirectory(path) { continue files }
                    try Self.make(path, directory: true)
                }
                var name = pieces.randomElement(using: &generator)!
                if Bool.random(using: &generator) { name += pieces.randomElement(using: &generator)! }
                if Bool.random(using: &generator) { name = PathCoding.decode(Array(name.utf8) + [0xFF]) }
                let ending = endings.randomElement(using: &generator)!
                let target = path + "/" + name + ending
                if FileBytes.isDirectory(target) { continue }
                try Self.make(target, directory: ending == ".desktop" && Int.random(in: 0..<10, using: &generator) == 0)
            }
            let expected = Self.reference(root)
            let found = DesktopFileScan.files(in: root)
            #expect(found.map(\.id) == expected.map(\.id), "round \(round)")
            #expect(found.map(\.path) == expected.map(\.path), "round \(round)")

            var first: [String: String] = [:]
            for file in expected where first[file.id] == nil { first[file.id] = file.path }
            duplicates += expected.count - first.count
            inSubdirectories += expected.filter { $0.path.dropFirst(root.count + 1).contains("/") }.count
            carryingBytes += expected.filter { PathCoding.carriesBytes($0.path) }.count
            let table = DesktopFileScan.table(of: root)
            #expect(table.count == first.count, "round \(round)")
            #expect(Set(table.ids) == Set(first.keys), "round \(round)")
            #expect(table.byID == first, "round \(round)")
            for (id, path) in first {
                #expect(table.path(of: id) == path, "round \(round): \(id)")
                #expect(table.contains(id))
                #expect(!table.contains(id + "x") || first[id + "x"] != nil)
                #expect(table.path(of: "-" + id) == first["-" + id])
            }
        }
        #expect(duplicates > 0 && inSubdirectories > 0 && carryingBytes > 0)
    }

    @Test("IDs are told apart by their bytes: a precomposed and a decomposed é are two IDs")
    func bytesNotCanonicalEquivalence() throws {
        let tree = try TemporaryXDGTree()
        let root = tree.path("applications")
        try Self.make(root, directory: true)
        let composed = "\u{E9}.desktop"
        let decomposed = "e\u{301}.desktop"
        try Self.make(root + "/" + composed)
        try Self.make(root + "/" + decomposed)
        let table = DesktopFileScan.table(of: root)
        #expect(table.count == 2)
        #expect(table.path(of: composed).map { Array($0.utf8) } == Array((root + "/" + composed).utf8))
        #expect(table.path(of: decomposed).map { Array($0.utf8) } == Array((root + "/" + decomposed).utf8))
    }

    @Test(
        "an entry modified after a time is seen, in a subdirectory and with a name that is not UTF-8",
        arguments: [0, 1, 2])
    func modifiedAfter(newer: Int) throws {
        let tree = try TemporaryXDGTree()
        let root = tree.path("applications")
        try Self.make(root, directory: true)
        try Self.make(root + "/sub", directory: true)
        let notUTF8 = root + "/sub/" + PathCoding.decode([0x63, 0xFF] + Array(".desktop".utf8))
        let files = [root + "/a.desktop", root + "/sub/b.desktop", notUTF8]
        for file in files {
            try Self.make(file)
            Self.setTime(file, secondsFromNow: -3600)
        }
        let table = DesktopFileScan.table(of: root)
        #expect(table.count == 3)
        let cacheTime = try #require(FileBytes.modificationTime(files[0])) + 1_800_000_000_000
        #expect(!table.anyModified(after: cacheTime))
        Self.setTime(files[newer], secondsFromNow: 0)
        #expect(table.anyModified(after: cacheTime))
    }
}
