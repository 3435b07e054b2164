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
        // The last byte, not the last Character: a file ending in "\r\n" ends with a newline too.
        let endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
        // The lines are cut and classified on bytes, never Characters (`KeyFileSyntax` says why).
        KeyFileSyntax.reading(text) { syntax in
            var parser = LineParser(syntax: syntax, path: path)
            syntax.forEachLine { range in lines.append(parser.line(range, diagnostics: &diagnostics)) }
        }
        self.lines = lines
        self.endsWithNewline = text.isEmpty || endsWithNewline
    }

    /// Turns the lines of one file, classified by `KeyFileSyntax`, into `KeyFileLine`s and
    /// diagnostics.
    private struct LineParser {
        let syntax: KeyFileSyntax
        let path: String
        var number = 0
        var sawGroup = false

        init(syntax: KeyFileSyntax, path: String) {
            self.syntax = syntax
            self.path = path
        }

        /// The line at `range` (without its line feed).
        mutating func line(_ range: Range<Int>, diagnostics: inout [Diagnostic]) -> KeyFileLine {
            number += 1
            let piece = syntax.string(range)
            switch syntax.shape(of: range) {
            case .comment:
                return .comment(piece)
            case .unclosedGroup(let content):
                diagnostics.append(
                    Diagnostic(
                        path: path, line: number,
                        message: "group header '\(syntax.string(content).prefix(80))' has no closing ']'"))
                return .invalid(piece)
            case .group(let name):
                if name.contains(where: { syntax.bytes[$0] == UInt8(ascii: "[") || syntax.bytes[$0] < 32 }) {
                    diagnostics.append(
                        Diagnostic(
                            path: path, line: number,
                            message: "group name '\(syntax.string(name).prefix(80))' contains '[' or a control character"))
                }
                sawGroup = true
                return .group(name: syntax.string(name), raw: piece)
            case .noSeparator(let content):
                diagnostics.append(
                    Diagnostic(
                        path: path, line: number,
                        message: "expected 'key=value', '[Group]' or a comment, found '\(syntax.string(content).prefix(80))'"))
                return .invalid(piece)
            case .emptyKey(let content):
                diagnostics.append(
                    Diagnostic(path: path, line: number, message: "line '\(syntax.string(content).prefix(80))' has an empty key"))
                return .invalid(piece)
            case .entry(let key, let locale, let keyPart, let value):
                if !sawGroup {
                    let fullKey = syntax.string(keyPart).trimmingSpaces()
                    diagnostics.append(
                        Diagnostic(
                            path: path, line: number,
                            message: "key '\(fullKey.prefix(80))' appears before any [Group] header"))
                }
                return .entry(KeyFileEntry(key: key, locale: locale, value: syntax.string(value), raw: piece, line: number))
            }
        }
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
        // Most text has nothing to trim; looking at two bytes is much cheaper than at Characters.
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let whole = String(self)
        guard let firstByte = whole.utf8.first, let lastByte = whole.utf8.last else { return "" }
        if !blank(firstByte) && !blank(lastByte) { return whole }
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
