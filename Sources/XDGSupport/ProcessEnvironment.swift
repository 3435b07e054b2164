#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension XDGEnvironment {
    /// The running process's environment variables; values name directories (HOME,
    /// XDG_DATA_HOME), which need not be UTF-8, so they are read in `PathCoding`'s form.
    public static func processVariables() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            // The name ends at the first '=' byte (POSIX, Base Definitions, 8.1); the value is the rest.
            if let equals = strchr(entry, 0x3D) {
                let bytes = UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self)
                let nameLength = UnsafePointer(equals) - UnsafePointer(entry)
                let name = PathCoding.decode(UnsafeBufferPointer(start: bytes, count: nameLength))
                result[name] = PathCoding.decode(cString: equals + 1)
            }
            pointer += 1
        }
        return result
    }
}
