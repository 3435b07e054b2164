/// How far apart two words are, for "did you mean …?": the one measure every suggestion uses.
public enum EditDistance {
    /// The edit distance between two strings, by Characters: insertions, deletions, substitutions
    /// and swaps of two neighbours each count one (the optimal string alignment distance).
    public static func between(_ a: String, _ b: String) -> Int {
        let left = Array(a)
        let right = Array(b)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var beforePrevious = Array(repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[right.count]
    }

    /// The candidates nearest to `word`, when they are near enough (a third of its length, at
    /// least one, at most three; case ignored): all those at the least distance, in the given
    /// order, at most `limit`.
    public static func nearest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let allowed = min(3, max(1, word.count / 3))
        let lowered = word.lowercased()
        let scored = candidates.map { ($0, between(lowered, $0.lowercased())) }
        guard let best = scored.map(\.1).min(), best <= allowed else { return [] }
        return Array(scored.filter { $0.1 == best }.map(\.0).prefix(limit))
    }
}
