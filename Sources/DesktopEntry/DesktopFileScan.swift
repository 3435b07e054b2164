import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `.desktop` files below an `applications/` directory, with their desktop file IDs (Desktop
/// Entry Specification, "Desktop File ID": the path below the directory, `/` turned into `-`).
///
/// Linked subdirectories are followed, as GIO follows them, but each directory (by device and
/// inode) is read once: links that lead back up (`p -> .`) would otherwise make every scan read
/// the tree again at each level and invent a desktop ID per path through the loop.
public enum DesktopFileScan {
    /// How deep subdirectories are read, past which a tree is not followed further.
    public static let maximumDepth = 16

    /// Every `.desktop` file below `directory`, in the order found (names sorted by their bytes,
    /// depth first): its ID and path. One ID can appear twice, from two files.
    public static func files(in directory: String) -> [(id: String, path: String)] {
        table(of: directory).found
    }

    /// The `.desktop` files below `directory`, as `files(in:)` finds them, by ID.
    public static func table(of directory: String) -> DesktopFileTable {
        var builder = DesktopFileTable.Builder(directory: directory)
        var visited = Set<FileIdentity>()
        scan(directory, subdirectory: [], isPlain: true, depth: 0, visited: &visited, into: &builder)
        return builder.build()
    }

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Adds the files of `path`, which is `subdirectory` below the scanned directory (its bytes as
    /// `DesktopFileTable.Builder.add` takes them).
    private static func scan(
        _ path: String, subdirectory: [UInt8], isPlain: Bool, depth: Int, visited: inout Set<FileIdentity>,
        into builder: inout DesktopFileTable.Builder
    ) {
        var info = stat()
        guard depth < maximumDepth, stat(PathCoding.cString(path), &info) == 0,
            visited.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted
        else { return }
        try? FileBytes.forEachDirectoryName(path) { name, kind in
            if isDesktopFileName(name) {
                builder.add(name, subdirectory: subdirectory, isPlain: isPlain)
                return
            }
            // `readdir(3)` says what a name is; a link, or a name on a file system that does not
            // say, is asked. A subdirectory is read where its name sorts: the order decides which
            // of two files with one ID is found first.
            guard kind != .other else { return }
            let decoded = PathCoding.decode(name)
            let below = path + "/" + decoded
            guard kind == .directory || FileBytes.isDirectory(below) else { return }
            scan(
                below, subdirectory: subdirectory + Array(decoded.utf8) + [UInt8(ascii: "/")],
                isPlain: isPlain && !PathCoding.carriesBytes(decoded), depth: depth + 1, visited: &visited, into: &builder)
        }
    }

    /// Whether a name ends in `.desktop`, compared as bytes.
    private static func isDesktopFileName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix: StaticString = ".desktop"
        guard name.count >= suffix.utf8CodeUnitCount else { return false }
        return memcmp(name.baseAddress! + name.count - suffix.utf8CodeUnitCount, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
    }
}
