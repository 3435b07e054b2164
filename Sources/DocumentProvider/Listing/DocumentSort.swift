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
        switch self {
        case .name:
            return nil
        case .date:
            let left = (lhs.modifiedSeconds, lhs.modifiedNanoseconds)
            let right = (rhs.modifiedSeconds, rhs.modifiedNanoseconds)
            return left == right ? nil : left > right
        case .size:
            let left = lhs.size ?? -1
            let right = rhs.size ?? -1
            return left == right ? nil : left > right
        }
    }
}
