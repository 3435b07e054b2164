import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The directories of the paths one thread types, held open along the way to the last path's
/// directory, so that each path is looked up by its last name alone, relative to its directory,
/// and each directory is reached from the nearest one held instead of from the root again.
///
/// A sorted list goes down into a directory and back up out of it. A directory at most
/// `maximumStep` names below a held one is opened from it, at its first path, and held until a
/// path leaves it; so is the directory of the second path in a row in one directory, by its whole
/// path when nothing above it is held, so that a list without runs costs nothing more. The
/// directories are held as places to look up from (`LookupDirectory`), never read; one that
/// cannot be opened leaves its paths to be looked up whole, as does a path of no directory.
struct HeldDirectories {
    /// The bytes of the last directory's path, with its final `/`, as the paths give it.
    private var path: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes of `path` are the last directory's, or -1 before the first path.
    private var length = -1
    /// For each held directory, outermost first: how many bytes of `path` name it.
    private let ends: UnsafeMutableBufferPointer<Int>
    /// For each held directory, outermost first: its descriptor.
    private let descriptors: UnsafeMutableBufferPointer<Int32>
    /// How many directories are held.
    private var depth = 0
    /// Whether the last directory could not be held, so that its next paths do not try again.
    private var lastUnheld = false
    /// Whether the kernel looks attributes up relative to a directory (`getxattrat`, Linux 6.13).
    var attributesRelative = true

    /// The most directories held at once by default; a path deeper than what is held is looked
    /// up whole until a directory below the held ones is opened.
    static let capacity = 32
    /// The most directories this one holds at once (`capacity`, or fewer when many threads
    /// each hold theirs and descriptors are scarce).
    private let limit: Int
    /// How many names below the nearest held directory a directory may be to be opened from it
    /// at its first path.
    static let maximumStep = 2

    /// How many directories are held now.
    var heldCount: Int { depth }

    /// Nothing held, and at most `limit` directories (at least one) to be held at once; the
    /// storage for a directory's path grows when a path first needs it.
    init(limit: Int = Self.capacity) {
        self.limit = max(1, limit)
        path = .allocate(capacity: 0)
        ends = .allocate(capacity: self.limit)
        descriptors = .allocate(capacity: self.limit)
    }

    /// Where to look the C string `cPath` up, whose first `prefix` bytes (up to and with its last
    /// `/`, which a name follows) name its directory: relative to that directory when it is held
    /// (opened now if this path is the second in a row in it, or it lies close under one held),
    /// else the whole path from the working directory (`AT_FDCWD`).
    mutating func lookup(_ cPath: UnsafeMutablePointer<CChar>, prefix: Int) -> (directory: Int32, entry: UnsafePointer<CChar>) {
        let whole = (AT_FDCWD, UnsafePointer(cPath))
        if prefix == 0 { return whole }
        let bytes = UnsafeMutableRawPointer(cPath).assumingMemoryBound(to: UInt8.self)
        let entry = UnsafePointer(cPath + prefix)
        if prefix == length && memcmp(path.baseAddress!, bytes, prefix) == 0 {
            if depth > 0 && ends[depth - 1] == prefix { return (descriptors[depth - 1], entry) }
            return !lastUnheld && hold(cPath, prefix: prefix) ? (descriptors[depth - 1], entry) : whole
        }
        release(beyond: sharedLength(bytes, count: prefix))
        remember(bytes, count: prefix)
        if depth > 0 && ends[depth - 1] == prefix { return (descriptors[depth - 1], entry) }
        if depth > 0 && names(bytes, from: ends[depth - 1], to: prefix) <= Self.maximumStep && hold(cPath, prefix: prefix) {
            return (descriptors[depth - 1], entry)
        }
        return whole
    }

    /// Opens the directory of `cPath`'s first `prefix` bytes, from the innermost held directory
    /// (or by its whole path when none is), and holds it; whether that worked.
    private mutating func hold(_ cPath: UnsafeMutablePointer<CChar>, prefix: Int) -> Bool {
        lastUnheld = true
        guard depth < limit else { return false }
        var start = depth > 0 ? ends[depth - 1] : 0
        // Relative to a held directory, the rest of the path must not begin with '/' (as after
        // "a//"), or it would be looked up from the root.
        if depth > 0 {
            while start < prefix && cPath[start] == CChar(UInt8(ascii: "/")) { start += 1 }
            if start == prefix { return false }
        }
        // The directory's path is the C string cut after its last '/'.
        let cut = cPath[prefix]
        cPath[prefix] = 0
        let opened = LookupDirectory.open(cPath + start, in: depth > 0 ? descriptors[depth - 1] : AT_FDCWD)
        cPath[prefix] = cut
        guard opened >= 0 else { return false }
        ends[depth] = prefix
        descriptors[depth] = opened
        depth += 1
        lastUnheld = false
        return true
    }

    /// How many of the first `count` bytes at `bytes` begin the last directory's path too.
    private func sharedLength(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        let limit = min(count, max(length, 0))
        let last = UnsafeRawPointer(path.baseAddress!)
        let next = UnsafeRawPointer(bytes)
        var shared = 0
        // Eight bytes at a time while they agree, then byte by byte.
        while shared + 8 <= limit
            && last.loadUnaligned(fromByteOffset: shared, as: UInt64.self)
                == next.loadUnaligned(fromByteOffset: shared, as: UInt64.self)
        {
            shared += 8
        }
        while shared < limit && path[shared] == bytes[shared] { shared += 1 }
        return shared
    }

    /// How many names the bytes at `bytes` from `start` to `end` hold (each ends in a `/`).
    private func names(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        for index in start..<end where bytes[index] == UInt8(ascii: "/") { count += 1 }
        return count
    }

    /// Closes the held directories whose paths are longer than `shared` bytes, the ones a path
    /// sharing only those bytes with the last directory's is not in.
    private mutating func release(beyond shared: Int) {
        while depth > 0 && ends[depth - 1] > shared {
            depth -= 1
            _ = close(descriptors[depth])
        }
    }

    /// Makes the directory of `count` bytes at `bytes` the last one. The held directories'
    /// paths begin it (`release(beyond:)` closed the others), so they stay valid.
    private mutating func remember(_ bytes: UnsafePointer<UInt8>, count: Int) {
        if path.count < count {
            path.deallocate()
            path = .allocate(capacity: max(count, 2 * path.count))
        }
        path.baseAddress!.update(from: bytes, count: count)
        length = count
        lastUnheld = false
    }

    /// Closes the held directories and frees the storage.
    mutating func deallocate() {
        release(beyond: -1)
        path.deallocate()
        ends.deallocate()
        descriptors.deallocate()
    }
}
