import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `.desktop` files below one `applications/` directory, by desktop file ID, as
/// `DesktopFileScan` finds them.
///
/// Every query lists every directory and then looks a handful of IDs up, so the IDs and paths are
/// kept as bytes in one buffer, with a hash table over the IDs, and a string is made only of what a
/// caller reads: an ID table of strings cost a query more than all its lookups.
public struct DesktopFileTable: Sendable {
    /// The directory.
    public let directory: String
    /// Each file's ID, then its path below the directory when that differs (a file in a
    /// subdirectory), each followed by a NUL; the UTF-8 of the strings `PathCoding` makes of them.
    private let bytes: [UInt8]
    /// Every file found, in order, an ID found twice included.
    private let files: [File]
    /// Open addressing over the IDs: an index into `files` (the first file found for the ID), or
    /// -1; the count is a power of two.
    private let slots: [Int32]
    /// How many IDs there are.
    public let count: Int
    /// ID → path, made when first asked for.
    private let table: LazyValue<[String: String]>

    /// Where one file's bytes are.
    private struct File: Equatable {
        /// The ID's first byte in `bytes`.
        var id: Int32
        /// The path's first byte in `bytes`, below the directory (the ID's bytes for a file that
        /// is not in a subdirectory).
        var relative: Int32
        /// The length of both, without the NUL.
        var count: Int32
        /// Whether the path's bytes are the name's, so that a system call can be given them: false
        /// when `PathCoding` carries a byte that is not UTF-8 in them.
        var isPlain: Bool
        /// Whether it is the first file found for its ID.
        var isFirst = false
    }

    /// Whether there are no files.
    public var isEmpty: Bool { files.isEmpty }

    /// The path of the first file found for `id`, or nil when there is none.
    public func path(of id: String) -> String? {
        firstFile(for: id).map { path(files[$0]) }
    }

    /// Whether a file has the ID `id`.
    public func contains(_ id: String) -> Bool {
        firstFile(for: id) != nil
    }

    /// Every ID, in the order its first file was found.
    public var ids: [String] {
        var ids: [String] = []
        ids.reserveCapacity(count)
        for file in files where file.isFirst { ids.append(Self.id(of: file, in: bytes)) }
        return ids
    }

    /// Every file found, in order, with its ID: an ID can appear twice, from two files.
    public var found: [(id: String, path: String)] {
        files.map { (Self.id(of: $0, in: bytes), path($0)) }
    }

    /// ID → path of its first file.
    public var byID: [String: String] { table.value }

