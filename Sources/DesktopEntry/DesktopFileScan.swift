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
        var found: [(id: String, path: String)] = []
        var visited = Set<FileIdentity>()
        scan(directory, prefix: "", depth: 0, visited: &visited, into: &found)
        return found
    }

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func scan(
        _ directory: String, prefix: String, depth: Int, visited: inout Set<FileIdentity>,
        into found: inout [(id: String, path: String)]
    ) {
        var info = stat()
        guard depth < maximumDepth, stat(PathCoding.cString(directory), &info) == 0,
            visited.insert(FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted,
            let names = try? FileBytes.directoryEntries(directory)
        else { return }
        var directoryBytes = directory
        directoryBytes.withUTF8 { directoryBytes in
            for name in names {
                var nameBytes = name
                nameBytes.withUTF8 { nameBytes in
                    let path = joined(directoryBytes, nameBytes)
                    if isDesktopFileName(nameBytes) {
                        found.append((prefix.isEmpty ? name : prefix + name, path))
                    } else if FileBytes.isDirectory(path) {
                        scan(path, prefix: prefix + name + "-", depth: depth + 1, visited: &visited, into: &found)
                    }
                }
            }
        }
    }

    /// `directory` + "/" + `name`, made in one go: a scan makes a path for each of hundreds of
    /// names, and joining strings piece by piece costs several times as much.
    private static func joined(_ directory: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: directory.count + 1 + name.count) { buffer in
            let slash = buffer.initialize(fromContentsOf: directory)
            buffer[slash] = UInt8(ascii: "/")
            return buffer[(slash + 1)...].initialize(fromContentsOf: name)
        }
    }

    /// Whether a name ends in `.desktop`, compared as bytes.
    private static func isDesktopFileName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix: StaticString = ".desktop"
        guard name.count >= suffix.utf8CodeUnitCount else { return false }
        return memcmp(name.baseAddress! + name.count - suffix.utf8CodeUnitCount, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
    }
}
