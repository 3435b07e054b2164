/// A lossless model of the `[Group]` / `Key=Value` syntax shared by `.desktop` and `.list` files.
///
/// Every line is kept with its original bytes, so that a rewrite changes only the lines it must:
/// comments, blank lines, order, unknown groups and unknown keys survive (SPECS rules 59a, 61, 64).
public struct KeyFile: Sendable, Equatable {
    /// The lines, in file order.
    public var lines: [KeyFileLine]
    /// Whether the original text ended with a newline (kept on rewrite).
    public var endsWithNewline: Bool

    /// Parses `text`; problems are reported in `diagnostics` naming `path` and the line.
    ///
    /// A line that is neither a comment, a group header nor `key=value` is kept verbatim as
    /// `.invalid` and reported; a key before any group is reported too. Nothing throws: the caller
    /// decides whether a diagnostic makes the whole file unusable.
    public init(parsing text: String, path: String, diagnostics: inout [Diagnostic]) {
        var lines: [KeyFileLine] = []
        var sawGroup = false
        var number = 0
        // Lines are read as bytes and split on 0x0A, never on Characters: "\r\n" and a combining
        // mark after "=" are single Characters in Swift, and must not hide a line end or a
        // separator. Every byte looked for is ASCII, which never occurs inside a multi-byte UTF-8
        // sequence, so the pieces decode exactly as the whole line would.
        var text = text
        text.withUTF8 { buffer in
            var start = 0
            while start < buffer.count {
                let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
                number += 1
                lines.append(Self.parseLine(UnsafeBufferPointer(rebasing: buffer[start..<end]), number: number, path: path,
                                            sawGroup: &sawGroup, diagnostics: &diagnostics))
                start = end + 1
            }
        }
        self.lines = lines
        self.endsWithNewline = text.isEmpty || text.hasSuffix("\n")
    }

    /// One line, without its newline.
    private static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, path: String, sawGroup: inout Bool,
                                  diagnostics: inout [Diagnostic]) -> KeyFileLine {
        let piece = String(decoding: bytes, as: UTF8.self)
        var end = bytes.count
        if end > 0 && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var first = 0
        while first < end && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) { first += 1 }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if first == end || bytes[first] == UInt8(ascii: "#") { return .comment(piece) }
        if bytes[first] == UInt8(ascii: "[") {
            guard let close = bytes[first..<end].lastIndex(of: UInt8(ascii: "]")),
                bytes[(close + 1)..<end].allSatisfy(isBlank) else {
                diagnostics.append(Diagnostic(path: path, line: number,
                    message: "group header '\(text(0..<end))' has no closing ']'"))
                return .invalid(piece)
            }
            let name = text((first + 1)..<close)
            if bytes[(first + 1)..<close].contains(where: { $0 == UInt8(ascii: "[") || $0 < 32 }) {
                diagnostics.append(Diagnostic(path: path, line: number,
                    message: "group name '\(name)' contains '[' or a control character"))
            }
            sawGroup = true
            return .group(name: name, raw: piece)
        }
        guard let equals = bytes[0..<end].firstIndex(of: UInt8(ascii: "=")) else {
            diagnostics.append(Diagnostic(path: path, line: number,
                message: "expected 'key=value', '[Group]' or a comment, found '\(text(0..<end).prefix(80))'"))
            return .invalid(piece)
        }
        var keyEnd = equals
        while keyEnd > first && isBlank(bytes[keyEnd - 1]) { keyEnd -= 1 }
        var valueStart = equals + 1
        while valueStart < end && isBlank(bytes[valueStart]) { valueStart += 1 }
        let fullKey = text(first..<keyEnd)
        let (key, locale) = splitLocale(fullKey)
        if key.isEmpty {
            diagnostics.append(Diagnostic(path: path, line: number, message: "line '\(text(0..<end))' has an empty key"))
            return .invalid(piece)
        }
        if !sawGroup {
            diagnostics.append(Diagnostic(path: path, line: number,
                message: "key '\(fullKey)' appears before any [Group] header"))
        }
        return .entry(KeyFileEntry(key: key, locale: locale, value: text(valueStart..<end), raw: piece, line: number))
    }

    /// The exact text: unedited lines come back byte for byte.
    public var text: String {
        var result = lines.map(\.raw).joined(separator: "\n")
        if endsWithNewline && !lines.isEmpty { result += "\n" }
        return result
    }

    /// The names of the groups in file order (a repeated group appears once per header).
    public var groupNames: [String] {
        lines.compactMap { if case .group(let name, _) = $0 { return name } else { return nil } }
    }

    /// The entries of every header named `group`, in file order.
    public func entries(in group: String) -> [KeyFileEntry] {
        var current: String?
        var result: [KeyFileEntry] = []
        for line in lines {
            switch line {
            case .group(let name, _): current = name
            case .entry(let entry) where current == group: result.append(entry)
            default: break
            }
        }
        return result
    }

    /// The unlocalised value of `key` in `group` as written (escapes not undone); the first wins.
    public func rawValue(_ key: String, in group: String) -> String? {
        entries(in: group).first { $0.key == key && $0.locale == nil }?.value
    }

    private static func splitLocale(_ fullKey: String) -> (String, String?) {
        let utf8 = fullKey.utf8
        guard utf8.last == UInt8(ascii: "]"), let open = utf8.firstIndex(of: UInt8(ascii: "[")) else { return (fullKey, nil) }
        let locale = Substring(utf8[utf8.index(after: open)..<utf8.index(before: utf8.endIndex)])
        return (Substring(utf8[..<open]).trimmingSpaces(), String(locale))
    }
}

/// One line of a key file, kept verbatim unless edited.
public enum KeyFileLine: Sendable, Equatable {
    /// A comment or blank line, preserved byte for byte.
    case comment(String)
    /// A `[Group]` header.
    case group(name: String, raw: String)
    /// A `Key=Value` or `Key[locale]=Value` line.
    case entry(KeyFileEntry)
    /// A line that is none of the above, kept so a rewrite does not lose it.
    case invalid(String)

    /// The original text of the line, without its newline.
    public var raw: String {
        switch self {
        case .comment(let text), .invalid(let text): return text
        case .group(_, let raw): return raw
        case .entry(let entry): return entry.raw
        }
    }
}

/// A `Key[locale]=Value` line.
public struct KeyFileEntry: Sendable, Equatable {
    /// The key without its locale suffix.
    public var key: String
    /// The locale in brackets, if any.
    public var locale: String?
    /// The value as written, with escapes not yet undone.
    public var value: String
    /// The original line.
    public var raw: String
    /// The 1-based line number in the file it was read from (0 for lines added by an edit).
    public var line: Int

    /// Creates an entry; `raw` defaults to the canonical `key=value` spelling.
    public init(key: String, locale: String? = nil, value: String, raw: String? = nil, line: Int = 0) {
        self.key = key
        self.locale = locale
        self.value = value
        self.raw = raw ?? (locale.map { "\(key)[\($0)]" } ?? key) + "=" + value
        self.line = line
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public func trimmingSpaces() -> String {
        // Most text has nothing to trim: check both ends before walking Characters.
        if let first = utf8.first, first != 0x20, first != 0x09, let last = last, last != " ", last != "\t" {
            return String(self)
        }
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
