/// Why part of a listing could not be made; the rest is still listed.
public enum ListingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A path given to list does not exist or cannot be examined.
    case unreadablePath(path: String, reason: String)
    /// A directory whose entries cannot be read.
    case unreadableDirectory(path: String, reason: String)
    /// A file whose type cannot be told because it cannot be read.
    case unreadableFile(path: String, reason: String)

    /// The message, naming the file.
    public var description: String {
        switch self {
        case .unreadablePath(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .unreadableDirectory(let path, let reason): return "cannot list '\(path)': \(reason)"
        case .unreadableFile(let path, let reason): return "cannot type '\(path)': \(reason)"
        }
    }
}
