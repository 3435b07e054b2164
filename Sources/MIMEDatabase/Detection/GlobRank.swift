/// How a glob that matched a name ranks against the others that matched it, and so which of them
/// count: the one rule every glob matcher applies (the decoded rules in `GlobMatcher`, a cache read
/// in place in `CacheGlobMatcher`, and the bulk path on a name's bytes).
///
/// The shared-mime-info specification, "The glob files", orders the kinds of pattern: "Literal
/// patterns (eg, 'Makefile') must be matched before all others", and patterns `*.ext` "should be
/// matched before other wildcarded patterns". The first kind that matches a name at all is the
/// only one ranked (a suffix of the name is not overruled by a full pattern such as
/// `*.so.[0-9]*`, so `x.so.1.png` is an image, as xdgmime has it). Then "Recommended checking
/// order": "Keep only globs with the biggest weight. If the patterns are different, keep only
/// globs with the longest pattern". So `README.doc` is `application/msword` (`*.doc`, weight 50,
/// over `README*`, weight 10), and `x.tar.gz` is `application/x-compressed-tar` (`*.tar.gz` over
/// `*.gz`). And "The glob files":
/// "If a matching pattern is provided by two or more MIME types, applications SHOULD not rely on
/// one of them. They are instead supposed to use magic data": a lighter glob of the very pattern
/// that survived (`*.smf`, weight 40, for `application/x-starmath` beside weight 50 for
/// `application/vnd.stardivision.math`) stays a candidate after the heavier ones, which content may
/// choose and the name alone never does, as shared-mime-info's own detection suite expects.
struct GlobRank: Comparable, Sendable {
    /// The glob's weight, 0 to 100.
    var weight: Int
    /// The length of its pattern in Unicode scalars (`*.tar.gz` is 8).
    var length: Int

    /// The rank of `rule`.
    init(_ rule: GlobRule) {
        self.init(weight: rule.weight, length: rule.pattern.unicodeScalars.count)
    }

    init(weight: Int, length: Int) {
        self.weight = weight
        self.length = length
    }

    /// Heavier first; among equal weights, the longer pattern.
    static func < (lhs: GlobRank, rhs: GlobRank) -> Bool {
        lhs.weight != rhs.weight ? lhs.weight < rhs.weight : lhs.length < rhs.length
    }

    /// What becomes of one match of a name.
    enum Fate: Equatable {
        /// Of the best rank: a candidate by the name alone.
        case survivor
        /// Lighter than a survivor of the same pattern: a candidate content may choose.
        case alternative
        /// Lighter or shorter than the survivors, of another pattern: not a candidate.
        case discarded
    }

    /// The fate of each of `count` matches, in order: match `i` has rank `rank(i)`, and
    /// `samePattern(i, j)` says whether matches `i` and `j` have the same pattern.
    static func fates(of count: Int, rank: (Int) -> GlobRank, samePattern: (Int, Int) -> Bool, _ body: (Int, Fate) -> Void) {
        guard count > 0 else { return }
        var best = rank(0)
        for index in 1..<max(1, count) {
            let other = rank(index)
            if best < other { best = other }
        }
        for index in 0..<count {
            if rank(index) == best {
                body(index, .survivor)
            } else if (0..<count).contains(where: { rank($0) == best && samePattern(index, $0) }) {
                body(index, .alternative)
            } else {
                body(index, .discarded)
            }
        }
    }
}
