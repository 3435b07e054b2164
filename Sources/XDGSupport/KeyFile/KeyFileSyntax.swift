#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The grammar of the `[Group]` / `Key=Value` syntax, over the bytes of a file: where its lines
/// end and what each line is (SPECS rules 59a, 61, 64).
///
/// This is the one definition of the syntax. `KeyFile` builds its lossless model from it; readers
/// that need only a few keys (the desktop-entry read for resolution) walk the same shapes and
/// make strings only of what they keep.
package struct KeyFileSyntax {
    /// The UTF-8 bytes of the text; valid only inside `reading(_:_:)`.
    package let bytes: UnsafeBufferPointer<UInt8>

    /// What one line is; ranges are offsets into `bytes`.
    package enum Shape {
        /// A blank line or a comment.
        case comment
        /// A `[Group]` header; `name` is between the brackets.
        case group(name: Range<Int>)
        /// A line that starts with `[` and has no closing `]` (then only blanks).
        case unclosedGroup(content: Range<Int>)
        /// A `Key=Value` or `Key[locale]=Value` line: the key and locale trimmed, everything before
        /// `=` (`keyPart`, untrimmed), and the value after the blanks that follow `=`.
        case entry(key: String, locale: String?, keyPart: Range<Int>, value: Range<Int>)
        /// A line with no `=`.
        case noSeparator(content: Range<Int>)
        /// A line whose key is empty.
        case emptyKey(content: Range<Int>)
    }

    /// Calls `body` with the syntax of `text`'s bytes.
    package static func reading<Result>(_ text: String, _ body: (KeyFileSyntax) throws -> Result) rethrows -> Result {
        var storage = text
        return try storage.withUTF8 { try body(KeyFileSyntax(bytes: $0)) }
    }

    /// Calls `body` with the syntax of `bytes`, which must be valid UTF-8 (as a String's are).
    package static func reading<Result>(utf8 bytes: [UInt8], _ body: (KeyFileSyntax) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(KeyFileSyntax(bytes: $0)) }
    }

    /// Calls `body` with the range of every line, without its line feed, in order.
    ///
    /// Walks the UTF-8 bytes, never Characters: "\r\n" and a combining mark after "=" are single
    /// Characters in Swift, and must not hide a line end or a separator. Every byte looked for is
    /// ASCII, so each cut falls between scalars; walking bytes also keeps a list of a million
    /// lines fast.
    package func forEachLine(_ body: (Range<Int>) throws -> Void) rethrows {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            let end =
                memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
                .map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
            try body(start..<end)
            start = end + 1
        }
    }

    /// The text of `range`.
    package func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether the bytes of `range` are exactly `text`'s, without making a string of them.
    package func bytes(_ range: Range<Int>, equal text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        guard let base = bytes.baseAddress, range.count > 0 else { return true }
        return memcmp(base + range.lowerBound, text.utf8Start, range.count) == 0
    }

    /// Whether the bytes of `range` are exactly `other`.
    package func bytes(_ range: Range<Int>, equal other: [UInt8]) -> Bool {
        guard range.count == other.count else { return false }
        guard let base = bytes.baseAddress, range.count > 0 else { return true }
        return memcmp(base + range.lowerBound, other, range.count) == 0
    }

    private func isBlank(_ index: Int) -> Bool {
        bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
    }

    /// Where the parts of a line are, read from its bytes alone: `shape(of:)` before the key of an
    /// entry is split and made a string, for readers that look for a few keys among many lines.
    package enum Layout {
        /// A blank line or a comment.
        case comment
        /// A `[Group]` header; `name` is between the brackets.
        case group(name: Range<Int>)
        /// A line that starts with `[` and has no closing `]` (then only blanks).
        case unclosedGroup(content: Range<Int>)
        /// A line with `=`: everything before it (`keyPart`, untrimmed), the value after the
        /// blanks that follow it, and the line without a final carriage return.
        case separated(keyPart: Range<Int>, value: Range<Int>, content: Range<Int>)
        /// A line with no `=`.
        case noSeparator(content: Range<Int>)
    }

    /// Where the parts of the line at `range` (without its line feed; a final carriage return is
    /// not content) are.
    package func layout(of range: Range<Int>) -> Layout {
        var end = range.upperBound
        if end > range.lowerBound && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let content = range.lowerBound..<end
        var first = content.lowerBound
        while first < end && isBlank(first) { first += 1 }
        if first == end || bytes[first] == UInt8(ascii: "#") { return .comment }
        if bytes[first] == UInt8(ascii: "[") {
            var close = end - 1
            while close > first && bytes[close] != UInt8(ascii: "]") { close -= 1 }
            guard close > first, (close + 1..<end).allSatisfy(isBlank) else { return .unclosedGroup(content: content) }
            return .group(name: first + 1..<close)
        }
        guard let base = bytes.baseAddress,
            let found = memchr(base + content.lowerBound, Int32(UInt8(ascii: "=")), content.count)
        else { return .noSeparator(content: content) }
        let equals = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        var valueStart = equals + 1
        while valueStart < end && isBlank(valueStart) { valueStart += 1 }
        return .separated(keyPart: content.lowerBound..<equals, value: valueStart..<end, content: content)
    }

    /// What the line at `range` (without its line feed; a final carriage return is not content) is.
    package func shape(of range: Range<Int>) -> Shape {
        switch layout(of: range) {
        case .comment: return .comment
        case .group(let name): return .group(name: name)
        case .unclosedGroup(let content): return .unclosedGroup(content: content)
        case .noSeparator(let content): return .noSeparator(content: content)
        case .separated(let keyPart, let value, let content):
            let (key, locale) = splitKey(keyPart)
            if key.isEmpty { return .emptyKey(content: content) }
            return .entry(key: key, locale: locale, keyPart: keyPart, value: value)
        }
    }

    /// The key and locale that the key part of an entry line (before `=`) holds, trimmed, as
    /// ranges of its bytes, when the key part is ASCII (then its bytes are its Characters: a line
    /// holds no line feed, so no "\r\n" pair); nil for a key part with a byte above 127, which only
    /// `shape(of:)` splits (by Character: a `]` or `[` with a combining mark after it is not one).
    package func asciiKey(_ keyPart: Range<Int>) -> (key: Range<Int>, locale: Range<Int>?)? {
        guard let base = bytes.baseAddress, !keyPart.isEmpty else { return (keyPart, nil) }
        var any: UInt8 = 0
        var index = keyPart.lowerBound
        while index < keyPart.upperBound {
            any |= base[index]
            index &+= 1
        }
        if any >= 0x80 { return nil }
        let whole = trimmed(keyPart)
        // The first `[` is never a blank, so it is the trimmed key's first too.
        guard whole.count > 1, base[whole.upperBound - 1] == UInt8(ascii: "]"),
            let found = memchr(base + whole.lowerBound, Int32(UInt8(ascii: "[")), whole.count)
        else { return (whole, nil) }
        let open = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        return (trimmed(whole.lowerBound..<open), open + 1..<whole.upperBound - 1)
    }

    /// The key and locale that the key part of an entry line (before `=`) holds, trimmed.
    private func splitKey(_ range: Range<Int>) -> (key: String, locale: String?) {
        guard let ascii = asciiKey(range) else { return Self.splitLocale(string(range).trimmingSpaces()) }
        return (string(ascii.key), ascii.locale.map(string))
    }

    /// `range` without its leading and trailing blanks.
    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && isBlank(lower) { lower += 1 }
        while upper > lower && isBlank(upper - 1) { upper -= 1 }
        return lower..<upper
    }

    /// `Key[locale]` → (`Key`, `locale`); a key without a locale → (key, nil).
    private static func splitLocale(_ fullKey: String) -> (String, String?) {
        // A last Character "]" needs a last byte "]"; most keys fail this cheaper test first.
        guard fullKey.utf8.last == UInt8(ascii: "]"), fullKey.hasSuffix("]"), let open = fullKey.firstIndex(of: "[") else {
            return (fullKey, nil)
        }
        let locale = fullKey[fullKey.index(after: open)..<fullKey.index(before: fullKey.endIndex)]
        return (String(fullKey[..<open]).trimmingSpaces(), String(locale))
    }
}
