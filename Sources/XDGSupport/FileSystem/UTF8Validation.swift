/// Finding where text stops being UTF-8, so a warning can name the line.
public enum UTF8Validation {
    /// The 1-based line of the first byte that is not part of valid UTF-8, or nil when all of
    /// `bytes` is valid.
    public static func firstInvalidLine<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        bytes.withBytesInOneBuffer(firstInvalidLine(contiguous:))
    }

    /// `firstInvalidLine(_:)` of bytes that lie in one buffer.
    private static func firstInvalidLine(contiguous bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if isValid(bytes) { return nil }
        var line = 1
        var start = bytes.startIndex
        // Validate line by line: a line feed never occurs inside a multi-byte sequence.
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            if !isValid(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return line }
            line += 1
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return line
    }

    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard, section 3.9, table 3-7), found
    /// without making a string of them: a list of tens of kilobytes is checked on every query, and
    /// a string would be a copy of it. Eight ASCII bytes are passed over at a time.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The sequence's length, and the range its second byte must be in.
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            guard index + length <= count, second.contains(base[index + 1]) else { return false }
            for offset in 2..<length where !(0x80...0xBF).contains(base[index + offset]) { return false }
            index += length
        }
        return true
    }
}
