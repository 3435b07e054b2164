#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// File names that are not valid UTF-8, carried losslessly in Swift strings.
///
/// Linux file names are bytes. Swift strings hold only valid Unicode, so each byte that is not part
/// of valid UTF-8 is carried as the private-use scalar U+10FF00 + byte (U+10FF80…U+10FFFF), and
/// turned back into that byte when the name goes to a system call. Valid names are unchanged.
public enum PathCoding {
    static let base: UInt32 = 0x10FF00

    /// The string for the bytes of a name.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var result = String.UnicodeScalarView()
        // Walk sequence by sequence so that each invalid byte is mapped on its own.
        let buffer = Array(bytes)
        var index = 0
        while index < buffer.count {
            let length = sequenceLength(buffer, at: index)
            if length > 0 {
                result.append(contentsOf: String(decoding: buffer[index..<index + length], as: UTF8.self).unicodeScalars)
                index += length
            } else {
                result.append(Unicode.Scalar(base + UInt32(buffer[index]))!)
                index += 1
            }
        }
        return String(result)
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
            String(validating: bytes[index..<index + length], as: UTF8.self) != nil else { return 0 }
        return length
    }

    /// The bytes of a name, NUL-terminated, for a system call.
    public static func cString(_ string: String) -> [CChar] {
        // A carried byte is U+10FF80…U+10FFFF, whose UTF-8 starts with 0xF4: without that byte the
        // string's own UTF-8 is the name.
        let plain = string.utf8.withContiguousStorageIfAvailable { $0.isEmpty || memchr($0.baseAddress!, 0xF4, $0.count) == nil }
        if plain ?? !string.utf8.contains(0xF4) { return Array(string.utf8CString) }
        var bytes: [CChar] = []
        for scalar in string.unicodeScalars {
            if scalar.value >= base + 0x80 && scalar.value <= base + 0xFF {
                bytes.append(CChar(bitPattern: UInt8(scalar.value - base)))
            } else {
                bytes += String(scalar).utf8.map { CChar(bitPattern: $0) }
            }
        }
        return bytes + [0]
    }

    /// Whether a scalar stands for a byte that was not UTF-8.
    public static func isEncodedByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= base + 0x80 && scalar.value <= base + 0xFF
    }
}
