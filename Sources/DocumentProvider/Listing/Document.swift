#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One entry of a document listing: a document or a directory to navigate into.
public struct Document: Sendable, Hashable {
    /// The path, as the listed directory was given joined with the entry's name.
    public var path: String
    /// The MIME type: detected for a file, `inode/directory` for a directory.
    public var type: String
    /// Whether the entry is a directory, listed for navigation.
    public var isDirectory: Bool
    /// The size in bytes; nil for a directory.
    public var size: Int64?
    /// The modification time, whole seconds since the epoch.
    public var modifiedSeconds: Int64
    /// The nanoseconds of the modification time.
    public var modifiedNanoseconds: Int
    /// The birth (creation) time, whole seconds since the epoch, by `statx(2)`; nil where the
    /// file system does not record it. Shown beside the modification date, as Apple's document
    /// browser shows "Created" and "Modified" (the change time, `ctime`, is not a date a person
    /// set and is not shown).
    public var createdSeconds: Int64?
    /// Whether the file system holding it is local or remote.
    public var location: DocumentLocation
    /// Whether the application can take it: it conforms to the filter (directories always can).
    public var available: Bool
    /// Why it is not available; nil when it is.
    public var reason: String?
    /// Where it was downloaded from: its `user.xdg.origin.url` attribute (SPECS rule 82).
    public var origin: String?
    /// The path of a valid freedesktop thumbnail of it (SPECS rules 84–87).
    public var thumbnail: String?

    /// Creates an entry.
    public init(
        path: String, type: String, isDirectory: Bool, size: Int64?, modifiedSeconds: Int64,
        modifiedNanoseconds: Int = 0, location: DocumentLocation, available: Bool, reason: String? = nil,
        origin: String? = nil, thumbnail: String? = nil, createdSeconds: Int64? = nil
    ) {
        self.createdSeconds = createdSeconds
        self.path = path
        self.type = type
        self.isDirectory = isDirectory
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.location = location
        self.available = available
        self.reason = reason
        self.origin = origin
        self.thumbnail = thumbnail
    }

    /// The modification time in ISO 8601, UTC, to the second: `2024-05-01T12:34:56Z`.
    public var modifiedISO8601: String { Self.iso8601(seconds: modifiedSeconds) }

    /// `seconds` since the epoch in ISO 8601, UTC, to the second.
    public static func iso8601(seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return String(seconds) }
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))Z"
    }
}
