import XDGSupport

/// An assoc edit announced before its write: the list, the types and the command, so whichever
/// process compares next (the editor itself, `assoc history`, or the watcher woken by the write)
/// attributes the change to assoc. Kept in `$XDG_STATE_HOME/assoc/pending-edits.jsonl`.
struct PendingEdit: Equatable {
    /// How long an announcement waits for the change it announces: half a minute (the editor
    /// compares right after its write, the watcher within a second of it).
    static let lifetime: Int64 = 30

    var command: String
    var file: String
    var types: [String]
    var time: Int64

    var json: JSONValue {
        .object([
            ("command", .string(command)), ("file", .string(file)), ("types", .strings(types)),
            ("time", .string(JournalTime.format(time))),
        ])
    }

    init(command: String, file: String, types: [String], time: Int64) {
        self.command = command
        self.file = file
        self.types = types
        self.time = time
    }

    init(json value: JSONValue) throws(JSONObject.Failure) {
        let object = try JSONObject(value)
        command = try object.string("command")
        file = try object.string("file")
        types = try object.strings("types")
        time = JournalTime.parse(try object.string("time")) ?? 0
    }

    /// Whether this edit explains a change, written to `path`, of a type whose chain (the type
    /// and its ancestors) is `chain`.
    func explains(_ chain: [String], in path: String) -> Bool {
        chain.contains(where: types.contains)
            && (path == file || AtomicFile.resolvedTarget(path) == AtomicFile.resolvedTarget(file))
    }
}

extension HistoryJournal {
    /// The announcements of edits not yet compared.
    var pendingPath: String { directory + "/pending-edits.jsonl" }

    /// Announces an edit; never fails (an edit is never held up by its history).
    func announce(_ edit: PendingEdit) {
        try? AppendOnlyFile.append([edit.json.rendered], to: pendingPath, limit: Self.sizeLimit)
    }

    /// Takes every announcement: the file is renamed away first, so an edit announced meanwhile
    /// goes to a new file and is not lost.
    func claimPending() -> [PendingEdit] {
        guard let bytes = AppendOnlyFile.claim(pendingPath, limit: Self.sizeLimit) else { return [] }
        let reader = JSONReader(maximumSize: Self.sizeLimit)
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            (try? reader.read(Array(line))).flatMap { try? PendingEdit(json: $0) }
        }
    }

    /// Puts back the announcements still young enough to be waiting for their change.
    func keepPending(_ edits: [PendingEdit], now: Int64) {
        let young = edits.filter { now - $0.time < PendingEdit.lifetime }
        guard !young.isEmpty else { return }
        try? AppendOnlyFile.append(young.map(\.json.rendered), to: pendingPath, limit: Self.sizeLimit)
    }
}
