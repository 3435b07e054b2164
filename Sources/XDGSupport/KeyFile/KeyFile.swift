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
        // Split on the byte 0x0A, never on Characters: "\r\n" and a combining mark after "=" are
        // single Characters in Swift, and must not hide a line end or a separator.
        let raw = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let body = text.isEmpty ? [] : (text.hasSuffix("\n") ? raw.dropLast() : raw[...])
        for bytes in body {
            number += 1
            let piece = String(decoding: bytes, as: UTF8.self)
            var scalars = Substring(piece).unicodeScalars
            if scalars.last == "\r" { scalars.removeLast() }
            let line = String(scalars)
            let trimmed = scalars.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.first == "#" {
                lines.append(.comment(piece))
            } else if trimmed.first == "[" {
                let afterClose = trimmed.lastIndex(of: "]").map { trimmed[trimmed.index(after: $0)...] }
                guard let close = trimmed.lastIndex(of: "]"), let rest = afterClose,
                    rest.allSatisfy({ $0 == " " || $0 == "\t" })
                else {
                    diagnostics.append(Diagnostic(path: path, line: number,
                        message: "group header '\(line)' has no closing ']'"))
                    lines.append(.invalid(piece))
                    continue
                }
                let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
                if name.contains("[") || name.unicodeScalars.contains(where: { $0.value < 32 }) {
                    diagnostics.append(Diagnostic(path: path, line: number,
                        message: "group name '\(name)' contains '[' or a control character"))
                }
                sawGroup = true
                lines.append(.group(name: name, raw: piece))
            } else if let equals = scalars.firstIndex(of: "=") {
                let fullKey = String(scalars[..<equals]).trimmingSpaces()
                let value = String(scalars[scalars.index(after: equals)...].drop { $0 == " " || $0 == "\t" })
                let (key, locale) = Self.splitLocale(fullKey)
                if key.isEmpty {
                    diagnostics.append(Diagnostic(path: path, line: number, message: "line '\(line)' has an empty key"))
                    lines.append(.invalid(piece))
                    continue
                }
                if !sawGroup {
                    diagnostics.append(Diagnostic(path: path, line: number,
                        message: "key '\(fullKey)' appears before any [Group] header"))
                }
                lines.append(.entry(KeyFileEntry(key: key, locale: locale, value: value, raw: piece, line: number)))
            } else {
                diagnostics.append(Diagnostic(path: path, line: number,
                    message: "expected 'key=value', '[Group]' or a comment, found '\(line.prefix(80))'"))
                lines.append(.invalid(piece))
            }
        }
        self.lines = lines
        self.endsWithNewline = text.isEmpty || text.hasSuffix("\n")
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
        guard fullKey.hasSuffix("]"), let open = fullKey.firstIndex(of: "[") else { return (fullKey, nil) }
        let locale = fullKey[fullKey.index(after: open)..<fullKey.index(before: fullKey.endIndex)]
        return (String(fullKey[..<open]).trimmingSpaces(), String(locale))
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
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
