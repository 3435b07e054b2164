internal import CSystem

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading and writing `user.*` extended attributes (freedesktop CommonExtendedAttributes).
///
/// Attributes are never required: a file system without them simply has none (SPECS rule 83).
public enum ExtendedAttributes {
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
        guard removexattr(PathCoding.cString(path), name) == 0 || errno == ENODATA else { throw .fromErrno() }
    }
}
