import XDGSupport

/// Reads the binary `magic` file `update-mime-database` writes (SPECS rules 7, 18).
///
/// After the header `MIME-Magic\0\n` come sections `[priority:type]\n`, each followed by its
/// matchlets, one a line: `[indent]>offset=` then the value's length as two big-endian bytes, the
/// value, and optionally `&mask` (as long as the value), `~word-size` and `+range-length`. A
/// value may hold any byte, a newline included, so the file is walked by those lengths, never
/// split into lines. An unknown character where the newline belongs means the line is ignored
/// (with the lines nested under it); a line cut short or without `>` and `=` ends the reading,
/// keeping the sections before it. `>0=__NOMAGIC__` stands for `<magic-deleteall/>`.
struct MagicFileReader {
    /// The header every magic file starts with.
    static let header = Array("MIME-Magic\u{0}\n".utf8)

    private let bytes: [UInt8]
    private let path: String
    private var position = 0
    private var lines = LineCounter()
    private var problems: LineProblems

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
        problems = LineProblems(path: path)
    }

    /// Adds the sections of `bytes`, the text of the file at `path`, to `contents`.
    ///
    /// - Throws: `MIMEDatabaseError.malformedTextFile` when the header is missing.
    static func read(
        _ bytes: [UInt8], path: String, into contents: inout DirectoryContents,
        diagnostics: inout [Diagnostic]
    ) throws(MIMEDatabaseError) {
        guard bytes.starts(with: header) else {
            throw .malformedTextFile(path: path, line: 1, message: "does not start with the MIME-Magic header")
        }
        var reader = MagicFileReader(bytes: bytes, path: path)
        reader.position = header.count
        reader.lines.advance(through: reader.position, in: bytes)
        do {
            while reader.position < bytes.count {
                // A blank line is skipped, as xdgmime does (the tool writes none).
                if bytes[reader.position] == UInt8(ascii: "\n") {
                    reader.position += 1
                    continue
                }
                let line = reader.line
                if let rule = try reader.section() {
                    let extent = MagicReadLimit.extent(of: rule.matchlets)
                    if extent > MagicReadLimit.bytes, !rule.isDeleteAllMarker {
                        diagnostics.append(MagicReadLimit.warning(path: path, line: line, type: rule.mimeType, extent: extent))
                    }
                    contents.types.insert(rule.mimeType)
                    if rule.isDeleteAllMarker {
                        contents.magicDeleteAll.insert(rule.mimeType)
                    } else {
                        contents.magic.append(rule)
                    }
                }
            }
        } catch {
            diagnostics.append(
                Diagnostic(path: path, line: reader.line, message: "\(error.reason); the rest of the file is ignored"))
        }
        if let diagnostic = reader.problems.diagnostic { diagnostics.append(diagnostic) }
    }

    /// Why the file cannot be read further.
    private struct Stop: Error {
        let reason: String
    }

    /// The line of the current position, counted in newline bytes (values included), as an
    /// editor shows it.
    private var line: Int {
        mutating get {
            lines.advance(through: position, in: bytes)
            return lines.line
        }
    }

    /// One section; nil when its header names no valid type or priority (its lines are read and
    /// dropped).
    private mutating func section() throws(Stop) -> MagicRule? {
        guard bytes[position] == UInt8(ascii: "[") else { throw Stop(reason: "expected a '[priority:type]' section header") }
        let headerLine = line
        guard let close = bytes[position...].firstIndex(of: UInt8(ascii: "]")), close + 1 < bytes.count,
            bytes[close + 1] == UInt8(ascii: "\n")
        else {
            throw Stop(reason: "a section header without ']' and a newline")
        }
        let fields = bytes[(position + 1)..<close].split(
            separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
        position = close + 2
        var flat: [(indent: Int, matchlet: Matchlet)] = []
        var skippedIndent: Int?
        while position < bytes.count && bytes[position] != UInt8(ascii: "[") {
            if bytes[position] == UInt8(ascii: "\n") {
                position += 1
                continue
            }
            let lineNumber = line
            let (indent, matchlet) = try matchletLine()
            if let skipped = skippedIndent, indent > skipped { continue }
            skippedIndent = nil
            let parentIndent = flat.last.map(\.indent) ?? -1
            guard let matchlet, indent <= parentIndent + 1, indent < MIMECache.depthLimit else {
                problems.add(
                    line: lineNumber,
                    matchlet == nil
                        ? "an unknown character where the line should end"
                        : "indent \(indent) is deeper than the line before allows")
                skippedIndent = indent
                continue
            }
            flat.append((indent, matchlet))
        }
        guard fields.count == 2, let priority = TextFields.number(fields[0]), priority <= 100 else {
            problems.add(line: headerLine, "the section header has no priority from 0 to 100")
            return nil
        }
        let type = TextFields.text(fields[1])
        guard MIMETypeName.isRestrictedName(type) else {
            problems.add(line: headerLine, MIMETypeName.restrictedNameProblem(type))
            return nil
        }
        var index = 0
        return MagicRule(priority: priority, mimeType: type, matchlets: Self.tree(flat, from: &index, indent: 0))
    }

    /// Nests the matchlets read in order: each line's parent is the line before it one indent
    /// less (a line deeper than that was refused when read, so every run is well nested).
    private static func tree(_ flat: [(indent: Int, matchlet: Matchlet)], from index: inout Int, indent: Int) -> [Matchlet] {
        var result: [Matchlet] = []
        while index < flat.count && flat[index].indent == indent {
            var matchlet = flat[index].matchlet
            index += 1
            matchlet.children = tree(flat, from: &index, indent: indent + 1)
            result.append(matchlet)
        }
        return result
    }

    /// One matchlet line; the matchlet is nil when an unknown character ends it.
    private mutating func matchletLine() throws(Stop) -> (indent: Int, matchlet: Matchlet?) {
        let indent = number(terminatedBy: UInt8(ascii: ">"), default: 0)
        guard let indent, take(UInt8(ascii: ">")) else {
            throw Stop(reason: "expected '[indent]>offset=' at the start of a line")
        }
        guard let start = number(terminatedBy: UInt8(ascii: "="), default: nil), take(UInt8(ascii: "=")) else {
            throw Stop(reason: "expected 'offset=' after '>'")
        }
        guard position + 2 <= bytes.count else { throw Stop(reason: "the value's length is cut short") }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        position += 2
        guard let value = slice(length) else { throw Stop(reason: "the value is cut short") }
        var mask: [UInt8]?
        if take(UInt8(ascii: "&")) {
            guard let read = slice(length) else { throw Stop(reason: "the mask is cut short") }
            mask = read
        }
        var wordSize = 1
        if take(UInt8(ascii: "~")) {
            guard let read = digits(), read >= 1 else { return (indent, try skipLine()) }
            wordSize = read
        }
        var rangeLength = 1
        if take(UInt8(ascii: "+")) {
            guard let read = digits(), read >= 1 else { return (indent, try skipLine()) }
            rangeLength = read
        }
        guard take(UInt8(ascii: "\n")) else { return (indent, try skipLine()) }
        return (
            indent,
            Matchlet(
                rangeStart: start, rangeLength: rangeLength, wordSize: wordSize,
                value: Matchlet.hostOrder(value, wordSize: wordSize),
                mask: mask.map { Matchlet.hostOrder($0, wordSize: wordSize) })
        )
    }

    /// Skips to the start of the next line (no binary data follows an unknown character); a
    /// line the file ends in the middle of is cut short, not unknown.
    private mutating func skipLine() throws(Stop) -> Matchlet? {
        guard let newline = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw Stop(reason: "the last line is cut short")
        }
        position = newline + 1
        return nil
    }

    /// Consumes `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Digits up to `terminator`; `fallback` when there are none, nil when they are no number.
    private mutating func number(terminatedBy terminator: UInt8, default fallback: Int?) -> Int? {
        let end = endOfDigits()
        guard end < bytes.count, bytes[end] == terminator else { return nil }
        if end == position { return fallback }
        defer { position = end }
        return TextFields.number(bytes[position..<end])
    }

    /// A run of digits as a number, or nil.
    private mutating func digits() -> Int? {
        let end = endOfDigits()
        guard let value = TextFields.number(bytes[position..<end]) else { return nil }
        position = end
        return value
    }

    /// Where the run of digits at the position ends, looking at most 11 bytes ahead (more digits
    /// than any number the file may hold).
    private func endOfDigits() -> Int {
        bytes[position...].prefix(11).firstIndex { $0 < 0x30 || $0 > 0x39 } ?? min(position + 11, bytes.count)
    }

    /// The next `count` bytes, or nil when the file ends first.
    private mutating func slice(_ count: Int) -> [UInt8]? {
        guard position + count <= bytes.count else { return nil }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }
}
