/// Percent-encoding of bytes (RFC 3986 section 2.1): the package's one encoder and decoder.
///
/// Text is handled as the bytes a system call would see (`PathCoding`), so a name that is not
/// UTF-8 is encoded byte for byte and a decoded name that is not UTF-8 is carried, not replaced.
public enum PercentEncoding {
    /// Why percent-encoded text cannot be decoded.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A `%` that is not followed by two hexadecimal digits, as written.
        case malformedEscape(String)
        /// `%00`, or a NUL byte as itself, in a path: no name or path can hold a NUL byte.
        case nul
        /// `%2F` inside a path segment: an encoded `/` would join two names into one path.
        case encodedSlash

        /// What is wrong, in a phrase.
        public var description: String {
            switch self {
            case .malformedEscape(let escape):
                return "'\(escape)' is not '%' followed by two hexadecimal digits"
            case .nul: return "it holds a NUL byte ('%00'), which no file name can hold"
            case .encodedSlash:
                return "'%2F' stands for a '/' inside a name, which no file name can hold"
            }
        }
    }

    /// The ASCII letters and digits, which no encoding changes.
    public static let alphanumerics: Set<UInt8> = Set(
        Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")))

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// `bytes` with every byte that is not in `kept` written as `%XX`, in upper case.
    public static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, keeping kept: Set<UInt8>)
        -> String
    {
        var result = String.UnicodeScalarView()
        for byte in bytes {
            if kept.contains(byte) && byte < 0x80 {
                result.append(Unicode.Scalar(byte))
            } else {
                result.append("%")
                result.append(hexDigits[Int(byte >> 4)])
                result.append(hexDigits[Int(byte & 0xF)])
            }
        }
        return String(result)
    }

    /// The bytes of `text` as a system call sees them, every byte not in `kept` written as `%XX`.
    public static func encode(_ text: String, keeping kept: Set<UInt8>) -> String {
        encode(bytes(of: text), keeping: kept)
    }

    /// The bytes `text` stands for: `%` and exactly two hexadecimal digits are one byte, every
    /// other byte is itself.
    ///
    /// - Throws: `Failure.malformedEscape` for a `%` without two hexadecimal digits after it (a
    ///   sign, a space or the end of the text included).
    public static func decode(_ text: String) throws(Failure) -> [UInt8] {
        try decode(bytes(of: text), refusing: [])
    }

    /// The name or path `text` stands for, as a string that carries bytes that are not UTF-8.
    ///
    /// - Throws: `Failure` for a malformed escape, a NUL (`%00` or as itself) or an encoded `/`
    ///   (`%2F`): a literal `/` separates segments, an encoded one would hide inside a segment.
    public static func decodePath(_ text: String) throws(Failure) -> String {
        PathCoding.decode(try decode(bytes(of: text), refusing: [0x00, UInt8(ascii: "/")]))
    }

    private static func decode(_ input: [UInt8], refusing refused: Set<UInt8>) throws(Failure)
        -> [UInt8]
    {
        var result: [UInt8] = []
        result.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            guard input[index] == UInt8(ascii: "%") else {
                // A NUL written as itself would end the name at a system call just as '%00' would.
                if input[index] == 0 && refused.contains(0) { throw .nul }
                result.append(input[index])
                index += 1
                continue
            }
            guard index + 2 < input.count, let high = HexDigit.value(of: input[index + 1]),
                let low = HexDigit.value(of: input[index + 2])
            else {
                let escape = input[index..<min(index + 3, input.count)]
                throw .malformedEscape(PathCoding.decode(escape))
            }
            let byte = high << 4 | low
            if refused.contains(byte) { throw byte == 0 ? .nul : .encodedSlash }
            result.append(byte)
            index += 3
        }
        return result
    }

    /// The bytes of `text` as a system call sees them.
    static func bytes(of text: String) -> [UInt8] {
        PathCoding.cString(text).dropLast().map { UInt8(bitPattern: $0) }
    }
}
