import DesktopEntry
import MIMEDatabase
import XDGSupport

extension DefaultsHistory {
    /// Restores every pinned type whose effective default differs from its pin (through
    /// DefaultsEditor), records the restore, returns the records.
    ///
    /// What changed before is recorded first (as `recordChanges` does), so the journal holds both
    /// the change and its restore. A pin whose application is not installed and usable is left
    /// alone: writing it would not make anything open in it.
    ///
    /// With `recordingFirst` false the caller has just called `recordChanges` (the watcher does,
    /// to tell what changed), and the state is not compared a second time.
    ///
    /// - Throws: `HistoryError`; `.editRefused` when the editor refuses the restore.
    public func defendPins(recordingFirst: Bool = true) throws(HistoryError) -> [HistoryRecord] {
        guard !pins.pins().pins.isEmpty else { return [] }
        if recordingFirst { _ = try recordChanges(process: nil) }
        let database = loadDatabase()
        let resolver = AssociationResolver(environment: environment, database: database)
        var restored: [HistoryRecord] = []
        for (pin, types) in pins.expanded(database: database, applications: resolver.applications) {
            guard resolver.applications.application(pin.app)?.status.isUsable == true else { continue }
            let differing = types.filter { type in
                DefaultsView.session.contains { resolver.resolve(type, mode: $0.resolution).defaultApplication != pin.app }
            }
            guard !differing.isEmpty else { continue }
            let request = EditRequest(
                .set, .targets(differing), application: pin.app, command: "assoc pin \(pin.target) \(pin.app) (restored)")
            restored += try edit(request, database: database, resolver: resolver).history
        }
        return restored
    }

    /// Puts back the effective default that change `id` (nil: the newest change) took away, by
    /// setting it in the user's list through DefaultsEditor, which makes it explicit so it sticks;
    /// the undo is recorded as its own change, which is returned.
    ///
    /// - Throws: `HistoryError`: `.unknownChange`, `.nothingToUndo`, `.nothingTakenAway`,
    ///   `.applicationGone` when the application taken away is no longer installed or usable,
    ///   `.editRefused`.
    public func undo(_ id: String?) throws(HistoryError) -> [HistoryRecord] {
        _ = try recordChanges(process: nil)
        let all = records()
        guard let record = id.map({ id in all.first { $0.id == id } }) ?? all.first else {
            throw id.map { .unknownChange($0) } ?? .nothingToUndo
        }
        return try undo(record)
    }

    /// Undoes the newest change of `type`, as `undo(_:)` undoes a change, after recording what
    /// changed since the history last looked, so that a change another program made is the
    /// newest; the change undone and the records of the undo, nil when the history holds no
    /// change of `type`.
    ///
    /// - Throws: `HistoryError`, as `undo(_:)`.
    public func undoLastChange(of type: String) throws(HistoryError) -> (
        undone: HistoryRecord, records: [HistoryRecord]
    )? {
        _ = try recordChanges(process: nil)
        guard let record = lastChange(of: type) else { return nil }
        return (record, try undo(record))
    }

    /// Puts back the effective default `record` took away.
    private func undo(_ record: HistoryRecord) throws(HistoryError) -> [HistoryRecord] {
        guard let application = record.headline.answer.before else { throw .nothingTakenAway(id: record.id) }
        let database = loadDatabase()
        let resolver = AssociationResolver(environment: environment, database: database)
        guard let installed = resolver.applications.application(application) else {
            throw .applicationGone(id: record.id, application: application, reason: "is no longer installed")
        }
        guard installed.status.isUsable else {
            throw .applicationGone(
                id: record.id, application: application, reason: "cannot be used: \(installed.status.description)")
        }
        let request = EditRequest(
            .set, .targets([record.type]), application: application, force: true, command: "assoc undo \(record.id)")
        return try edit(request, database: database, resolver: resolver).history
    }

    /// Pins each of `targets` to `app`, or, without one, each type to its current default, and
    /// makes the pins hold now (`defendPins`); the pins written and the records of the restore.
    ///
    /// - Throws: `HistoryError`: `.nothingToPin` for a type without a default (or a wildcard or
    ///   extension) when no application is named, `.editRefused` for a target that names no type.
    public func pin(_ targets: [String], app: String?) throws(HistoryError) -> (
        pins: [PinsList.Pin], records: [HistoryRecord]
    ) {
        let database = loadDatabase()
        let resolver = AssociationResolver(environment: environment, database: database)
        var written: [PinsList.Pin] = []
        for target in targets {
            do {
                _ = try AssociationTarget(
                    target, app: app, allTypes: app == nil, database: database, applications: resolver.applications)
            } catch {
                throw .editRefused(.target(error))
            }
            let chosen: String
            if let app {
                chosen = app
            } else if !AssociationTarget.isRule(target), let current = resolver.resolve(target).defaultApplication {
                chosen = current
            } else {
                throw .nothingToPin(target)
            }
            let pin = PinsList.Pin(
                target: AssociationTarget.isRule(target) ? target : database.canonicalName(target), app: chosen)
            try pins.pin(pin.target, to: pin.app)
            written.append(pin)
        }
        return (written, try defendPins())
    }

    /// Unpins each of `targets`; those that were pinned.
    ///
    /// - Throws: `HistoryError.unknownDirectory` or `.notWritten`.
    public func unpin(_ targets: [String]) throws(HistoryError) -> [String] {
        var removed: [String] = []
        for target in targets where try pins.unpin(target) { removed.append(target) }
        return removed
    }

    private func edit(_ request: EditRequest, database: MIMEDatabase, resolver: AssociationResolver) throws(HistoryError)
        -> EditReport
    {
        do {
            return try DefaultsEditor(environment: environment, database: database, resolver: resolver).apply(request)
        } catch {
            throw .editRefused(error)
        }
    }
}
