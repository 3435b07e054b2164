import XDGSupport

/// The orders a listing can be sorted in.
public enum DocumentSort: String, Sendable, Equatable, CaseIterable {
    /// By path, byte by byte, as `ls` in the C locale.
    case name
    /// Newest first, then by path.
    case date
    /// Largest first (directories last), then by path.
    case size

    /// Whether `lhs` comes before `rhs` in this order.
    public func areInIncreasingOrder(_ lhs: Document, _ rhs: Document) -> Bool {
        keyPrecedes(lhs, rhs) ?? PathCoding.cString(lhs.path).lexicographicallyPrecedes(PathCoding.cString(rhs.path))
    }

    /// Whether `lhs` comes before `rhs` by this order's key alone (date or size); nil when the
    /// key does not tell them apart, and always for `name`, so that a caller breaks ties its own way.
    public func keyPrecedes(_ lhs: Document, _ rhs: Document) -> Bool? {
        keyPrecedes(Key(lhs), Key(rhs))
    }

    /// What the orders other than by name compare: a size (nil for a directory) and a time.
    public struct Key: Sendable, Equatable {
        /// The size in bytes; nil for a directory.
        public var size: Int64?
        /// The modification time, seconds and nanoseconds.
        public var modified: (seconds: Int64, nanoseconds: Int)

        /// Creates a key.
        public init(size: Int64?, modifiedSeconds: Int64, modifiedNanoseconds: Int) {
            self.size = size
            modified = (modifiedSeconds, modifiedNanoseconds)
        }

        /// The key of a document.
        public init(_ document: Document) {
            self.init(
                size: document.size, modifiedSeconds: document.modifiedSeconds, modifiedNanoseconds: document.modifiedNanoseconds)
        }

        /// The key of an entry as its folder's listing measured it.
        public init(_ measure: FileBytes.EntryMeasure) {
            self.init(
                size: measure.isDirectory ? nil : measure.size, modifiedSeconds: measure.modifiedSeconds,
                modifiedNanoseconds: measure.modifiedNanoseconds)
        }

        /// Whether two keys have the same size and time.
        public static func == (lhs: Key, rhs: Key) -> Bool { lhs.size == rhs.size && lhs.modified == rhs.modified }
    }

    /// `keyPrecedes` on keys alone, for entries not examined yet (their `stat` is enough).
    public func keyPrecedes(_ lhs: Key, _ rhs: Key) -> Bool? {
        guard let left = rank(lhs), let right = rank(rhs), left != right else { return nil }
        return left > right
    }

    /// What this order compares of a key, as two numbers compared in turn, the larger first:
    /// the modification time (seconds, nanoseconds) by date, the size (-1 for a directory) by
    /// size; nil by name. A caller sorting many entries compares these instead of the keys.
    public func rank(_ key: Key) -> (Int64, Int64)? {
        switch self {
        case .name: return nil
        case .date: return (key.modified.seconds, Int64(key.modified.nanoseconds))
        case .size: return (key.size ?? -1, 0)
        }
    }
}
