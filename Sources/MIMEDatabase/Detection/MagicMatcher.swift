/// A magic section that matched some data.
public struct MagicMatch: Sendable, Equatable {
    /// The type the section detects.
    public var mimeType: String
    /// The section's priority.
    public var priority: Int
}

/// Tests data against the database's magic sections, highest priority first (SPECS rules 15–19).
struct MagicMatcher: Sendable {
    /// Sections sorted by priority, highest first, then by type name for a stable order.
    private let rules: [MagicRule]
    /// How many bytes of a file the rules can look at.
    let maxExtent: Int

    init(rules: [MagicRule]) {
        self.rules = rules.sorted {
            ($0.priority, $1.mimeType) > ($1.priority, $0.mimeType)
        }
        maxExtent = rules.flatMap(\.matchlets).map(\.extent).max() ?? 0
    }

    /// Every section that matches `data`, highest priority first.
    ///
    /// - Parameter stopBelow: stop after the first priority level that matched, when true.
    func matches(_ data: [UInt8], firstLevelOnly: Bool = false) -> [MagicMatch] {
        var result: [MagicMatch] = []
        for rule in rules {
            if firstLevelOnly, let first = result.first, rule.priority < first.priority { break }
            if rule.matchlets.contains(where: { Self.matches($0, data) }),
                !result.contains(where: { $0.mimeType == rule.mimeType }) {
                result.append(MagicMatch(mimeType: rule.mimeType, priority: rule.priority))
            }
        }
        return result
    }

    /// A matchlet matches when its value is found at one of its offsets and, if it has children,
    /// one of them matches too (children AND-ed with the parent, OR-ed among themselves).
    static func matches(_ matchlet: Matchlet, _ data: [UInt8]) -> Bool {
        let length = matchlet.value.count
        let lastStart = matchlet.rangeStart + matchlet.rangeLength - 1
        guard length > 0, matchlet.rangeStart + length <= data.count else { return false }
        var found = false
        data.withUnsafeBufferPointer { bytes in
            matchlet.value.withUnsafeBufferPointer { value in
                var offset = matchlet.rangeStart
                while offset <= lastStart && offset + length <= bytes.count {
                    if let mask = matchlet.mask {
                        var equal = true
                        for index in 0..<length where bytes[offset + index] & mask[index] != value[index] & mask[index] {
                            equal = false
                            break
                        }
                        if equal { found = true; return }
                    } else if memcmpEqual(bytes.baseAddress! + offset, value.baseAddress!, length) {
                        found = true
                        return
                    }
                    offset += 1
                }
            }
        }
        guard found else { return false }
        return matchlet.children.isEmpty || matchlet.children.contains { matches($0, data) }
    }

    private static func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for index in 0..<count where a[index] != b[index] { return false }
        return true
    }
}
