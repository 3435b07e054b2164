import DesktopEntry
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The history of effective defaults (DESIGN decision 18): compares the state now with the last
/// snapshot, appends a record per changed default with its inferred cause, undoes a change, and
/// defends the pinned types. The watcher, `assoc history`, `undo`, `pin`, `check` and the editor
/// all go through it.
///
/// The history starts with its first snapshot (taken by `recordChanges`, so by `assoc history`
/// or the watcher); before it, an assoc edit records nothing and costs nothing.
public struct DefaultsHistory: Sendable {
    /// The environment whose defaults are followed.
    public let environment: XDGEnvironment
    /// A database to use instead of loading one (the editor passes its own).
    let suppliedDatabase: MIMEDatabase?
    /// Where a long-running caller keeps the last snapshot between comparisons.
    let memory: SnapshotMemory?

    /// The history of `environment`; the type database and applications are loaded on each call,
    /// so a long-running caller sees what was installed since. With `memory` (the watcher's), the
    /// last snapshot stays in memory between calls instead of being read from its file each time.
    public init(environment: XDGEnvironment, memory: SnapshotMemory? = nil) {
        self.environment = environment
        suppliedDatabase = nil
        self.memory = memory
    }

    /// The history of `environment` over an already loaded `database`.
    init(environment: XDGEnvironment, database: MIMEDatabase) {
        self.environment = environment
        suppliedDatabase = database
        memory = nil
    }

    /// The journal, the snapshot and the read mark.
    public var journal: HistoryJournal { HistoryJournal(environment: environment, memory: memory) }

    /// The pins.
    public var pins: PinsList { PinsList(environment: environment) }

    /// Whether the history has started (a snapshot was taken).
    public var hasStarted: Bool { journal.hasSnapshot }

    /// The supplied database, or the environment's loaded now.
    func loadDatabase() -> MIMEDatabase {
        suppliedDatabase ?? MIMEDatabase(environment: environment, checking: .perRead)
    }

    /// Compares the current state with the last snapshot, appends one record per changed
    /// effective default with its inferred cause, saves the new snapshot, returns the new records.
    /// The first call only takes the snapshot and returns no record.
    ///
    /// - Parameter process: the process that made the changes, where the caller knows it.
    /// - Throws: `HistoryError` when the journal or the snapshot cannot be written.
    public func recordChanges(process: String?) throws(HistoryError) -> [HistoryRecord] {
        try recordChanges(process: process, edit: nil, wait: true) ?? []
    }

    /// An assoc edit to attribute: the command, the list it wrote, its text before and after.
    struct AssocEdit {
        var command: String
        var file: String
        var old: String?
        var new: String
    }

    /// `recordChanges`, attributing the lines of `edit` to assoc; with `wait` false, nil at once
    /// when another process is comparing.
    func recordChanges(process: String?, edit: AssocEdit?, wait: Bool) throws(HistoryError) -> [HistoryRecord]? {
        let journal = self.journal
        do {
            _ = try environment.stateHomeForWriting()
        } catch {
            throw .unknownDirectory(error)
        }
        do {
            return try AppendOnlyFile.withLock(journal.lockPath, wait: wait) { () throws(HistoryError) in
                try compareAndRecord(journal: journal, process: process, edit: edit)
            }
        } catch let error as HistoryError {
            throw error
        } catch let failure as AppendOnlyFile.Failure {
            throw .notAppended(failure)
        } catch {
            throw .notAppended(AppendOnlyFile.Failure(path: journal.lockPath, reason: "\(error)"))
        }
    }

    private func compareAndRecord(journal: HistoryJournal, process: String?, edit: AssocEdit?) throws(HistoryError)
        -> [HistoryRecord]
    {
        let database = loadDatabase()
        let now = Self.now()
        let pinned = pins.pins().pins.map(\.target).filter { !AssociationTarget.isRule($0) }
        let previous = journal.loadSnapshot()
        let current = DefaultsSnapshot.capture(
            environment: environment, database: database, time: now.seconds, extraTypes: pinned, previous: previous,
            memory: memory)
        guard let previous else {
            try journal.save(current)
            return []
        }
        let changes = ChangeInference(old: previous, new: current, database: database).changes()
        var pending = journal.claimPending()
        var used = Set<Int>()
        let records = changes.enumerated().map { index, change in
            var cause = change.cause
            var recordProcess = process
            if let edit, let attributed = Self.attribute(cause, to: edit) {
                cause = attributed
                recordProcess = "assoc[\(getpid())]"
            } else if let file = Self.listFile(of: cause),
                let found = pending.indices.last(where: {
                    pending[$0].explains([change.type] + database.ancestors(of: change.type), in: file)
                }),
                let attributed = Self.attribute(cause, toCommand: pending[found].command)
            {
                cause = attributed
                used.insert(found)
            }
            return HistoryRecord(
                id: Self.changeID(milliseconds: now.milliseconds, index: index), time: now.seconds, type: change.type,
                answers: change.answers, cause: cause, process: recordProcess)
        }
        // The editor's own comparison also retires its announcement, used or not.
        pending = pending.indices.filter { index in
            !used.contains(index)
                && !(edit.map { pending[index].command == $0.command && pending[index].file == $0.file } ?? false)
        }.map { pending[$0] }
        journal.keepPending(pending, now: now.seconds)
        try journal.append(records)
        try journal.save(current)
        return records
    }

