/// Finding where text stops being UTF-8, so a warning can name the line.
public enum UTF8Validation {
    /// The 1-based line of the first byte that is not part of valid UTF-8, or nil when all of
    /// `bytes` is valid.
    public static func firstInvalidLine<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        bytes.withBytesInOneBuffer(firstInvalidLine(contiguous:))
    }

    /// `firstInvalidLine(_:)` of bytes that lie in one buffer.
    private static func firstInvalidLine(contiguous bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var line = 1
        var start = bytes.startIndex
        // Validate line by line: a line feed never occurs inside a multi-byte sequence.
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
            if String(validating: bytes[start..<end], as: UTF8.self) == nil { return line }
            line += 1
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return line
    }
}
