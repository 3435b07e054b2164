/// What the watcher tells the user about one settled burst of changes: one notification however
/// many types changed, so that an installer that changes forty types is one message.
public struct WatchAnnouncement: Sendable, Equatable {
    /// The notification's title.
    public var summary: String
    /// Its text.
    public var body: String
    /// The changes *Undo* puts back: those the watcher recorded and did not already undo by
    /// restoring a pin. Empty: no *Undo* is offered.
    public var undoableChanges: [String]

    /// At most this many types are named; the rest are counted.
    static let namedTypes = 5

    /// The announcement of `recorded` (the changes found) and `restored` (the pins put back
    /// after them), or nil when there is nothing to tell.
    public init?(recorded: [HistoryRecord], restored: [HistoryRecord]) {
        guard !recorded.isEmpty || !restored.isEmpty else { return nil }
        let restoredTypes = Set(restored.map(\.type))
        let kept = recorded.filter { !restoredTypes.contains($0.type) }
        undoableChanges = kept.map(\.id)
        var lines: [String] = []
        for record in restored {
            let cause = recorded.last { $0.type == record.type }.map { Self.words(for: $0) } ?? "a change"
            lines.append("\(record.type) is pinned: put back to \(record.headline.answer.after ?? "nothing") after \(cause)")
        }
        if kept.count == 1, let record = kept.first {
            let answer = record.headline.answer
            lines.append(
                "\(record.type) now opens in \(answer.after ?? "nothing") instead of \(answer.before ?? "nothing"): "
                    + Self.words(for: record))
        } else if kept.count > 1 {
            // The types a list line names first; the types that follow them (subclasses) after.
            let ordered = kept.filter(Self.isNamedByItsCause) + kept.filter { !Self.isNamedByItsCause($0) }
            let named = ordered.prefix(Self.namedTypes).map(\.type).joined(separator: ", ")
            let more = kept.count > Self.namedTypes ? " and \(kept.count - Self.namedTypes) more" : ""
            let causes = Set(kept.map(\.cause.name)).sorted().joined(separator: ", ")
            lines.append("\(kept.count) types changed: \(named)\(more) (\(causes))")
        }
        let changedTypes = Set(recorded.map(\.type)).union(restoredTypes).count
        if !restored.isEmpty && kept.isEmpty {
            summary = restored.count == 1 ? "Pinned default put back" : "\(restored.count) pinned defaults put back"
        } else {
            summary = changedTypes == 1 ? "Default application changed" : "\(changedTypes) types changed"
        }
        body = lines.joined(separator: "\n")
    }

    /// Whether a line its cause quotes sets `record`'s type (`TYPE=…`), rather than one of the
    /// types it inherits from (the Shared MIME-info Database specification, "Subclassing").
    static func isNamedByItsCause(_ record: HistoryRecord) -> Bool {
        let lines: [NumberedLine]
        switch record.cause {
        case .assoc(_, _, let added, let removed), .listEdit(_, let added, let removed): lines = added + removed
        case .lastUsed(_, _, let line): lines = [line]
        default: lines = []
        }
        return lines.contains { $0.text.hasPrefix(record.type + "=") }
    }

    /// The cause of `record` in a few words: its kind and the file it came from.
    static func words(for record: HistoryRecord) -> String {
        record.cause.name + (record.cause.file.map { " in " + $0 } ?? "")
    }
}