    /// The list a list-edit or last-used cause names.
    static func listFile(of cause: ChangeCause) -> String? {
        switch cause {
        case .listEdit(let file, _, _), .lastUsed(let file, _, _): file
        default: nil
        }
    }

    /// `cause`, a list edit or last-used move, as assoc's `command`.
    static func attribute(_ cause: ChangeCause, toCommand command: String) -> ChangeCause? {
        switch cause {
        case .listEdit(let file, let added, let removed): .assoc(command: command, file: file, added: added, removed: removed)
        case .lastUsed(let file, _, let line): .assoc(command: command, file: file, added: [line], removed: [])
        default: nil
        }
    }

    /// Announces an assoc edit of `file` for `types` before it is written, when the history has
    /// started, so that whichever process compares next attributes it to assoc.
    func announceEdit(command: String, file: String, types: [String]) {
        guard hasStarted else { return }
        journal.announce(PendingEdit(command: command, file: file, types: types, time: Self.now().seconds))
    }

    /// The `assoc` cause for a list edit whose lines are all lines `edit` wrote; nil otherwise.
    static func attribute(_ cause: ChangeCause, to edit: AssocEdit) -> ChangeCause? {
        let (file, added, removed): (String, [NumberedLine], [NumberedLine])
        switch cause {
        case .listEdit(let path, let plus, let minus): (file, added, removed) = (path, plus, minus)
        case .lastUsed(let path, _, let line): (file, added, removed) = (path, [line], [])
        default: return nil
        }
        guard file == edit.file || AtomicFile.resolvedTarget(file) == AtomicFile.resolvedTarget(edit.file) else { return nil }
        // Lines are matched by number and group, in the texts the edit read and wrote.
        func entries(_ text: String?) -> [ChangeInference.ListEntry] {
            ChangeInference.entries((text ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        let before = entries(edit.old)
        let after = entries(edit.new)
        let beforeSet = Set(before.map(\.identity))
        let afterSet = Set(after.map(\.identity))
        func wrote(_ line: NumberedLine, in side: [ChangeInference.ListEntry], absentFrom other: Set<String>) -> Bool {
            side.contains { $0.line == line.line && $0.numbered.text == line.text && !other.contains($0.identity) }
        }
        guard added.allSatisfy({ wrote($0, in: after, absentFrom: beforeSet) }),
            removed.allSatisfy({ wrote($0, in: before, absentFrom: afterSet) })
        else { return nil }
        return .assoc(command: edit.command, file: file, added: added, removed: removed)
    }

    /// Records an assoc edit of `file` from `old` to `new` made by `command`, when the history has
    /// started and no other process is comparing (an edit never waits for the history); the
    /// records, empty when nothing was recorded. Failures are swallowed for the same reason.
    func recordEdit(command: String, file: String, old: String?, new: String) -> [HistoryRecord] {
        guard hasStarted else { return [] }
        let edit = AssocEdit(command: command, file: file, old: old, new: new)
        return ((try? recordChanges(process: nil, edit: edit, wait: false)) ?? nil) ?? []
    }

    // MARK: - Reading

    /// Every record, newest first.
    public func records() -> [HistoryRecord] { journal.records().reversed() }

    /// The last change of `type`, nil when none was recorded.
    public func lastChange(of type: String) -> HistoryRecord? { records().first { $0.type == type } }

    // MARK: - Time and IDs

    /// Now, in seconds and milliseconds since the epoch.
    static func now() -> (seconds: Int64, milliseconds: Int64) {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return (Int64(time.tv_sec), Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }

    /// A change ID: the time in base 36 and the change's index, `mi7k2x0a-0`.
    static func changeID(milliseconds: Int64, index: Int) -> String {
        String(milliseconds, radix: 36) + "-" + String(index)
    }
}
