#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A glob rule that matched a name, with what ranks it.
public struct GlobMatch: Sendable, Equatable {
    /// The rule that matched.
    public var rule: GlobRule
    /// The `mime/` directory the rule came from, when known.
    public var directory: String?
    /// The rule's place in the database, which breaks ties between equal weights.
    var order: Int = 0
}

/// What glob matching found for one name (SPECS rules 9–14).
public struct GlobResult: Sendable, Equatable {
    /// The candidates, best first: by weight, then in the database's order.
    public var survivors: [GlobMatch]
    /// Matches of shorter suffixes, which a longer one overrides (`*.gz` under `*.tar.gz`).
    public var discarded: [GlobMatch]

    /// The distinct types of the candidates, best first.
    public var types: [String] {
        var seen = Set<String>()
        return survivors.map(\.rule.mimeType).filter { seen.insert($0).inserted }
    }

    /// Whether the candidates disagree on the type.
    public var isAmbiguous: Bool { types.count > 1 }
}

/// Matches file names against every glob of the database, indexed once.
///
/// Literal patterns are looked up whole, simple `*suffix` patterns by every suffix of the name,
/// and the few full patterns with fnmatch(3). Patterns that are not case-sensitive are stored
/// lower-cased and compared with the lower-cased name; case-sensitive ones with the name as is.
struct GlobMatcher: Sendable {
    private var literals: [String: [GlobMatch]] = [:]
    private var suffixes: [String: [GlobMatch]] = [:]
    private var full: [GlobMatch] = []
    /// The length of the longest simple suffix, to bound the suffix lookups.
    private var longestSuffix = 0

    init(globs: [GlobRule], origins: [GlobRule: String]) {
        for (index, rule) in globs.enumerated() {
            let match = GlobMatch(rule: rule, directory: origins[rule], order: index)
            switch rule.kind {
            case .literal: literals[rule.pattern, default: []].append(match)
            case .simple:
                let suffix = String(rule.pattern.dropFirst())
                suffixes[suffix, default: []].append(match)
                longestSuffix = max(longestSuffix, suffix.count)
            case .full: full.append(match)
            }
        }
    }

    /// Matches a base name the way the reference implementation does (SPECS rules 11–12):
    /// a literal pattern alone when one matches; otherwise the simple patterns of the longest
    /// matching suffix, and the full patterns when fewer than two suffix matches were found.
    /// Candidates of every weight are kept, best weight first, so that a lighter type still counts
    /// as a conflict that content can settle; the weight decides when content does not.
    func match(_ name: String) -> GlobResult {
        guard !name.isEmpty else { return GlobResult(survivors: [], discarded: []) }
        let lowered = name.lowercased()
        var literal: [GlobMatch] = []
        for candidate in (literals[lowered] ?? []) + (lowered == name ? [] : literals[name] ?? []) {
            if accepts(candidate.rule, name: name, lowered: lowered) { literal.append(candidate) }
        }
        if !literal.isEmpty { return GlobResult(survivors: ordered(literal), discarded: []) }
        let characters = Array(lowered)
        let original = Array(name)
        var bySuffixLength: [[GlobMatch]] = []
        let limit = min(longestSuffix, characters.count)
        if limit > 0 {
            for length in 1...limit {
                var found: [GlobMatch] = []
                let suffix = String(characters[(characters.count - length)...])
                for candidate in suffixes[suffix] ?? [] where !candidate.rule.caseSensitive {
                    found.append(candidate)
                }
                if original.count == characters.count {
                    let exact = String(original[(original.count - length)...])
                    for candidate in suffixes[exact] ?? [] where candidate.rule.caseSensitive {
                        found.append(candidate)
                    }
                }
                if !found.isEmpty { bySuffixLength.append(found) }
            }
        }
        var survivors = bySuffixLength.last ?? []
        let discarded = bySuffixLength.dropLast().flatMap { $0 }
        if Set(survivors.map(\.rule.mimeType)).count < 2 {
            for candidate in full where fnmatch(candidate.rule.pattern, candidate.rule.caseSensitive ? name : lowered, 0) == 0 {
                survivors.append(candidate)
            }
        }
        return GlobResult(survivors: ordered(survivors), discarded: discarded)
    }

    /// Best weight first; among equal weights, the order the database lists them in (the order of
    /// the package, which `update-mime-database` keeps in `globs2` and `mime.cache`).
    private func ordered(_ matches: [GlobMatch]) -> [GlobMatch] {
        matches.sorted { ($0.rule.weight, -$0.order) > ($1.rule.weight, -$1.order) }
    }

    private func accepts(_ rule: GlobRule, name: String, lowered: String) -> Bool {
        rule.caseSensitive ? rule.pattern == name : rule.pattern == lowered
    }
}
