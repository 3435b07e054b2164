#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension FileBytes {
    /// The modification times of `paths`, all below `directory` (each `directory` + "/" + a name),
    /// as `modificationTime` gives them (following links; nil for one that cannot be read), in
    /// order: each read by one `fstatat(2)` relative to the directory held open, so that checking
    /// the hundreds of entries of an `applications/` directory does not walk its path again for
    /// each.
    public static func modificationTimes(of paths: [String], below directory: String) -> [Int64?] {
        let descriptor = open(PathCoding.cString(directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        let directoryBytes = Array(directory.utf8)
        let prefix = directoryBytes.count + 1
        var times: [Int64?] = []
        times.reserveCapacity(paths.count)
        for path in paths {
            var info = stat()
            // A plain name's UTF-8 is its bytes: past the directory and its slash, the C string is
            // the relative name.
            let relative =
                descriptor >= 0 && path.utf8.count > prefix && PathCoding.isPlain(path)
                && path.withCString {
                    memcmp($0, directoryBytes, directoryBytes.count) == 0 && $0[directoryBytes.count] == CChar(UInt8(ascii: "/"))
                }
            let read =
                relative
                ? path.withCString { fstatat(descriptor, $0 + prefix, &info, 0) } == 0
                : stat(PathCoding.cString(path), &info) == 0
            times.append(read ? nanoseconds(info.st_mtim) : nil)
        }
        return times
    }
}
