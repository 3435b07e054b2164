import DocumentProvider

/// The widths of the picker's columns for a terminal width. The name column gets the room first:
/// it wants its longest name on the screen, up to `nameTarget` columns, and the other columns give
/// way to it in this order until it has that room:
///
/// 1. FROM (the host a document was downloaded from) is dropped;
/// 2. WHERE (local or remote) is dropped;
/// 3. TYPE shrinks from 20 to 12 columns;
/// 4. MODIFIED shrinks from 16 to 10 columns (the date without the time);
/// 5. the availability mark shrinks from `unavailable` to `n/a`;
/// 6. SIZE is dropped;
/// 7. MODIFIED is dropped;
/// 8. TYPE is dropped.
///
/// The availability mark is never dropped, so that an unavailable row says so in text as well as
/// by its dimming. The highlighted document's full name is on the detail line in any case.
struct PickerColumns {
    let columns: Int
    let hasHosts: Bool
    let marksSelection: Bool
    /// The widths of the columns other than the name; 0 when dropped.
    private(set) var state = 11
    private(set) var type = 20
    private(set) var size = 9
    private(set) var date = 16
    private(set) var location = 6
    private(set) var host = 18
    /// The name column's width.
    private(set) var nameWidth = 12

    /// The most columns the name column asks for before the others give way no further.
    static let nameTarget = 48
    /// The name column's narrowest width.
    static let nameMinimum = 12
    /// The availability mark when its column has shrunk (`unavailable` otherwise).
    static let shortMark = "n/a"

    /// The layout for `columns` columns, with the longest name (with its `/`) `longestName` columns wide.
    init(columns: Int, hasHosts: Bool, marksSelection: Bool, longestName: Int) {
        self.columns = columns
        self.hasHosts = hasHosts
        self.marksSelection = marksSelection
        if !hasHosts { host = 0 }
        let wanted = max(min(longestName, Self.nameTarget), Self.nameMinimum)
        let steps: [(inout PickerColumns) -> Void] = [
            { $0.host = 0 }, { $0.location = 0 }, { $0.type = min($0.type, 12) }, { $0.date = min($0.date, 10) },
            { $0.state = Self.shortMark.count }, { $0.size = 0 }, { $0.date = 0 }, { $0.type = 0 },
        ]
        for step in steps where room < wanted { step(&self) }
        nameWidth = max(room, Self.nameMinimum)
    }

    var markWidth: Int { marksSelection ? 6 : 2 }

    /// The columns left for the name, after the mark, the other columns and a space after each.
    private var room: Int {
        let others = [state, type, size, date, location, host].filter { $0 > 0 }
        return columns - markWidth - others.reduce(0, +) - others.count
    }

    var header: String {
        var parts = [String(repeating: " ", count: markWidth) + TextLayout.fit("NAME", nameWidth), TextLayout.fit("", state)]
        if type > 0 { parts.append(TextLayout.fit("TYPE", type)) }
        if size > 0 { parts.append(TextLayout.right("SIZE", size)) }
        if date > 0 { parts.append(TextLayout.fit("MODIFIED", date)) }
        if location > 0 { parts.append(TextLayout.fit("WHERE", location)) }
        if host > 0 { parts.append(TextLayout.fit("FROM", host)) }
        return TextLayout.fit(parts.joined(separator: " "), columns)
    }

    func row(_ entry: PickerEntry, highlighted: Bool, selected: Bool, comment: String?, host origin: String?, now: Int64)
        -> String
    {
        let document = entry.document
        var mark = highlighted ? "> " : "  "
        if marksSelection { mark += selected ? "[x] " : "[ ] " }
        let name = TextLayout.safe(entry.name) + (document.isDirectory ? "/" : "")
        let unavailable = state < "unavailable".count ? Self.shortMark : "unavailable"
        var parts = [mark + TextLayout.fit(name, nameWidth), TextLayout.fit(entry.isAvailable ? "" : unavailable, state)]
        if type > 0 {
            parts.append(TextLayout.fit(document.isDirectory ? "folder" : TextLayout.safe(comment ?? document.type), type))
        }
        if size > 0 { parts.append(TextLayout.right(document.size.map(ByteCount.human) ?? "", size)) }
        if date > 0 {
            // `RelativeDate` writes a date then a time: narrowed, the date alone.
            parts.append(TextLayout.fit(String(RelativeDate.text(document.modifiedSeconds, now: now).prefix(date)), date))
        }
        if location > 0 { parts.append(TextLayout.fit(document.location.rawValue, location)) }
        if host > 0 { parts.append(TextLayout.fit(origin.map(TextLayout.safe) ?? "", host)) }
        return TextLayout.fit(parts.joined(separator: " "), columns)
    }
}
