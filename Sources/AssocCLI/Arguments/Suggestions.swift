import XDGSupport

/// "Did you mean …?" in a usage error, by the distance `EditDistance` measures, as git suggests.
enum Suggestions {
    /// "; did you mean 'x'?" or "; did you mean 'x' or 'y'?", or "" when nothing is near.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        phrase(EditDistance.nearest(to: word, in: candidates))
    }

    /// "; did you mean 'x', 'y' or 'z'?" for `found`, or "" when it is empty.
    static func phrase(_ found: [String]) -> String {
        guard !found.isEmpty else { return "" }
        return "; did you mean " + ParsedArguments.list(found.map { "'\($0)'" }) + "?"
    }
}
