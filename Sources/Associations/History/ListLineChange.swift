/// What changed between two versions of one list, as far as the history's incremental capture
/// can tell which types it touches: the keys of the `KEY=VALUE` lines added, removed or
/// rewritten, and every changed line (for xdg-mime's search of the legacy files, which matches a
/// type anywhere in a line).
///
/// The lines the two versions share at the start and at the end are set aside; every line
/// between them, on either side, counts as changed. Nil (the caller then takes a full capture)
/// when a changed line is anything but a blank line, a comment, a plain `KEY=VALUE` line or a
/// plain `[Group]` header, all below the file's first header: a key or header before it (GLib
/// then refuses the file, or its first group changes), a key that is not a plain type name (a
/// `[locale]`, spaces inside, GLib's `Encoding`), a header with spaces around it (xdg-mime and
/// GLib would disagree on it), a line of another kind (GLib refuses the whole file for one);
/// and when the lines after the change would fall in another group than before (a header
/// added, removed or renamed above them: a line moved from one group to another is one).
struct ListLineChange {
    /// The keys of the changed `KEY=VALUE` lines, as written (what xdg-mime compares) and trimmed
    /// (what the key-file readers take).
    var keys: Set<String> = []
    /// Every changed line, old and new.
    var lines: [String] = []

    /// The change from `old` to `new`, or nil when a changed line cannot be put down to a key.
    init?(old: [String], new: [String]) {
        let common = min(old.count, new.count)
        var prefix = 0
        while prefix < common && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let underGroup = old[..<prefix].contains(where: Self.isHeader)
        for line in old[prefix..<(old.count - suffix)] + new[prefix..<(new.count - suffix)] {
            if Self.isHeader(line) {
                guard underGroup, Self.isPlainHeader(line) else { return nil }
            } else {
                guard let kind = Self.kind(of: line) else { return nil }
                if let key = kind {
                    guard underGroup else { return nil }
                    keys.insert(key.raw)
                    keys.insert(key.trimmed)
                }
            }
            lines.append(line)
        }
        // The unchanged lines after the change keep their group: the last header above them is
        // the same, or a header comes before any of their keys.
        let after = new[(new.count - suffix)...]
        let keyed = after.prefix { !Self.isHeader($0) }.contains { line in
            guard let kind = Self.kind(of: line) else { return true }
            return kind != nil
        }
        let oldGroup = old[..<(old.count - suffix)].last(where: Self.isHeader)
        if keyed && oldGroup != new[..<(new.count - suffix)].last(where: Self.isHeader) { return nil }
    }

    /// Whether a line is a group header to GLib or to xdg-mime's awk: it starts with `[`, after
    /// spaces and tabs.
    private static func isHeader(_ line: String) -> Bool { trimmed(line).hasPrefix("[") }

    /// A header with nothing around it and a name GLib takes.
    private static func isPlainHeader(_ line: String) -> Bool {
        guard line.hasPrefix("["), line.hasSuffix("]"), line.count > 2 else { return false }
        return !line.dropFirst().dropLast().unicodeScalars.contains {
            $0 == "[" || $0 == "]" || $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FFFD}"
        }
    }

    /// A blank line or a comment (nil inside), a `KEY=VALUE` line (its key), or nil for a line
    /// of any other kind.
    private static func kind(of line: String) -> (raw: String, trimmed: String)?? {
        let text = trimmed(line)
        if text.isEmpty || text.hasPrefix("#") { return .some(nil) }
        guard !line.contains("\u{FFFD}"), !line.contains("\0"), let equals = text.firstIndex(of: "=") else { return nil }
        let key = text[..<equals].trimmingSpaces()
        guard !key.isEmpty, key != "Encoding", key.unicodeScalars.allSatisfy(isKeyScalar) else { return nil }
        return .some((String(line[..<(line.firstIndex(of: "=") ?? line.endIndex)]), key))
    }

    /// A scalar of a plain type name: ASCII letters and digits, and the other characters of the
    /// MIME type grammar (RFC 6838, section 4.2), `/`, and `*` of a wildcard.
    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "!#$&^_.+-/*".unicodeScalars.contains(scalar))
    }

    /// `line` without the spaces and tabs it starts with.
    private static func trimmed(_ line: String) -> Substring { line.drop { $0 == " " || $0 == "\t" } }
}
