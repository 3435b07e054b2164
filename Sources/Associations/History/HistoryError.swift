import XDGSupport

/// Why the history of defaults could not be read or written, or a change not undone or pinned.
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no absolute directory to keep the history or the pins in.
    case unknownDirectory(XDGEnvironment.UnknownDirectory)
    /// The journal could not be appended to.
    case notAppended(AppendOnlyFile.Failure)
    /// The snapshot or the pins could not be written.
    case notWritten(AtomicFile.Failure)
    /// The snapshot is not what assoc writes (it is then taken again).
    case unreadableSnapshot(path: String, reason: String)
    /// No record has this change ID.
    case unknownChange(String)
    /// The journal holds no change to undo.
    case nothingToUndo
    /// The change took nothing away that can be put back.
    case nothingTakenAway(id: String)
    /// The application the change took away is no longer installed or usable.
    case applicationGone(id: String, application: String, reason: String)
    /// The editor refused the write that would undo the change or restore a pin.
    case editRefused(EditRefusal)
    /// A pin names no application and the type has no default to pin.
    case nothingToPin(String)

    /// The message, naming the file or the change.
    public var description: String {
        switch self {
        case .unknownDirectory(let error): return error.description
        case .notAppended(let failure): return failure.description
        case .notWritten(let failure): return failure.description
        case .unreadableSnapshot(let path, let reason): return "'\(path)': \(reason)"
        case .unknownChange(let id): return "no change '\(id)' in the history (see 'assoc history')"
        case .nothingToUndo: return "the history holds no change to undo"
        case .nothingTakenAway(let id): return "change '\(id)' took no application away; there is nothing to put back"
        case .applicationGone(let id, let application, let reason):
            return "cannot undo change '\(id)': '\(application)', the application it took away, \(reason)"
        case .editRefused(let refusal): return refusal.description
        case .nothingToPin(let target): return "'\(target)' has no default to pin; name the application"
        }
    }
}
