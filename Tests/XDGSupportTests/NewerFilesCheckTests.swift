import AssocTestSupport
import Foundation
import Synchronization
import Testing
import XDGSupport

@Suite("checking many files for one newer than a time, on a helper thread and the caller's")
struct NewerFilesCheckTests {
    /// Two directories of `count` files each, all an hour old; in the second, one file is made
    /// newer than the time the check compares with (half an hour ago).
    static func groups(_ tree: TemporaryXDGTree, count: Int, newer: Int?) throws -> [NewerFilesCheck.Group] {
        let anHourAgo = Date(timeIntervalSinceNow: -3600)
        var groups: [NewerFilesCheck.Group] = []
        for directory in ["old", "mixed"] {
            var paths: [String] = []
            for index in 0..<count {
                let path = try tree.write("\(directory)/sub/\(index).desktop", "")
                try FileManager.default.setAttributes([.modificationDate: anHourAgo], ofItemAtPath: path)
                paths.append(path)
            }
            // A file that is gone counts as not newer.
            paths.append(tree.path("\(directory)/gone.desktop"))
            groups.append(NewerFilesCheck.Group(directory: tree.path(directory), paths: paths, time: Self.halfAnHourAgo))
        }
        if let newer {
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: groups[1].paths[newer])
        }
        return groups
    }

    static let halfAnHourAgo = Int64((Date().timeIntervalSince1970 - 1800) * 1e9)

    @Test("alone, the caller checks every file", arguments: [nil, 0, 149] as [Int?])
    func alone(newer: Int?) throws {
        let tree = try TemporaryXDGTree()
        let check = NewerFilesCheck(try Self.groups(tree, count: 150, newer: newer))
        #expect(!check.hasNewer(0))
        #expect(check.hasNewer(1) == (newer != nil))
    }

    @Test("a helper begun first and the caller share the files, and the answers are the same")
    func shared() throws {
        let tree = try TemporaryXDGTree()
        let groups = try Self.groups(tree, count: 150, newer: 77)
        for _ in 0..<50 {
            let check = NewerFilesCheck(groups)
            let helperDone = Latch()
            HelperThread.start {
                check.check()
                helperDone.open()
            }
            #expect(check.hasNewer(1))
            #expect(!check.hasNewer(0))
            helperDone.wait()
        }
    }

    @Test("a background value is the one made, and the helper goes on with it after")
    func backgroundValue() {
        let seen = Mutex<[Int]>([])
        let went = Latch()
        let background = BackgroundValue(
            { (1...1000).reduce(0, +) },
            thenWith: { value in
                seen.withLock { $0.append(value) }
                went.open()
            })
        #expect(background.value == 500_500)
        #expect(background.value == 500_500)
        went.wait()
        #expect(seen.withLock { $0 } == [500_500])
    }
}
