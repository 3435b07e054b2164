#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// File names that are not valid UTF-8, carried losslessly and unambiguously in Swift strings.
///
/// Linux file names are bytes. Swift strings hold only valid Unicode, so each byte that is not part
/// of valid UTF-8 is carried as the private-use scalar U+10FF00 + byte (U+10FF80…U+10FFFF), and
/// turned back into that byte when the name goes to a system call. So that a name that really
/// contains one of those scalars cannot be taken for a carried byte, such a scalar is itself
/// carried as the four bytes of its UTF-8 (`F4 8F BE/BF xx`). Every other name is unchanged.
///
/// `encode(decode(bytes)) == bytes` for every byte string, so two different names never decode to
/// the same scalars. (Swift's `==` on strings compares canonical equivalence, under which two
/// different valid names, one precomposed and one not, are equal; code that must tell names apart
/// compares their bytes or scalars.)
public enum PathCoding {
    static let base: UInt32 = 0x10FF00
    /// The scalars that stand for bytes: U+10FF80…U+10FFFF.
    static let carried: ClosedRange<UInt32> = (base + 0x80)...(base + 0xFF)
    /// The first byte of the UTF-8 of every carried scalar.
    static let carriedLead: UInt8 = 0xF4

    /// The string for the bytes of a name.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.withBytesInOneBuffer(decode(contiguous:))
    }

    /// `decode(_:)` of bytes that lie in one buffer.
    private static func decode(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        // ASCII (most names) is valid UTF-8 without a carried scalar, and is copied as it is.
        if ASCIIBytes.all(bytes) { return String(decoding: bytes, as: UTF8.self) }
        // No 0xF4 byte: no carried scalar can be in it, so valid UTF-8 stands for itself.
        if !bytes.contains(carriedLead), let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var result = String.UnicodeScalarView()
        // Walk sequence by sequence so that each invalid byte is mapped on its own.
        let buffer = Array(bytes)
        var index = 0
        while index < buffer.count {
            let length = sequenceLength(buffer, at: index)
            let scalars = String(decoding: buffer[index..<index + max(length, 1)], as: UTF8.self).unicodeScalars
            if length > 0, let scalar = scalars.first, !carried.contains(scalar.value) {
                result.append(scalar)
            } else {
                // An invalid byte, or a scalar that would read as a carried byte: each byte carried.
                for byte in buffer[index..<index + max(length, 1)] { result.append(carriedScalar(byte)) }
            }
            index += max(length, 1)
        }
        return String(result)
    }

    /// The string for the NUL-terminated name at `pointer`, as a system call returns it.
    public static func decode(cString pointer: UnsafePointer<CChar>) -> String {
        decode(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// The scalar that carries `byte` (0x80…0xFF).
    private static func carriedScalar(_ byte: UInt8) -> Unicode.Scalar {
        // U+10FF80…U+10FFFF are valid scalars.
        Unicode.Scalar(base + UInt32(byte)).unsafelyUnwrapped
    }

    /// The length of the valid UTF-8 sequence at `index`, or 0 when the byte there starts none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        let length: Int
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count,
            String(validating: bytes[index..<index + length], as: UTF8.self) != nil
        else { return 0 }
        return length
    }

    /// The bytes of a name, without a terminating NUL: the inverse of `decode`.
    public static func encode(_ string: String) -> [UInt8] {
        if isPlain(string) { return Array(string.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            if carried.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - base))
            } else {
                bytes += String(scalar).utf8
            }
        }
        return bytes
    }

    /// The bytes of a name, NUL-terminated, for a system call.
    public static func cString(_ string: String) -> [CChar] {
        if isPlain(string) { return Array(string.utf8CString) }
        return encode(string).map { CChar(bitPattern: $0) } + [0]
    }

    /// Whether `string` carries no byte for certain, so that its own UTF-8 is the name: every
    /// carried scalar's UTF-8 starts with 0xF4, and it has none.
    static func isPlain(_ string: String) -> Bool {
        let plain = string.utf8.withContiguousStorageIfAvailable {
            $0.isEmpty || memchr($0.baseAddress!, Int32(carriedLead), $0.count) == nil
        }
        return plain ?? !string.utf8.contains(carriedLead)
    }

    /// Whether a scalar stands for a byte (one that was not UTF-8, or one of a carried scalar's).
    public static func isEncodedByte(_ scalar: Unicode.Scalar) -> Bool {
        carried.contains(scalar.value)
    }

    /// Whether `string` carries any byte, so that its own UTF-8 is not the name's bytes.
    public static func carriesBytes(_ string: String) -> Bool {
        string.utf8.contains(carriedLead) && string.unicodeScalars.contains(where: isEncodedByte)
    }
}
