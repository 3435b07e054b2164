import XDGSupport

/// `$XDG_STATE_HOME/assoc/history.jsonl`: the journal of changes, one JSON object per line,
/// appended to and never rewritten; past `sizeLimit` it is rotated to `history.1.jsonl`, so at
/// most twice the limit is kept.
public struct HistoryJournal: Sendable {
    /// The size past which the journal is rotated: 1 MiB.
    public static let sizeLimit = 1 << 20

    /// The environment whose state directory holds the journal.
    public let environment: XDGEnvironment
    /// Where the last snapshot is kept between comparisons, in a long-running process.
    let memory: SnapshotMemory?

    /// The journal of `environment`; with `memory`, the snapshot saved or read last is kept there
    /// and the file is read again only when another process has replaced it.
    public init(environment: XDGEnvironment, memory: SnapshotMemory? = nil) {
        self.environment = environment
        self.memory = memory
    }

    /// The directory of the journal, the snapshot, the pins' state and the lock.
    public var directory: String { environment.stateHome + "/assoc" }
    /// The journal being written.
    public var path: String { directory + "/history.jsonl" }
    /// The journal rotated away.
    public var rotatedPath: String { AppendOnlyFile.rotatedPath(of: path) }
    /// The snapshot the next comparison starts from.
    public var snapshotPath: String { directory + "/defaults-snapshot.json" }
    /// The ID of the newest record `assoc history` showed last, for `assoc check`.
    public var readMarkPath: String { directory + "/history-read" }
    /// The lock that serialises comparisons.
    var lockPath: String { directory + "/history.lock" }

    /// Appends `records`, one line each.
    ///
    /// - Throws: `HistoryError.unknownDirectory` or `.notAppended`.
    public func append(_ records: [HistoryRecord]) throws(HistoryError) {
        guard !records.isEmpty else { return }
        do {
            _ = try environment.stateHomeForWriting()
        } catch {
            throw .unknownDirectory(error)
        }
        do {
            try AppendOnlyFile.append(records.map(\.json.rendered), to: path, limit: Self.sizeLimit)
        } catch {
            throw .notAppended(error)
        }
    }

    /// Every record of the rotated journal and then the current one, oldest first; a line that
    /// is not a record (a line being written, a damaged one) is skipped.
    public func records() -> [HistoryRecord] {
        var result: [HistoryRecord] = []
        let reader = JSONReader(maximumSize: Self.sizeLimit)
        for file in [rotatedPath, path] {
            guard let bytes = try? FileBytes.read(file, limit: 4 * Self.sizeLimit) else { continue }
            for line in bytes.split(separator: UInt8(ascii: "\n")) {
                guard let value = try? reader.read(Array(line)), let record = try? HistoryRecord(json: value) else { continue }
                result.append(record)
            }
        }
        return result
    }

    /// The records appended since `assoc history` was last read, oldest first: all of them when
    /// it never was, or when the last record it saw has been rotated away.
    public func unreadRecords() -> [HistoryRecord] {
        let all = records()
        guard let bytes = try? FileBytes.read(readMarkPath, limit: 1024) else { return all }
        let seen = String(decoding: bytes, as: UTF8.self).filter { $0 != "\n" }.trimmingSpaces()
        guard !seen.isEmpty else { return all }
        guard let index = all.lastIndex(where: { $0.id == seen }) else { return all }
        return Array(all[(index + 1)...])
    }

    /// Notes that the history was read up to the newest record now in the journal.
    ///
    /// - Throws: `HistoryError.unknownDirectory` or `.notWritten`.
    public func markRead() throws(HistoryError) {
        let newest = records().last?.id ?? ""
        do {
            _ = try environment.stateHomeForWriting()
            try AtomicFile.update(readMarkPath) { _ in newest + "\n" }
        } catch let error as XDGEnvironment.UnknownDirectory {
            throw .unknownDirectory(error)
        } catch let failure as AtomicFile.Failure {
            throw .notWritten(failure)
        } catch {
            throw .notWritten(.system(path: readMarkPath, step: "write", reason: "\(error)"))
        }
    }

    /// The snapshot saved last; nil when none was, or it cannot be read (it is then taken again).
    func loadSnapshot() -> DefaultsSnapshot? {
        if let kept = memory?.snapshot(at: snapshotPath) { return kept }
        guard let bytes = try? FileBytes.read(snapshotPath, limit: 256 << 20),
            let value = try? JSONReader(maximumSize: 256 << 20, maximumDepth: 8).read(bytes),
            let snapshot = try? DefaultsSnapshot(json: value)
        else { return nil }
        memory?.keep(snapshot, at: snapshotPath)
        return snapshot
    }

    /// Whether a snapshot has been saved: the history has started.
    var hasSnapshot: Bool { FileBytes.exists(snapshotPath) }

    /// Saves `snapshot` atomically.
    ///
    /// - Throws: `HistoryError.unknownDirectory` or `.notWritten`.
    func save(_ snapshot: DefaultsSnapshot) throws(HistoryError) {
        do {
            _ = try environment.stateHomeForWriting()
            try AtomicFile.update(snapshotPath, sizeLimit: 256 << 20) { _ in snapshot.json.rendered + "\n" }
            memory?.keep(snapshot, at: snapshotPath)
        } catch let error as XDGEnvironment.UnknownDirectory {
            throw .unknownDirectory(error)
        } catch let failure as AtomicFile.Failure {
            throw .notWritten(failure)
        } catch {
            throw .notWritten(.system(path: snapshotPath, step: "write", reason: "\(error)"))
        }
    }
}
