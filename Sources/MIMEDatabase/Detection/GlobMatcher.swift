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

extension GlobMatch {
    /// Best weight first; among equal weights, the order the database lists them in (the order of
    /// the package, which `update-mime-database` keeps in `globs2` and `mime.cache`).
    static func ranked(_ matches: [GlobMatch]) -> [GlobMatch] {
        matches.count < 2 ? matches : matches.sorted { ($0.rule.weight, -$0.order) > ($1.rule.weight, -$1.order) }
    }
}

/// Where glob matching reads its rules: decoded and indexed, or one cache read in place.
enum GlobIndex: Sendable {
    /// Rules decoded from every directory and indexed.
    case rules(GlobMatcher)
    /// The only directory's `mime.cache`, read where it lies.
    case cache(CacheGlobMatcher)

    /// Matches a base name; both give the same answer for the same rules.
    func match(_ name: String) -> GlobResult {
        switch self {
        case .rules(let matcher): return matcher.match(name)
        case .cache(let matcher): return matcher.match(name)
        }
    }
}

/// Matches file names against every glob of the database, indexed once.
///
/// Literal patterns are looked up whole, simple `*suffix` patterns by walking a trie of their
/// bytes from the end of the name, and the few full patterns with fnmatch(3). Patterns that are not
/// case-sensitive are stored lower-cased and compared with the lower-cased name; case-sensitive
/// ones with the name as is.
struct GlobMatcher: Sendable {
    private var literals: [String: [GlobMatch]] = [:]
    /// Simple patterns that ignore case, by their lower-cased suffix.
    private var foldedSuffixes = SuffixTrie()
    /// Simple patterns that respect case.
    private var exactSuffixes = SuffixTrie()
    private var full: [FullPattern] = []

    init(globs: [GlobRule], origin: (GlobRule) -> String?) {
        for (index, rule) in globs.enumerated() {
            let match = GlobMatch(rule: rule, directory: origin(rule), order: index)
            switch rule.kind {
            case .literal: literals[rule.pattern, default: []].append(match)
            case .simple:
                let suffix = rule.pattern.utf8.dropFirst()
                if rule.caseSensitive { exactSuffixes.insert(suffix, match) } else { foldedSuffixes.insert(suffix, match) }
            case .full: full.append(FullPattern(match))
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
        for candidate in literals[lowered] ?? [] where accepts(candidate.rule, name: name, lowered: lowered) {
            literal.append(candidate)
        }
        if lowered != name {
            for candidate in literals[name] ?? [] where accepts(candidate.rule, name: name, lowered: lowered) {
                literal.append(candidate)
            }
        }
        if !literal.isEmpty { return GlobResult(survivors: GlobMatch.ranked(literal), discarded: []) }
        // Matches by suffix length in bytes; the case-sensitive ones only when lower-casing kept
        // the name's length, as a suffix of one is then a suffix of the other.
        var byLength = foldedSuffixes.matches(endingWith: lowered.utf8)
        if lowered.utf8.count == name.utf8.count {
            for (length, matches) in exactSuffixes.matches(endingWith: name.utf8) {
                if let position = byLength.firstIndex(where: { $0.length == length }) {
                    byLength[position].matches += matches
                } else {
                    byLength.append((length, matches))
                    byLength.sort { $0.length < $1.length }
                }
            }
        }
        var survivors = byLength.last?.matches ?? []
        let discarded = byLength.dropLast().flatMap(\.matches)
        if !full.isEmpty && survivors.allSatisfy({ $0.rule.mimeType == survivors[0].rule.mimeType }) {
            survivors += FullPattern.matches(full, name: name, lowered: lowered)
        }
        return GlobResult(survivors: GlobMatch.ranked(survivors), discarded: discarded)
    }

    private func accepts(_ rule: GlobRule, name: String, lowered: String) -> Bool {
        rule.caseSensitive ? rule.pattern == name : rule.pattern == lowered
    }
}

/// The suffixes of simple glob patterns in a trie of their bytes, last byte first, so that every
/// pattern that ends a name is found in one walk from the name's end.
private struct SuffixTrie: Sendable {
    /// Child nodes keyed by parent node and byte: `node << 8 | byte`.
    private var edges: [Int: Int] = [:]
    /// The patterns whose suffix ends at each node, in database order.
    private var matches: [[GlobMatch]] = [[]]

    /// Adds the pattern `match` whose suffix (without the leading `*`) is `suffix`.
    mutating func insert<Bytes: BidirectionalCollection>(_ suffix: Bytes, _ match: GlobMatch) where Bytes.Element == UInt8 {
        var current = 0
        for byte in suffix.reversed() {
            let key = current << 8 | Int(byte)
            if let next = edges[key] {
                current = next
            } else {
                matches.append([])
                current = matches.count - 1
                edges[key] = current
            }
        }
        matches[current].append(match)
    }

    /// The patterns that are suffixes of `name`, grouped by suffix length in bytes, shortest first.
    func matches<Bytes: BidirectionalCollection>(endingWith name: Bytes) -> [(length: Int, matches: [GlobMatch])]
    where Bytes.Element == UInt8 {
        var result: [(length: Int, matches: [GlobMatch])] = []
        var current = 0
        var length = 0
        for byte in name.reversed() {
            guard let next = edges[current << 8 | Int(byte)] else { break }
            current = next
            length += 1
            if !matches[current].isEmpty { result.append((length, matches[current])) }
        }
        return result
    }
}
