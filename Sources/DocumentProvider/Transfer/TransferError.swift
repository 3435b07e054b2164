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
        case .unreadableSource(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .notADocument(let path, let kind): return "'\(path)' is \(kind), not a document"
        case .doesNotConform(let path, let reason): return "refusing '\(path)': \(reason)"
        case .missingDestination(let path): return "destination '\(path)' does not exist (--mkdir creates it)"
        case .destinationNotADirectory(let path): return "destination '\(path)' is not a directory"
        case .cannotCreateDestination(let path, let reason): return "cannot create '\(path)': \(reason)"
        case .cannotWrite(let source, let directory, let reason): return "cannot copy '\(source)' into '\(directory)': \(reason)"
        case .sourceChanged(let path): return "'\(path)' changed while it was being copied; nothing was copied"
        case .sizeMismatch(let source, let expected, let found):
            return "the copy of '\(source)' has \(found) bytes, not \(expected); nothing was copied"
        case .cannotPlace(let source, let destination, let reason): return "cannot put '\(source)' at '\(destination)': \(reason)"
        case .sameFile(let source, let destination): return "'\(source)' and '\(destination)' are the same file"
        case .namedTwice(let path, let earlier): return "'\(path)' is the same file as '\(earlier)', already done"
        case .wouldReplaceTransferred(let source, let destination, let earlier):
            return "refusing '\(source)': it would replace '\(destination)', which '\(earlier)' has just become"
        case .noFreeName(let directory, let name): return "no free name for '\(name)' in '\(directory)'"
        case .linkAcrossFileSystems(let path):
            return "'\(path)' is a symbolic link; it cannot be moved to another file system"
        case .sourceNotRemovable(let path, let reason):
            return "cannot move '\(path)': it cannot be removed from its directory (\(reason))"
        case .sourceNotRemoved(let source, let destination, let reason):
            return "copied '\(source)' to '\(destination)' but cannot remove '\(source)': \(reason)"
        }
    }
}
