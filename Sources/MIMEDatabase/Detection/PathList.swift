import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Paths kept as the bytes of one buffer, each a range of it: a list of tens of thousands of
/// paths costs one allocation, not one string per path.
public struct PathList: Sendable {
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var ends: [Int] = []

    /// An empty list.
    public init() {}

    /// The paths of `list`, separated by `separator`; empty entries are skipped.
    public init(splitting list: [UInt8], separator: UInt8) {
        bytes = list
        var starts: [Int] = []
        var ends: [Int] = []
        // memchr(3) finds the separators: the list is read before any path is typed, on one thread.
        list.withUnsafeBufferPointer { list in
            guard let base = list.baseAddress else { return }
            var start = 0
            while start < list.count {
                let found = memchr(base + start, Int32(separator), list.count - start)
                let end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? list.count
                if end > start {
                    starts.append(start)
                    ends.append(end)
                }
                start = end + 1
            }
        }
        self.starts = starts
        self.ends = ends
    }

    /// The list of `paths`, in order.
    public init(_ paths: [String]) {
        for path in paths { append(path) }
    }

    /// How many paths there are.
    public var count: Int { starts.count }

    /// Adds `path` (its bytes, as `PathCoding.encode` gives them) at the end.
    public mutating func append(_ path: String) {
        starts.append(bytes.count)
        bytes += PathCoding.encode(path)
        ends.append(bytes.count)
    }

    /// Adds every path of `other` at the end.
    public mutating func append(contentsOf other: PathList) {
        for index in 0..<other.count { other.withPath(at: index) { append(bytes: $0) } }
    }

    private mutating func append(bytes path: UnsafeBufferPointer<UInt8>) {
        starts.append(bytes.count)
        bytes.append(contentsOf: path)
        ends.append(bytes.count)
    }

    /// Calls `body` with the bytes of path `index`.
    public func withPath<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[starts[index]..<ends[index]])) }
    }

    /// Path `index` as a string (`PathCoding.decode`).
    public func path(at index: Int) -> String {
        withPath(at: index) { PathCoding.decode($0) }
    }
}
