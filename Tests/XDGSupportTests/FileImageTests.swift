import AssocTestSupport
import Foundation
import Testing

@testable import XDGSupport

/// Whether this process can make files of root's and of other users: the tests of which files are
/// mapped need it (the temporary trees are on the machine's own disk or memory).
private let canMakeRootFiles = getuid() == 0

@Suite("whole files held read-only: mapped only when no one but root can change them")
struct FileImageTests {
    /// A file of `bytes` in `tree`, with `mode` and owner `owner`.
    private func file(
        in tree: TemporaryXDGTree, _ name: String, bytes: [UInt8], mode: mode_t, owner: uid_t = 0
    ) throws -> String {
        let path = try tree.write(name, bytes: bytes)
        #expect(chmod(path, mode) == 0)
        #expect(chown(path, owner, gid_t(owner)) == 0)
        return path
    }

    private let content: [UInt8] = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    @Test("a root-owned file writable by root alone is mapped, and holds the file's bytes", .enabled(if: canMakeRootFiles))
    func mapsRootFiles() throws {
        let tree = try TemporaryXDGTree()
        for mode: mode_t in [0o644, 0o444, 0o600] {
            let path = try file(in: tree, "root-\(mode)", bytes: content, mode: mode)
            let image = try FileImage.read(path)
            #expect(image.isMapped, "mode \(String(mode, radix: 8))")
            withExtendedLifetime(image) { #expect(Array(image.bytes) == content) }
        }
    }

    @Test(
        "a file its group or others may write, or that another user owns, is read into memory instead",
        .enabled(if: canMakeRootFiles))
    func readsOtherFiles() throws {
        let tree = try TemporaryXDGTree()
        let cases: [(name: String, mode: mode_t, owner: uid_t)] = [
            ("group-writable", 0o664, 0), ("other-writable", 0o646, 0), ("user-owned", 0o644, 1000),
            ("user-owned-read-only", 0o444, 65534),
        ]
        for (name, mode, owner) in cases {
            let path = try file(in: tree, name, bytes: content, mode: mode, owner: owner)
            let image = try FileImage.read(path)
            #expect(!image.isMapped, "\(name)")
            withExtendedLifetime(image) { #expect(Array(image.bytes) == content, "\(name)") }
        }
    }

    @Test("an empty file, a directory, a FIFO and a file over the limit are handled as FileBytes.read handles them")
    func edgeCases() throws {
        let tree = try TemporaryXDGTree()
        let empty = try tree.write("empty", bytes: [])
        let image = try FileImage.read(empty)
        #expect(image.count == 0 && !image.isMapped && image.bytes.baseAddress != nil)
        #expect(throws: FileBytes.Failure.self) { _ = try FileImage.read(tree.root) }
        let fifo = tree.path("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: FileBytes.Failure.self) { _ = try FileImage.read(fifo) }
        let big = try tree.write("big", bytes: content)
        #expect(throws: FileBytes.Failure.tooLarge(limit: 100)) { _ = try FileImage.read(big, limit: 100) }
        #expect(throws: FileBytes.Failure.self) { _ = try FileImage.read(tree.path("missing")) }
        let whole = try FileImage.read(big, limit: content.count)
        withExtendedLifetime(whole) { #expect(Array(whole.bytes) == content) }
    }

    @Test("bytes not from a file are copied")
    func copying() {
        let image = FileImage(copying: [1, 2, 3])
        withExtendedLifetime(image) { #expect(Array(image.bytes) == [1, 2, 3] && !image.isMapped) }
        let empty = FileImage(copying: [])
        withExtendedLifetime(empty) { #expect(empty.bytes.baseAddress != nil && empty.count == 0) }
    }

    @Test("only file systems of disks and memory count, not FUSE or network ones")
    func fileSystems() {
        #expect(FileImage.isLocalDiskOrMemory(magic: 0xEF53))  // ext4
        #expect(FileImage.isLocalDiskOrMemory(magic: 0x0102_1994))  // tmpfs
        #expect(FileImage.isLocalDiskOrMemory(magic: Int(Int32(bitPattern: 0x9123_683E))))  // btrfs, sign-extended
        #expect(!FileImage.isLocalDiskOrMemory(magic: 0x6573_5546))  // fuse
        #expect(!FileImage.isLocalDiskOrMemory(magic: 0x6969))  // nfs
        #expect(!FileImage.isLocalDiskOrMemory(magic: Int(Int32(bitPattern: 0xFF53_4D42))))  // cifs
    }
}
