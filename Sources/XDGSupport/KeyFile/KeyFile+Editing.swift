/// Minimal edits of a key file: only the lines that must change do (SPECS rule 59a–b).
extension KeyFile {
    /// The line index range of every header named `group`: from the header to before the next one.
    private func ranges(of group: String) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (index, line) in lines.enumerated() {
            guard case .group(let name, _) = line else { continue }
            if let open = start { result.append(open..<index) }
            start = name == group ? index : nil
        }
        if let open = start { result.append(open..<lines.count) }
        return result
    }

    /// Sets `key` (unlocalised) in `group` to the raw `value`.
    ///
    /// The first existing line whose key `matches` is rewritten in place and any later duplicates in
    /// the group are removed; otherwise a line is added after the group's last entry, and the group
    /// is created at the end of the file when missing. Nothing else changes: a rewritten line keeps
    /// its line ending (CRLF stays CRLF), and an added line takes the ending of the line before it.
    public mutating func set(
        _ value: String, for key: String, in group: String,
        matching matches: (String) -> Bool = { _ in false }
    ) {
        let targets = indices(of: key, in: group, matching: matches)
        if let first = targets.first {
            let ending = Self.carriageReturn(of: lines[first])
            removeLines(at: Array(targets.dropFirst()))
            lines[first] = .entry(KeyFileEntry(key: key, value: value, raw: key + "=" + value + ending))
            return
        }
        if let range = ranges(of: group).first {
            var insertAt = range.lowerBound + 1
            for index in range {
                if case .entry = lines[index] { insertAt = index + 1 }
            }
            let ending = Self.carriageReturn(of: lines[insertAt - 1])
            lines.insert(.entry(KeyFileEntry(key: key, value: value, raw: key + "=" + value + ending)), at: insertAt)
        } else {
            let ending = lines.last.map(Self.carriageReturn) ?? ""
            if let last = lines.last, !last.raw.trimmingSpaces().isEmpty, last.raw != "\r" {
                lines.append(.comment(ending))
            }
            lines.append(.group(name: group, raw: "[\(group)]" + ending))
            lines.append(.entry(KeyFileEntry(key: key, value: value, raw: key + "=" + value + ending)))
            endsWithNewline = true
        }
    }

    /// "\r" when `line` ends in a carriage return (its file uses CRLF), "" otherwise.
    private static func carriageReturn(of line: KeyFileLine) -> String {
        line.raw.utf8.last == UInt8(ascii: "\r") ? "\r" : ""
    }

    /// The indices of the unlocalised lines for `key` (or keys `matches` accepts) in `group`, in order.
    private func indices(of key: String, in group: String, matching matches: (String) -> Bool) -> [Int] {
        ranges(of: group).flatMap { range in
            range.filter { index in
                guard case .entry(let entry) = lines[index] else { return false }
                return entry.locale == nil && (entry.key == key || matches(entry.key))
            }
        }
    }

    /// Removes every unlocalised `key` (and keys `matches` accepts) from every header named `group`.
    ///
    /// - Returns: whether a line was removed.
    @discardableResult
    public mutating func remove(_ key: String, in group: String, matching matches: (String) -> Bool = { _ in false }) -> Bool {
        let targets = indices(of: key, in: group, matching: matches)
        removeLines(at: targets)
        return !targets.isEmpty
    }

    /// Removes the lines at `indices` (ascending). When the last line goes, the line before it
    /// ends the file, and it had a newline after it: keep that newline, so that removing the
    /// unterminated last line of "[A]\n\nk=v" leaves "[A]\n\n", not "[A]\n".
    private mutating func removeLines(at indices: [Int]) {
        guard let last = indices.last else { return }
        if last == lines.count - 1 { endsWithNewline = true }
        for index in indices.reversed() { lines.remove(at: index) }
    }
}
