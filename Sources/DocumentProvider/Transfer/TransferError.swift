/// Why a document was not copied or moved. In every case the source is as it was, and no partial
/// file is left under a final name.
public enum TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source does not exist or cannot be read.
    case unreadableSource(path: String, reason: String)
    /// The source is a directory, a device or another thing that is not a document.
    case notADocument(path: String, kind: String)
    /// The source's type does not conform to the filter.
    case doesNotConform(path: String, reason: String)
    /// The destination directory does not exist, and creating it was not asked for.
    case missingDestination(path: String)
    /// The destination exists and is not a directory.
    case destinationNotADirectory(path: String)
    /// The destination directory could not be created.
    case cannotCreateDestination(path: String, reason: String)
    /// Writing the copy failed: a full or read-only file system, a missing permission.
    case cannotWrite(source: String, directory: String, reason: String)
    /// The source changed while it was copied.
    case sourceChanged(path: String)
    /// The copy's size is not the source's.
    case sizeMismatch(source: String, expected: Int64, found: Int64)
    /// The finished copy, or the source itself, could not be given its final name.
    case cannotPlace(source: String, destination: String, reason: String)
    /// `--replace` would replace the source with itself.
    case sameFile(source: String, destination: String)
    /// An operand names a file that an earlier operand of the same request already transferred.
    case namedTwice(path: String, earlier: String)
    /// With `--replace`, a document would replace the one an earlier operand has just become.
    case wouldReplaceTransferred(source: String, destination: String, earlier: String)
    /// Every numbered name up to the limit is taken.
    case noFreeName(directory: String, name: String)
    /// A symbolic link cannot be moved to another file system (its target would be copied instead).
    case linkAcrossFileSystems(path: String)
    /// The source cannot be removed after a copy to another file system; nothing was copied.
    case sourceNotRemovable(path: String, reason: String)
    /// The copy is in place but the source could not be removed afterwards; both now exist.
    case sourceNotRemoved(source: String, destination: String, reason: String)

    /// The message, naming the files.
    public var description: String {
        switch self {
        case let .unreadableSource(path, reason): return "cannot read '\(path)': \(reason)"
        case let .notADocument(path, kind): return "'\(path)' is \(kind), not a document"
        case let .doesNotConform(path, reason): return "refusing '\(path)': \(reason)"
        case let .missingDestination(path): return "destination '\(path)' does not exist (--mkdir creates it)"
        case let .destinationNotADirectory(path): return "destination '\(path)' is not a directory"
        case let .cannotCreateDestination(path, reason): return "cannot create '\(path)': \(reason)"
        case let .cannotWrite(source, directory, reason): return "cannot copy '\(source)' into '\(directory)': \(reason)"
        case let .sourceChanged(path): return "'\(path)' changed while it was being copied; nothing was copied"
        case let .sizeMismatch(source, expected, found):
            return "the copy of '\(source)' has \(found) bytes, not \(expected); nothing was copied"
        case let .cannotPlace(source, destination, reason): return "cannot put '\(source)' at '\(destination)': \(reason)"
        case let .sameFile(source, destination): return "'\(source)' and '\(destination)' are the same file"
        case let .namedTwice(path, earlier): return "'\(path)' is the same file as '\(earlier)', already done"
        case let .wouldReplaceTransferred(source, destination, earlier):
            return "refusing '\(source)': it would replace '\(destination)', which '\(earlier)' has just become"
        case let .noFreeName(directory, name): return "no free name for '\(name)' in '\(directory)'"
        case let .linkAcrossFileSystems(path):
            return "'\(path)' is a symbolic link; it cannot be moved to another file system"
        case let .sourceNotRemovable(path, reason):
            return "cannot move '\(path)': it cannot be removed from its directory (\(reason))"
        case let .sourceNotRemoved(source, destination, reason):
            return "copied '\(source)' to '\(destination)' but cannot remove '\(source)': \(reason)"
        }
    }
}
