#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension FileBytes {
    /// A directory held open, so that many of its entries are measured by `fstatat(2)` relative to
    /// it: checking the hundreds of entries of an `applications/` directory then does not walk
    /// the directory's path again for each.
    public final class OpenDirectory {
        private let descriptor: Int32

        /// Opens the directory at `path`; nil when it cannot be opened.
        public init?(_ path: String) {
            descriptor = open(PathCoding.cString(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor < 0 { return nil }
        }

        deinit { close(descriptor) }

        /// The modification time of the entry at `relativePath` (the bytes of a path below the
        /// directory, NUL-terminated), as `modificationTime` gives it: following links, nil when
        /// it cannot be read.
        public func modificationTime(_ relativePath: UnsafePointer<CChar>) -> Int64? {
            var info = stat()
            return fstatat(descriptor, relativePath, &info, 0) == 0 ? nanoseconds(info.st_mtim) : nil
        }
    }
}
