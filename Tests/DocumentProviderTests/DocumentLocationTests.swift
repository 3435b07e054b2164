import AssocTestSupport
import DocumentProvider
import Foundation
import Testing

@Suite("local or remote, by the file system's statfs magic")
struct DocumentLocationTests {
    @Test(
        "network and FUSE file systems are remote",
        arguments: [
            (0x6969, "nfs"), (0x517B, "smb"), (0xFF53_4D42, "cifs"), (0xFE53_4D42, "smb2"), (0x6573_5546, "fuse"),
            (0x5346_414F, "afs"), (0x6B41_4653, "kafs"), (0x7375_7245, "coda"), (0x564C, "ncp"), (0x0102_1997, "9p"),
            (0x00C3_6400, "ceph"), (0x0BD0_0BD0, "lustre"), (0x4750_4653, "gpfs"), (0x2003_0528, "orangefs"),
            (0x786F_4256, "vboxsf"),
        ])
    func remote(magic: Int, name: String) {
        #expect(DocumentLocation.classify(magic: magic) == .remote, "\(name)")
        #expect(DocumentLocation.remoteFileSystems[UInt32(magic)] == name)
    }

    @Test(
        "disk and memory file systems are local",
        arguments: [
            (0xEF53, "ext2/3/4"), (0x9123_683E, "btrfs"), (0x5846_5342, "xfs"), (0x0102_1994, "tmpfs"),
            (0x794C_7630, "overlay"), (0x2FC1_2FC1, "zfs"), (0x4D44, "vfat"), (0x5346_544E, "ntfs3"), (0x2011_BAB0, "exfat"),
            (0x9660, "iso9660"), (0x7371_7368, "squashfs"), (0x8584_58F6, "ramfs"), (0x9FA0, "proc"),
        ])
    func local(magic: Int, name: String) {
        #expect(DocumentLocation.classify(magic: magic) == .local, "\(name)")
    }

    @Test("a magic number sign-extended by a 32-bit f_type still counts")
    func signExtended() {
        #expect(DocumentLocation.classify(magic: Int(Int32(bitPattern: 0xFF53_4D42))) == .remote)
        #expect(DocumentLocation.classify(magic: Int(Int32(bitPattern: 0xFE53_4D42))) == .remote)
    }

    @Test("a tmpfs mount is local", .enabled(if: ScratchMount.canMountTmpfs, noTmpfs))
    func tmpfsIsLocal() throws {
        let tree = try TemporaryXDGTree()
        let mount = try ScratchMount.tmpfs(at: tree.path("mnt"))
        defer { withExtendedLifetime((tree, mount)) {} }
        #expect(DocumentLocation.of(path: mount.path) == .local)
        #expect(DocumentLocation.of(path: tree.root) == .local)
    }

    @Test(
        "a FUSE mount is remote",
        .enabled(if: ScratchMount.canMountFUSE, "mounting FUSE is not possible here (needs /dev/fuse and root)"))
    func fuseIsRemote() throws {
        let tree = try TemporaryXDGTree()
        let mount = try ScratchMount.fuseWithoutServer(at: tree.path("fuse"))
        defer { withExtendedLifetime((tree, mount)) {} }
        #expect(DocumentLocation.of(path: mount.path) == .remote)
    }

    @Test("a path that does not exist has no location")
    func missing() {
        #expect(DocumentLocation.of(path: "/nonexistent/assoc/path") == nil)
    }
}
