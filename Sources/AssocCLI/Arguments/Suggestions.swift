/// "Did you mean …?": the nearest words to a misspelling, by edit distance, as git suggests.
enum Suggestions {
    /// The candidates within a small edit distance of `word` (a third of its length, at least
    /// one, at most three), nearest first, then in the given order.
    static func nearest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let allowed = min(3, max(1, word.count / 3))
        let lowered = word.lowercased()
        return candidates.map { ($0, distance(lowered, $0.lowercased())) }
            .filter { $0.1 <= allowed }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .prefix(limit).map(\.element.0)
    }

    /// "; did you mean 'x'?" or "; did you mean 'x' or 'y'?", or "" when nothing is near.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        let found = nearest(to: word, in: candidates)
        guard !found.isEmpty else { return "" }
        let quoted = found.map { "'\($0)'" }
        return "; did you mean " + (quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!) + "?"
    }

    /// The Levenshtein distance between two strings, by Characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let left = Array(a)
        let right = Array(b)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = previous
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
