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

    /// A pattern for fnmatch(3), with the literal bytes it must begin and end with: a name that
    /// lacks them cannot match, and is passed over without calling fnmatch.
    private struct FullPattern: Sendable {
        var match: GlobMatch
        var pattern: [CChar]
        var prefix: [UInt8]
        var suffix: [UInt8]

        init(_ match: GlobMatch) {
            self.match = match
            let bytes = Array(match.rule.pattern.utf8)
            pattern = Array(match.rule.pattern.utf8CString)
            func isSpecial(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
            }
            let firstSpecial = bytes.firstIndex(where: isSpecial) ?? bytes.count
            let lastSpecial = bytes.lastIndex(where: isSpecial) ?? -1
            prefix = Array(bytes[..<firstSpecial])
            // A bracket expression ends with ']', which the suffix must not claim.
            let closing = bytes[(lastSpecial + 1)...].firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? lastSpecial + 1
            // A ']' right after '[', '[!' or '[^' belongs to the set: too subtle to skip on; no suffix.
            let subtleSet = match.rule.pattern.contains("[]") || match.rule.pattern.contains("[!]")
                || match.rule.pattern.contains("[^]")
            suffix = lastSpecial < 0 || subtleSet ? [] : Array(bytes[closing...])
        }

        /// Whether `name` (as bytes) can match: it begins with the prefix and ends with the suffix.
        func mayMatch(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            guard name.count >= prefix.count + suffix.count else { return false }
            for (index, byte) in prefix.enumerated() where name[index] != byte { return false }
            let start = name.count - suffix.count
            for (index, byte) in suffix.enumerated() where name[start + index] != byte { return false }
            return true
        }
    }

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
        if !literal.isEmpty { return GlobResult(survivors: ordered(literal), discarded: []) }
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
            let folded = Array(lowered.utf8CString)
            let exact = Array(name.utf8CString)
            folded.withUnsafeBytes { foldedBytes in
                exact.withUnsafeBytes { exactBytes in
                    // The C strings without their NUL, for the prefix and suffix checks.
                    let foldedName = UnsafeBufferPointer(rebasing: foldedBytes.bindMemory(to: UInt8.self).dropLast())
                    let exactName = UnsafeBufferPointer(rebasing: exactBytes.bindMemory(to: UInt8.self).dropLast())
                    for candidate in full {
                        let sensitive = candidate.match.rule.caseSensitive
                        guard candidate.mayMatch(sensitive ? exactName : foldedName),
                            fnmatch(candidate.pattern, sensitive ? exact : folded, 0) == 0 else { continue }
                        survivors.append(candidate.match)
                    }
                }
            }
        }
        return GlobResult(survivors: ordered(survivors), discarded: discarded)
    }

    /// Best weight first; among equal weights, the order the database lists them in (the order of
    /// the package, which `update-mime-database` keeps in `globs2` and `mime.cache`).
    private func ordered(_ matches: [GlobMatch]) -> [GlobMatch] {
        matches.count < 2 ? matches : matches.sorted { ($0.rule.weight, -$0.order) > ($1.rule.weight, -$1.order) }
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
