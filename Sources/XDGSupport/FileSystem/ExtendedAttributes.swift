internal import CSystem

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading and writing `user.*` extended attributes (freedesktop CommonExtendedAttributes).
///
/// Attributes are never required: a file system without them simply has none (SPECS rule 83).
public enum ExtendedAttributes {
    /// The prefix of assoc's own attributes, such as `user.assoc.open-with`.
    ///
    /// They hold a choice made for one file at one place, so they never travel with it: a copy
    /// leaves them behind and a move takes them off (DESIGN.md decision 11).
    public static let assocPrefix = "user.assoc."

    /// Whether attribute `name` is one of assoc's own (`user.assoc.*`).
    public static func isAssocOwn(_ name: String) -> Bool { name.hasPrefix(assocPrefix) }

    /// The names of the attributes of `path` itself (a symbolic link is not followed).
    public static func names(path: String) -> [String] {
        let cPath = PathCoding.cString(path)
        return names { llistxattr(cPath, $0, $1) }
    }

    /// Calls `list` (a `listxattr` variant) until the list fits, and splits it at its NUL bytes.
    private static func names(_ list: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> [String] {
        for _ in 0..<4 {
            let size = list(nil, 0)
            guard size > 0 else { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let length = buffer.withUnsafeMutableBufferPointer { list($0.baseAddress, size) }
            if length < 0 && errno == ERANGE { continue }
            guard length > 0 else { return [] }
            return buffer[..<length].split(separator: 0).map { PathCoding.decode($0.map { UInt8(bitPattern: $0) }) }
        }
        return []
    }

    /// The value of attribute `name` on `path` (following links), or nil when absent or unsupported.
    public static func value(_ name: String, of path: String) -> String? {
        let cPath = PathCoding.cString(path)
        var size = getxattr(cPath, name, nil, 0)
        guard size > 0 else { return nil }
        while true {
            var buffer = [UInt8](repeating: 0, count: size)
            let length = buffer.withUnsafeMutableBytes { getxattr(cPath, name, $0.baseAddress, $0.count) }
            if length >= 0 { return String(decoding: buffer[..<length], as: UTF8.self) }
            guard errno == ERANGE else { return nil }
            size = getxattr(cPath, name, nil, 0)
            guard size > 0 else { return nil }
        }
    }

    /// Whether attribute `name` of the file at the C string `path` (following links) holds a
    /// value of one byte or more: one system call that reads nothing, for typing many files.
    public static func hasValue(_ name: String, path: UnsafePointer<CChar>) -> Bool {
        // withCString keeps a short name on the stack; passing the String itself copies it to the heap.
        name.withCString { getxattr(path, $0, nil, 0) } > 0
    }

    /// Whether attribute `name` of the entry `entry` of the open directory `directory` (following
    /// links) holds a value of one byte or more, as `hasValue(_:path:)` says of the whole path,
    /// without walking the path from its start again; nil when the kernel cannot say so (before
    /// Linux 6.13, or in a sandbox that refuses the call), and the whole path must be asked.
    public static func hasValue(_ name: String, entry: UnsafePointer<CChar>, directory: Int32) -> Bool? {
        let size = name.withCString { csystem_getxattrat_size(directory, entry, $0) }
        // ENOSYS from an older kernel; EPERM from a sandbox whose filter refuses system calls
        // it does not know. Either way the whole path says.
        if size < 0 && (errno == ENOSYS || errno == EPERM) { return nil }
        return size > 0
    }

    /// Whether attribute `name` of the open file `descriptor` holds a value of one byte or more.
    public static func hasValue(_ name: String, descriptor: Int32) -> Bool {
        name.withCString { fgetxattr(descriptor, $0, nil, 0) } > 0
    }

    /// Sets attribute `name` on `path` to `value`.
    ///
    /// - Throws: `FileBytes.Failure` with the system's reason, such as `Operation not supported`.
    public static func set(_ name: String, to value: String, on path: String) throws(FileBytes.Failure) {
        let bytes = Array(value.utf8)
        let result = bytes.withUnsafeBytes { setxattr(PathCoding.cString(path), name, $0.baseAddress, $0.count, 0) }
        guard result == 0 else { throw .fromErrno() }
    }

    /// Removes attribute `name` from `path`; an absent attribute is not an error.
    public static func remove(_ name: String, from path: String) throws(FileBytes.Failure) {
        guard removexattr(PathCoding.cString(path), PathCoding.cString(name)) == 0 || errno == ENODATA else {
            throw .fromErrno()
        }
    }

    /// The names of the attributes of the open file `descriptor`, in the kernel's order; empty
    /// when it has none or the file system keeps none.
    public static func names(ofDescriptor descriptor: Int32) -> [String] {
        names { flistxattr(descriptor, $0, $1) }
    }

    /// The value of attribute `name` of the open file `descriptor`, as bytes, or nil.
    public static func value(_ name: String, ofDescriptor descriptor: Int32) -> [UInt8]? {
        let name = PathCoding.cString(name)
        for _ in 0..<4 {
            let size = fgetxattr(descriptor, name, nil, 0)
            guard size >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: max(size, 1))
            let length = buffer.withUnsafeMutableBytes { fgetxattr(descriptor, name, $0.baseAddress, $0.count) }
            if length < 0 && errno == ERANGE { continue }
            guard length >= 0 else { return nil }
            return Array(buffer[..<length])
        }
        return nil
    }

    /// Copies every `user.*` attribute of the file at `path` to the open file `destination`, as far
    /// as the destination's file system takes them; a rewrite keeps what others stored on a list.
    ///
    /// - Returns: the names that could not be copied.
    @discardableResult
    public static func copyUserAttributes(from path: String, to destination: Int32) -> [String] {
        let source = open(PathCoding.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard source >= 0 else { return [] }
        defer { close(source) }
        var dropped: [String] = []
        for name in names(ofDescriptor: source) where name.hasPrefix("user.") {
            guard let value = value(name, ofDescriptor: source) else { continue }
            let result = value.withUnsafeBytes { fsetxattr(destination, name, $0.baseAddress, $0.count, 0) }
            if result != 0 { dropped.append(name) }
        }
        return dropped
    }
}
