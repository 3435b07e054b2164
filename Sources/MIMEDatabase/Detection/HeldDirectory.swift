#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The directory of the paths one thread types, held open while they stay in it, so that each
/// path after the first of a run in one directory (a sorted list has many) is looked up by its
/// last name alone, relative to it, instead of walking every directory of the path again in each
/// system call.
///
/// A directory is opened at the second path in it, so that a list without runs costs nothing
/// more. It is only a starting point for lookups, never read; one that cannot be opened (missing,
/// or searchable but not readable) leaves its paths to be looked up whole.
struct HeldDirectory {
    /// The bytes of the last directory's path, with its final `/`, as the paths give it.
    private var path: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes of `path` are the last directory's, or -1 before the first path.
    private var length = -1
    /// The open directory; `notOpened` until a second path names it, `unopenable` when it failed.
    private var descriptor = Self.notOpened
    /// Whether the kernel looks attributes up relative to a directory (`getxattrat`, Linux 6.13).
    var attributesRelative = true

    private static let notOpened: Int32 = -1
    private static let unopenable: Int32 = -2

    /// Nothing held; the storage for a directory's path grows when a path first needs it.
    init() {
        path = .allocate(capacity: 0)
    }

    /// Where to look the C string `cPath` up, whose first `prefix` bytes (up to and with its last
    /// `/`) name its directory: relative to the held directory when the path before was in it
    /// too, else the whole path from the working directory (`AT_FDCWD`).
    mutating func lookup(_ cPath: UnsafeMutablePointer<CChar>, prefix: Int) -> (directory: Int32, entry: UnsafePointer<CChar>) {
        let whole = (AT_FDCWD, UnsafePointer(cPath))
        if prefix == 0 { return whole }
        let bytes = UnsafeMutableRawPointer(cPath).assumingMemoryBound(to: UInt8.self)
        guard prefix == length && memcmp(path.baseAddress!, bytes, prefix) == 0 else {
            remember(bytes, count: prefix)
            return whole
        }
        if descriptor == Self.notOpened {
            // The directory's path is the C string cut after its last '/'.
            let cut = cPath[prefix]
            cPath[prefix] = 0
            let opened = open(cPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            cPath[prefix] = cut
            descriptor = opened < 0 ? Self.unopenable : opened
        }
        return descriptor < 0 ? whole : (descriptor, UnsafePointer(cPath + prefix))
    }

    /// Makes the directory of `count` bytes at `bytes` the last one, not yet opened.
    private mutating func remember(_ bytes: UnsafePointer<UInt8>, count: Int) {
        close()
        if path.count < count {
            path.deallocate()
            path = .allocate(capacity: max(count, 2 * path.count))
        }
        path.baseAddress!.update(from: bytes, count: count)
        length = count
    }

    /// Closes the held directory.
    private mutating func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = Self.notOpened
    }

    /// Closes the held directory and frees the storage.
    mutating func deallocate() {
        close()
        path.deallocate()
    }
}
