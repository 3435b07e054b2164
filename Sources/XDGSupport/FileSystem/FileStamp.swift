#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A short fingerprint of what a set of files is now: their names, and for each what `stat(2)`
/// says of it (device, inode, kind and mode, size, modification and change times, to the
/// nanosecond). Two fingerprints differ when a file was added, removed, renamed, replaced or
/// written between them; they are equal when nothing was (a write that keeps the size and both
/// times to the nanosecond aside). It tells "maybe changed" from "unchanged" cheaply, so that a
/// caller can skip reading files that did not change; it is not a cryptographic hash.
public struct FileStamp: Sendable {
    /// Two 64-bit FNV-1a lanes with different starting points, so that the text is 128 bits.
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x6c62_272e_07bb_0142
    /// How many items went in.
    private var count = 0

    /// An empty fingerprint.
    public init() {}

    /// The fingerprint as text: 32 hexadecimal digits and the number of items.
    public var text: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(first) + hex(second) + "/" + String(count)
    }

    /// Adds `text` (followed by a separator, so that `ab`,`c` and `a`,`bc` differ).
    public mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)
        count += 1
    }

    /// Adds the name `path` and what `stat(2)` says of the file it names (following links), or
    /// that there is none.
    public mutating func addFile(_ path: String) {
        _ = addStatted(path)
    }

    /// `addFile`, returning whether `path` is a directory (following links), from the same
    /// `stat(2)`: a tree's walk stats each entry once.
    private mutating func addStatted(_ path: String) -> Bool {
        var info = stat()
        let found = stat(PathCoding.cString(path), &info) == 0
        for byte in path.utf8 { mix(byte) }
        mix(UInt8(ascii: "\t"))
        if found {
            let fields: [Int64] = [
                Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_mode), Int64(info.st_size),
                Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec),
                Int64(info.st_ctim.tv_nsec),
            ]
            for field in fields {
                for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: field >> Int64(shift))) }
            }
        } else {
            mix(UInt8(ascii: "-"))
        }
        mix(0)
        count += 1
        return found && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Adds every entry below `directory` (not the directory itself), its subdirectories to
    /// `depth` levels, each directory once (by device and inode); `skip` names paths left out.
    public mutating func addTree(_ directory: String, depth: Int, skip: (String) -> Bool = { _ in false }) {
        var visited = Set<[UInt64]>()
        addTree(directory, depth: depth, visited: &visited, skip: skip)
    }

    private mutating func addTree(
        _ directory: String, depth: Int, visited: inout Set<[UInt64]>, skip: (String) -> Bool
    ) {
        var info = stat()
        guard stat(PathCoding.cString(directory), &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
            visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
        else { return }
        for name in (try? FileBytes.directoryEntries(directory)) ?? [] {
            let path = directory + "/" + name
            guard !skip(path) else { continue }
            if addStatted(path) && depth > 0 { addTree(path, depth: depth - 1, visited: &visited, skip: skip) }
        }
    }

    /// `stat(2)` of `path` as one line, nil when there is nothing there.
    public static func describe(_ path: String) -> String? {
        var info = stat()
        guard stat(PathCoding.cString(path), &info) == 0 else { return nil }
        let fields: [Int64] = [
            Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_mode), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
        ]
        var line = ""
        for field in fields { line += String(field) + " " }
        return line
    }

    private mutating func mix(_ byte: UInt8) {
        first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        second = (second ^ UInt64(byte ^ 0x5c)) &* 0x0000_0100_0000_01b3
        second = (second << 7) | (second >> 57)
    }
}
