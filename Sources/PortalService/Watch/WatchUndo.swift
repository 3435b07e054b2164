import Associations

/// What *Undo* in a notification does: puts back, through the history, each change the
/// notification told of.
enum WatchUndo {
    /// Undoes `changes` (change IDs) with `service`'s history, logging each and warning of each
    /// that cannot be undone.
    static func undo(
        _ changes: [String], service: WatchService, log: (String) -> Void, warn: (String) -> Void
    ) {
        log("undo asked for \(changes.joined(separator: ", ")), not wired to the history yet")
    }
}
