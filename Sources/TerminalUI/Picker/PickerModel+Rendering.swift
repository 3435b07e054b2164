import DocumentProvider

extension PickerModel {
    /// The keys of the picker, for the `?` overlay and `--help`.
    public static let keys: [(String, String)] = [
        ("↑/↓ k/j", "move"), ("PgUp/PgDn", "a page up or down"), ("Home/End", "first or last row"),
        ("Enter", "choose the document, enter the folder, or do the first row's action"),
        ("Backspace h", "go to the parent folder"), ("Space", "select or deselect (with --multiple)"),
        ("/", "search: narrows as you type; Enter or ↓ keeps the matches, Esc clears"),
        ("Tab", "the next type filter"), (".", "show or hide hidden files"), ("s", "sort by name, date or size"),
        ("a", "show or hide the documents that cannot be chosen (hidden at first, counted on the status line)"),
        ("f", "every document under the folder, or the folder again"),
        ("n", "new folder (export, move, save)"),
        ("e", "edit the file name (save)"),
        ("m", "mark the document up: open it as assoc open --markup does (assoc pick, open mode)"), ("?", "this help"),
        ("Esc", "one step back: the question, the search, a kept search; then cancel (asking when documents are selected)"),
        ("q", "cancel (asking first when documents are selected)"),
    ]

    /// The screen: title, column header, rows, two detail lines and the status line.
    public func render(lines: Int, columns: Int) -> [StyledLine] {
        if showsHelp { return KeyHelp.render(title: "assoc pick", keys: Self.keys, lines: lines, columns: columns) }
        // Only the rows on the screen are examined; the host column shows when one of them has an origin.
        let window = list.window.map {
            (position: $0.position, row: $0.row, entry: $0.row < pinned ? nil : entry($0.row - pinned))
        }
        let thumbnail = thumbnailBox(lines: lines, columns: columns)
        let longest = window.compactMap { $0.entry.map { TextLayout.width(TextLayout.safe($0.name)) + 1 } }.max() ?? 0
        let layout = PickerColumns(
            columns: thumbnail.map { $0.column - 1 } ?? columns, hasHosts: window.contains { $0.entry?.document.origin != nil },
            marksSelection: configuration.multiple, longestName: longest)
        var result = [
            StyledLine(TextLayout.fit(title, columns), style: .title),
            StyledLine(layout.header, style: .title),
        ]
        for (position, _, shown) in window {
            let highlighted = position == list.cursor
            guard let entry = shown else {
                let text =
                    (highlighted ? "> " : "  ") + "[" + TextLayout.safe(configuration.actionTitle ?? "") + "]  "
                    + TextLayout.safe(directory)
                result.append(StyledLine(TextLayout.fit(text, columns), style: highlighted ? .highlighted : .normal))
                continue
            }
            let style: StyledLine.Style =
                entry.isAvailable
                ? (highlighted ? .highlighted : .normal) : (highlighted ? .highlightedDimmed : .dimmed)
            result.append(
                StyledLine(
                    layout.row(
                        entry, highlighted: highlighted, selected: selection.contains(entry.document.path),
                        comment: source.comment(entry.document.type), host: entry.document.origin.flatMap(host),
                        now: source.now), style: style))
        }
        if list.visible.isEmpty {
            result.append(StyledLine(TextLayout.fit(list.query.isEmpty ? "  (empty folder)" : "  (nothing matches)", columns)))
        }
        let bodyEnd = max(lines - Self.footerLines, result.count)
        while result.count < bodyEnd { result.append(StyledLine(TextLayout.fit("", columns))) }
        result = Array(result.prefix(max(lines - Self.footerLines, 0)))
        for detail in detailLines { result.append(StyledLine(TextLayout.fit(detail, columns))) }
        result.append(StyledLine(TextLayout.fit(statusText, columns), style: .status))
        return Array(result.suffix(lines))
    }

    /// The thumbnail drawn beside the rows: only when the terminal said it draws kitty images or
    /// sixel, the highlighted document has a thumbnail and the screen is wide enough.
    public func images(lines: Int, columns: Int) -> [ImagePlacement] {
        thumbnailBox(lines: lines, columns: columns).map { [$0] } ?? []
    }

    /// The columns the thumbnail takes at the right of the rows.
    static let thumbnailColumns = 24

    private func thumbnailBox(lines: Int, columns: Int) -> ImagePlacement? {
        let rows = lines - Self.headerLines - Self.footerLines
        guard graphics != .none, columns >= 64, rows >= 4, let entry = currentEntry, !entry.document.isDirectory,
            let path = source.thumbnail(entry.document)
        else { return nil }
        return ImagePlacement(
            path: path, line: Self.headerLines, column: columns - Self.thumbnailColumns + 1, lines: min(rows, 12),
            columns: Self.thumbnailColumns - 2)
    }

