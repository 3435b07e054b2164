/// Plain text laid out for a terminal: paragraphs wrapped to a width, option columns.
enum TextWrapping {
    /// The width help is wrapped to.
    static let width = 80

    /// `text`'s words filled into lines of at most `width` columns, each starting with `indent`
    /// (the first with `firstIndent` when given).
    static func fill(_ text: String, width: Int = width, indent: String = "", firstIndent: String? = nil) -> [String] {
        var lines: [String] = []
        var current = firstIndent ?? indent
        var currentIsEmpty = true
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !currentIsEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = indent
                currentIsEmpty = true
            }
            current += (currentIsEmpty ? "" : " ") + word
            currentIsEmpty = false
        }
        if !currentIsEmpty { lines.append(current) }
        return lines
    }

    /// The blocks of a description: paragraphs (joined and refilled), lists (items starting
    /// with "- ", continued by lines indented two spaces), definitions (a term, then lines
    /// indented two spaces) and preformatted blocks (every line indented at least two spaces,
    /// kept as written).
    static func blocks(_ text: String) -> [Block] {
        var result: [Block] = []
        var lines: [Substring] = []
        func flush() {
            guard !lines.isEmpty else { return }
            if lines[0].hasPrefix("- ") && lines.allSatisfy({ $0.hasPrefix("- ") || $0.hasPrefix("  ") }) {
                var items: [String] = []
                for line in lines {
                    if line.hasPrefix("- ") {
                        items.append(String(line.dropFirst(2)).trimmingSpaces())
                    } else {
                        items[items.count - 1] += " " + line.trimmingSpaces()
                    }
                }
                result.append(.list(items))
            } else if lines.count > 1, !lines[0].hasPrefix(" "), lines.dropFirst().allSatisfy({ $0.hasPrefix("  ") }) {
                result.append(
                    .definition(
                        term: String(lines[0]).trimmingSpaces(),
                        text: lines.dropFirst().map { $0.trimmingSpaces() }.joined(separator: " ")))
            } else if lines.allSatisfy({ $0.hasPrefix("  ") }) {
                result.append(.preformatted(lines.map { String($0.dropFirst(2)) }))
            } else {
                result.append(.paragraph(lines.map { $0.trimmingSpaces() }.joined(separator: " ")))
            }
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingSpaces().isEmpty { flush() } else { lines.append(line) }
        }
        flush()
        return result
    }

    /// A block of a description.
    enum Block: Equatable {
        /// Text to fill.
        case paragraph(String)
        /// Lines to keep as they are (a table, commands).
        case preformatted([String])
        /// Items of a list, each to fill.
        case list([String])
        /// A term and what it means (a line, then lines indented two spaces).
        case definition(term: String, text: String)
    }

    /// Two columns: `left` padded to `column`, `right` filled beside it (or below, when `left`
    /// is too long), as option lists are shown.
    static func columns(_ left: String, _ right: String, indent: String = "  ", column: Int = 22) -> [String] {
        let head = indent + left
        let pad = String(repeating: " ", count: column)
        if head.count + 2 <= column {
            return fill(right, indent: pad, firstIndent: head + String(repeating: " ", count: column - head.count))
        }
        return [head] + fill(right, indent: pad)
    }
}