    /// Whether the first file of some ID was modified after `time` (nanoseconds since the epoch);
    /// a file that cannot be read counts as not modified. Each is measured relative to the
    /// directory held open.
    public func anyModified(after time: Int64) -> Bool {
        let open = FileBytes.OpenDirectory(directory)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { names in
                for file in files where file.isFirst {
                    let modified =
                        if let open, file.isPlain {
                            open.modificationTime(names.baseAddress! + Int(file.relative))
                        } else {
                            FileBytes.modificationTime(path(file))
                        }
                    if let modified, modified > time { return true }
                }
                return false
            }
        }
    }

    /// Builds the table of `directory`'s files, added in the order found.
    struct Builder {
        let directory: String
        private var bytes: [UInt8] = []
        private var files: [File] = []

        init(directory: String) {
            self.directory = directory
        }

        /// Adds the file `name` of the subdirectory whose path below the directory is
        /// `subdirectory` (the bytes of the strings `PathCoding` makes, with a trailing `/`; empty
        /// for the directory itself, and `isPlain` as for `File`).
        mutating func add(_ name: UnsafeBufferPointer<UInt8>, subdirectory: [UInt8], isPlain: Bool) {
            if ASCIIBytes.all(name) {
                append(name, subdirectory: subdirectory, isPlain: isPlain)
            } else {
                var decoded = PathCoding.decode(name)
                let plain = isPlain && !PathCoding.carriesBytes(decoded)
                decoded.withUTF8 { append($0, subdirectory: subdirectory, isPlain: plain) }
            }
        }

        private mutating func append(_ name: UnsafeBufferPointer<UInt8>, subdirectory: [UInt8], isPlain: Bool) {
            let id = Int32(bytes.count)
            for byte in subdirectory { bytes.append(byte == UInt8(ascii: "/") ? UInt8(ascii: "-") : byte) }
            bytes.append(contentsOf: name)
            bytes.append(0)
            var relative = id
            if !subdirectory.isEmpty {
                relative = Int32(bytes.count)
                bytes.append(contentsOf: subdirectory)
                bytes.append(contentsOf: name)
                bytes.append(0)
            }
            files.append(File(id: id, relative: relative, count: Int32(subdirectory.count + name.count), isPlain: isPlain))
        }

        /// The table.
        func build() -> DesktopFileTable {
            DesktopFileTable(directory: directory, bytes: bytes, files: files)
        }
    }

    private init(directory: String, bytes: [UInt8], files found: [File]) {
        self.directory = directory
        self.bytes = bytes
        var files = found
        var capacity = 8
        while capacity < files.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        var count = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in files.indices {
                let file = files[index]
                let id = UnsafeBufferPointer(rebasing: buffer[Int(file.id)..<Int(file.id + file.count)])
                var slot = Self.hash(id) & (capacity - 1)
                while slots[slot] >= 0 && !Self.equal(id, files[Int(slots[slot])], in: buffer) {
                    slot = (slot + 1) & (capacity - 1)
                }
                // The first file found for an ID is its file.
                if slots[slot] < 0 {
                    slots[slot] = Int32(index)
                    files[index].isFirst = true
                    count += 1
                }
            }
        }
        self.files = files
        self.slots = slots
        self.count = count
        let (found, idCount) = (files, count)
        table = LazyValue { Self.dictionary(of: found, count: idCount, bytes: bytes, directory: directory) }
    }

    /// ID → path of the first file of each ID among `files`.
    private static func dictionary(of files: [File], count: Int, bytes: [UInt8], directory: String) -> [String: String] {
        var table: [String: String] = [:]
        table.reserveCapacity(count)
        for file in files where file.isFirst { table[id(of: file, in: bytes)] = path(of: file, in: bytes, directory: directory) }
        return table
    }

    /// The index in `files` of the first file for `id`.
    private func firstFile(for id: String) -> Int? {
        var id = id
        return id.withUTF8 { id in
            bytes.withUnsafeBufferPointer { buffer in
                var slot = Self.hash(id) & (slots.count - 1)
                while slots[slot] >= 0 {
                    if Self.equal(id, files[Int(slots[slot])], in: buffer) { return Int(slots[slot]) }
                    slot = (slot + 1) & (slots.count - 1)
                }
                return nil
            }
        }
    }

    private func path(_ file: File) -> String {
        Self.path(of: file, in: bytes, directory: directory)
    }

    /// The ID of `file`, whose bytes are in `bytes`.
    private static func id(of file: File, in bytes: [UInt8]) -> String {
        String(decoding: bytes[Int(file.id)..<Int(file.id + file.count)], as: UTF8.self)
    }

    /// The path of `file`, whose bytes are in `bytes`, in `directory`.
    private static func path(of file: File, in bytes: [UInt8], directory: String) -> String {
        directory + "/" + String(decoding: bytes[Int(file.relative)..<Int(file.relative + file.count)], as: UTF8.self)
    }

    /// FNV-1a of the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: hash)
    }

    private static func equal(_ id: UnsafeBufferPointer<UInt8>, _ file: File, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        Int(file.count) == id.count && (id.isEmpty || memcmp(id.baseAddress!, buffer.baseAddress! + Int(file.id), id.count) == 0)
    }
}

extension DesktopFileTable: Equatable {
    /// Whether two tables hold the same files of the same directory, in the same order.
    public static func == (lhs: DesktopFileTable, rhs: DesktopFileTable) -> Bool {
        lhs.directory == rhs.directory && lhs.bytes == rhs.bytes && lhs.files == rhs.files
    }
}
