import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

@Suite("directories held open on the way to the paths of a list")
struct HeldDirectoriesTests {
    /// A tree with runs in one directory, directories below and beside others (one whose name
    /// begins a sibling's), a link to a directory, a chain deeper than what is held, a file where a
    /// directory should be, and a missing directory.
    private static func makeTree() throws -> (tree: TemporaryXDGTree, paths: [String]) {
        let tree = try TemporaryXDGTree()
        var paths: [String] = []
        for folder in ["a", "a/b", "a/b/c", "a/b/c/d", "a/bc", "a/bc/e", "x/y/z"] {
            _ = try tree.makeDirectory(folder)
            for name in ["one", "two", "three"] { paths.append(try tree.write(folder + "/" + name, name)) }
        }
        var deep = "deep"
        for level in 0..<(HeldDirectories.capacity + 6) { deep += "/\(level)" }
        _ = try tree.makeDirectory(deep)
        for name in ["one", "two"] { paths.append(try tree.write(deep + "/" + name, name)) }
        try FileManager.default.createSymbolicLink(atPath: tree.path("link"), withDestinationPath: tree.path("a/b"))
        paths += [
            tree.path("link/one"), tree.path("link/c/one"), tree.path("link/c/d/two"), tree.path("a//b/c/one"),
            tree.path("a/./b/one"), tree.path("a/b/../bc/one"), tree.path("a/b/c/../../bc/e/two"), tree.path("a/b/one/below"),
            tree.path("a/b/one/below/more"), tree.path("missing/one"), tree.path("missing/inner/two"), tree.path("a/b/none"),
            tree.path("a/b/c/d"), tree.path("a/b"),
            // After a held directory, a doubled '/' must not make the rest a path from the root.
            tree.path("a/one"), tree.path("a/two"), tree.path("a//b/one"), tree.path("a//b/two"), tree.path("a//b/c/one"),
            tree.path("a//b/c/two"), tree.path("a//one"), tree.path("a//two"), tree.path("a///bc/e/one"),
        ]
        return (tree, paths)
    }

    /// What `stat` says of `path`, looked up as `lookup` says: the device and inode, or the error.
    private static func identity(_ directory: Int32, _ entry: UnsafePointer<CChar>) -> String {
        var info = stat()
        if fstatat(directory, entry, &info, 0) != 0 { return "errno \(errno)" }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// The orders a list comes in: as written, sorted, reversed, and a fixed shuffle.
    private static func orders(of paths: [String]) -> [[String]] {
        var shuffled = paths
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in shuffled.indices.reversed() where index > 0 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            shuffled.swapAt(index, Int(seed >> 33) % (index + 1))
        }
        return [paths, paths.sorted(), paths.sorted().reversed(), shuffled, paths + paths.sorted()]
    }

    @Test(
        "every path is found where its whole path leads, in every order, with no more held than the limit",
        arguments: [HeldDirectories.capacity, 2, 1])
    func sameAsWholePath(limit: Int) throws {
        let (tree, paths) = try Self.makeTree()
        withExtendedLifetime(tree) {
            for order in Self.orders(of: paths) {
                var held = HeldDirectories(limit: limit)
                defer { held.deallocate() }
                var found = 0
                for path in order {
                    var bytes = Array(path.utf8CString)
                    let prefix = (bytes.lastIndex(of: CChar(UInt8(ascii: "/"))) ?? -1) + 1
                    let expected = path.withCString { Self.identity(AT_FDCWD, $0) }
                    let identity = bytes.withUnsafeMutableBufferPointer { buffer in
                        let (directory, entry) = held.lookup(buffer.baseAddress!, prefix: prefix)
                        return Self.identity(directory, entry)
                    }
                    #expect(identity == expected, "\(path)")
                    #expect(held.heldCount <= limit)
                    if !identity.hasPrefix("errno") { found += 1 }
                }
                // The tree is there while it is looked at: all but the few missing paths are found.
                #expect(found > order.count * 3 / 4)
            }
        }
    }

    @Test("a directory is held at its second path, and one just below a held directory at its first")
    func holdsWhereItPays() throws {
        let tree = try TemporaryXDGTree()
        _ = try tree.makeDirectory("top/inner/deeper")
        let paths = try [
            "top/one", "top/two", "top/inner/one", "top/inner/deeper/one", "top/three", "elsewhere-one",
        ].map { try tree.write($0, "words") }
        var held = HeldDirectories()
        defer { held.deallocate() }
        var relative: [Bool] = []
        withExtendedLifetime(tree) {
            for path in paths {
                var bytes = Array(path.utf8CString)
                let prefix = (bytes.lastIndex(of: CChar(UInt8(ascii: "/"))) ?? -1) + 1
                let directory = bytes.withUnsafeMutableBufferPointer { held.lookup($0.baseAddress!, prefix: prefix).directory }
                relative.append(directory != AT_FDCWD)
            }
        }
        // top/one: whole (nothing held); top/two: the second in top, which is then held;
        // inner and deeper: one name below a held directory; top/three: top is still held;
        // elsewhere-one: in the tree's root, seen for the first time, and above everything held,
        // which it leaves, so nothing is held any more.
        #expect(relative == [false, true, true, true, true, false])
        #expect(held.heldCount == 0)
    }
}
