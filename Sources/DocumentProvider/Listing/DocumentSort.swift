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
        switch self {
        case .name:
            break
        case .date:
            let left = (lhs.modifiedSeconds, lhs.modifiedNanoseconds)
            let right = (rhs.modifiedSeconds, rhs.modifiedNanoseconds)
            if left != right { return left > right }
        case .size:
            let left = lhs.size ?? -1
            let right = rhs.size ?? -1
            if left != right { return left > right }
        }
        return PathCoding.cString(lhs.path).lexicographicallyPrecedes(PathCoding.cString(rhs.path))
    }
}