    private var title: String {
        var parts = [configuration.title.map(TextLayout.safe) ?? "assoc pick: \(configuration.mode.rawValue)"]
        if configuration.mode == .save { parts.append("name: " + TextLayout.safe(fileName.isEmpty ? "(none)" : fileName)) }
        if !configuration.choosesFolder {
            let count = max(configuration.filterNames.count, 1)
            parts.append("filter \(filter + 1)/\(count): " + TextLayout.safe(filterName))
        }
        parts.append("sort: \(sort.rawValue)")
        if isFlat { parts.append("flat") }
        if configuration.multiple { parts.append("\(selection.count) selected") }
        return (parts + [TextLayout.safe(directory)]).joined(separator: "  ")
    }

    /// The highlighted row in full, on three lines: its full name first (the row may cut it), the
    /// default application and the thumbnail; type, comment, bytes, location and why it is
    /// unavailable; both dates and the origin.
    private var detailLines: [String] {
        guard let entry = currentEntry else {
            if list.current != nil, let title = configuration.actionTitle {
                return ["\(TextLayout.safe(title)): \(TextLayout.safe(directory))", placingSummary, ""]
            }
            return ["", "", ""]
        }
        let document = entry.document
        // The type, its comment and the reason come from packages and files: escaped as names are.
        var first = [TextLayout.safe(entry.name) + (document.isDirectory ? "/" : "")]
        var second = [TextLayout.safe(document.type)]
        if let comment = source.comment(document.type) { second.append(TextLayout.safe(comment)) }
        if let size = document.size { second.append("\(size) bytes") }
        second.append(document.location.rawValue)
        if let reason = entry.reason { second.append("unavailable: " + TextLayout.safe(reason)) }
        var third = ["modified \(document.modifiedISO8601) (\(RelativeDate.text(document.modifiedSeconds, now: source.now)))"]
        if let created = document.createdSeconds { third.append("created \(Document.iso8601(seconds: created))") }
        if let origin = document.origin { third.append("origin: " + TextLayout.safe(origin)) }
        if !document.isDirectory {
            first.append("default: " + TextLayout.safe(source.defaultApplication(document.type) ?? "(none)"))
            if let thumbnail = source.thumbnail(document) { first.append("thumbnail: " + TextLayout.safe(thumbnail)) }
        }
        return [first, second, third].map { $0.joined(separator: "  ·  ") }
    }

    private var placingSummary: String {
        guard !configuration.placing.isEmpty else { return "" }
        return "placing: " + configuration.placing.map { TextLayout.safe(baseName($0)) }.joined(separator: ", ")
    }

    private var statusText: String {
        if list.isSearching { return "/" + TextLayout.safe(list.query) + "▏  (Enter keeps the matches, Esc clears)" }
        switch prompt {
        case .newFolder(let text): return "New folder name: " + TextLayout.safe(text) + "▏  (Enter makes it, Esc cancels)"
        case .fileName(let text): return "File name: " + TextLayout.safe(text) + "▏  (Enter keeps it, Esc cancels)"
        case .confirmReplace(let path): return "'\(TextLayout.safe(path))' exists. Replace it? (y/n)"
        case .confirmCancel(let selected):
            return "Cancel and drop the \(selected) selected? (y cancels, any other key keeps them)"
        case .clash(let pending, _):
            return "'\(TextLayout.safe(baseName(pending[0])))' exists here: k keep both, r replace, s skip, Esc stop"
        case nil: break
        }
        if let message { return TextLayout.safe(message) }
        if !list.query.isEmpty {
            return "matching '\(TextLayout.safe(list.query))'  ·  / to search again  ·  Esc shows all  ·  ? keys  ·  q cancel"
        }
        var keys = ["Enter choose"]
        if configuration.multiple { keys.append("Space select") }
        keys += ["/ search"]
        if configuration.filterNames.count > 1 { keys.append("Tab filter") }
        if configuration.choosesFolder { keys.append("n new folder") }
        if configuration.mode == .save { keys.append("e name") }
        keys += ["? keys", "q cancel"]
        // The count of hidden documents first; the keys least needed give way to it, `Enter choose` first.
        guard let hiddenNote else { return keys.joined(separator: "  ") }
        keys.insert(hiddenNote, at: 0)
        for dropped in ["Enter choose", "e name", "n new folder", "Tab filter", "/ search", "Space select"]
        where TextLayout.width(keys.joined(separator: "  ")) > size.columns {
            keys.removeAll { $0 == dropped }
        }
        return keys.joined(separator: "  ")
    }

    /// What the status line says of the documents hidden because they cannot be chosen: how many
    /// (at least, while not every entry is checked) and the key that shows them.
    private var hiddenNote: String? {
        let hidden = hiddenCount
        guard hidden > 0 else { return nil }
        return "\(hidden)\(rowsAreComplete ? "" : "+") more not shown — a to show"
    }

    private func host(_ url: String) -> String? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { String($0) } ?? ""
        return host.isEmpty ? nil : host
    }
}
