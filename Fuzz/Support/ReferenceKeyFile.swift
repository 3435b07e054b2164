import XDGSupport

/// The key-file line parser as it was before it walked bytes (commit fbcde35), kept as an oracle:
/// the faster parser must classify every line, and report every problem, exactly as this one.
/// (Its messages quote at most 80 characters of a line, as the parser's now do, and it looks for
/// '[' in a group name by scalar, as the parser now does: the fuzz target found the difference.)
enum ReferenceKeyFile {
    static func parse(_ text: String, path: String) -> (lines: [KeyFileLine], diagnostics: [Diagnostic], endsWithNewline: Bool) {
        var diagnostics: [Diagnostic] = []
        var lines: [KeyFileLine] = []
        var sawGroup = false
        var number = 0
        let raw = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
        let body = text.isEmpty ? [] : (endsWithNewline ? raw.dropLast() : raw[...])
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
                        message: "group header '\(line.prefix(80))' has no closing ']'"))
                    lines.append(.invalid(piece))
                    continue
                }
                let name = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
                // Deliberately changed: the old test, name.contains("["), compared Characters and
                // so missed a '[' followed by a combining mark; the parser compares bytes.
                if name.unicodeScalars.contains("[") || name.unicodeScalars.contains(where: { $0.value < 32 }) {
                    diagnostics.append(Diagnostic(path: path, line: number,
                        message: "group name '\(name.prefix(80))' contains '[' or a control character"))
                }
                sawGroup = true
                lines.append(.group(name: name, raw: piece))
            } else if let equals = scalars.firstIndex(of: "=") {
                let fullKey = referenceTrim(String(scalars[..<equals]))
                let value = String(scalars[scalars.index(after: equals)...].drop { $0 == " " || $0 == "\t" })
                let (key, locale) = splitLocale(fullKey)
                if key.isEmpty {
                    diagnostics.append(Diagnostic(path: path, line: number, message: "line '\(line.prefix(80))' has an empty key"))
                    lines.append(.invalid(piece))
                    continue
                }
                if !sawGroup {
                    diagnostics.append(Diagnostic(path: path, line: number,
                        message: "key '\(fullKey.prefix(80))' appears before any [Group] header"))
                }
                lines.append(.entry(KeyFileEntry(key: key, locale: locale, value: value, raw: piece, line: number)))
            } else {
                diagnostics.append(Diagnostic(path: path, line: number,
                    message: "expected 'key=value', '[Group]' or a comment, found '\(line.prefix(80))'"))
                lines.append(.invalid(piece))
            }
        }
        return (lines, diagnostics, text.isEmpty || endsWithNewline)
    }

    private static func splitLocale(_ fullKey: String) -> (String, String?) {
        guard fullKey.hasSuffix("]"), let open = fullKey.firstIndex(of: "[") else { return (fullKey, nil) }
        let locale = fullKey[fullKey.index(after: open)..<fullKey.index(before: fullKey.endIndex)]
        return (referenceTrim(String(fullKey[..<open])), String(locale))
    }

    /// The Character-walking trim the parser used.
    static func referenceTrim(_ text: String) -> String {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return start < end ? String(text[start..<end]) : ""
    }

    /// The list splitting before it walked bytes.
    static func list(_ value: String) -> [String]? {
        guard !value.utf8.contains(UInt8(ascii: "\\")) else { return nil }
        var items = value.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if items.last == "" { items.removeLast() }
        return items
    }
}
