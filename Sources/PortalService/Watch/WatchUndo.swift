import Associations

/// What *Undo* in a notification does: puts back, through the history, each change the
/// notification told of (`DefaultsHistory.undo`, the same call as `assoc undo ID`).
enum WatchUndo {
    /// Undoes `changes` (change IDs) with `service`'s history, logging each undo and warning of
    /// each change that cannot be undone (its application is gone, the editor refused).
    static func undo(_ changes: [String], service: WatchService, log: (String) -> Void, warn: (String) -> Void) {
        for change in changes {
            do {
                for record in try service.history.undo(change) {
                    log("undid \(change): \(record.type) opens in \(record.headline.answer.after ?? "nothing") again")
                }
            } catch {
                warn("cannot undo \(change): \(error)")
            }
        }
    }
}
