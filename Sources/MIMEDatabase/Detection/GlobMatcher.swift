import XDGSupport

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
    /// The candidates (`GlobRank`): the matches of the highest weight and, among those, the longest
    /// pattern, in the database's order; then the lighter matches of the same pattern as one of
    /// them (other types that pattern is provided by, which content may choose), heaviest first.
    public var survivors: [GlobMatch]
    /// The other matches, best rank first: lighter globs of other patterns (`README*` under
    /// `*.doc`) and shorter patterns (`*.gz` under `*.tar.gz`).
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
    /// Splits the matches of a name by `GlobRank.fates`: the survivors in the order the database
    /// lists them (the order of the package, which `update-mime-database` keeps in `globs2` and
    /// `mime.cache`), then the alternatives; the others are discarded, and so are the matches of
    /// a kind of pattern met later (`below`). Alternatives and discarded matches are listed best
    /// rank first, then in the database's order.
    static func chosen(_ matches: [GlobMatch], below: [GlobMatch] = []) -> GlobResult {
        let ranks = matches.map { GlobRank($0.rule) }
        var survivors: [Int] = []
        var alternatives: [Int] = []
        var discarded: [Int] = []
        GlobRank.fates(
            of: matches.count, rank: { ranks[$0] }, samePattern: { matches[$0].rule.pattern == matches[$1].rule.pattern },
            { index, fate in
                switch fate {
                case .survivor: survivors.append(index)
                case .alternative: alternatives.append(index)
                case .discarded: discarded.append(index)
                }
            })
        let all = matches + below
        let allRanks = ranks + below.map { GlobRank($0.rule) }
        discarded += matches.count..<all.count
        let inOrder: (Int, Int) -> Bool = { all[$0].order < all[$1].order }
        let byRank: (Int, Int) -> Bool = { allRanks[$0] != allRanks[$1] ? allRanks[$1] < allRanks[$0] : inOrder($0, $1) }
        return GlobResult(
            survivors: (survivors.sorted(by: inOrder) + alternatives.sorted(by: byRank)).map { all[$0] },
            discarded: discarded.sorted(by: byRank).map { all[$0] })
    }
}

/// Where glob matching reads its rules: decoded and indexed, or one cache read in place.
enum GlobIndex: Sendable {
    /// Rules decoded from every directory and indexed.
    case rules(Shared<GlobMatcher>)
    /// The only directory's `mime.cache`, read where it lies.
    case cache(CacheGlobMatcher)

    /// Matches a base name; both give the same answer for the same rules.
    func match(_ name: String) -> GlobResult {
        switch self {
        case .rules(let matcher): return matcher.value.match(name)
        case .cache(let matcher): return matcher.match(name)
        }
    }
}

/// Matches file names against every glob of the database, indexed once.
///
/// Literal patterns are looked up whole, simple `*suffix` patterns by walking a trie of their
/// bytes from the end of the name, and the few full patterns with fnmatch(3). Patterns that are not
/// case-sensitive are stored lower-cased and compared with the lower-cased name; case-sensitive
/// ones with the name as is. A name of ASCII bytes can be matched as bytes, without a string
/// (`candidateTypes(ofASCIIName:_:)`), with the same answer as `match`.
struct GlobMatcher: Sendable {
    /// Every rule, in the database's order; a rule's index is its `order`.
    private var rules: [GlobMatch] = []
    /// The `GlobRank` of each rule.
    private var ranks: [GlobRank] = []
    /// A number for each rule's pattern, the same for rules of the same pattern.
    private var patternOfRule: [Int32] = []
    /// The index in `typeNames` of each rule's type.
    private var typeOfRule: [Int32] = []
    /// The distinct types of the rules, in order of first appearance.
    private(set) var typeNames: [String] = []
    /// Literal patterns by their text, for names given as strings.
    private var literals: [String: [Int32]] = [:]
    /// Literal patterns by their bytes, for names given as bytes: those that ignore case, and those that do not.
    private var foldedLiterals = ByteTrie([])
    private var exactLiterals = ByteTrie([])
    /// Simple patterns by the bytes of their suffix: those that ignore case, and those that do not.
    private var foldedSuffixes = ByteTrie([])
    private var exactSuffixes = ByteTrie([])
    private var full: [FullPattern] = []
    /// The rule of each of `full`.
    private var fullRules: [Int32] = []
    /// Whether a name's bytes find the literal patterns that its string does. Swift compares
    /// strings by canonical equivalence, under which an ASCII name equals a pattern holding the
    /// Kelvin sign (U+212A, which decomposes to `K`), U+037E (`;`) or U+1FEF (`` ` ``); a
    /// database with such a literal pattern matches every name as a string.
    let matchesBytes: Bool

    init(globs: [GlobRule], origin: (GlobRule) -> String?) {
        var typeIndex: [String: Int32] = [:]
        var folded: (literals: [(string: [UInt8], value: Int32)], suffixes: [(string: [UInt8], value: Int32)]) = ([], [])
        var exact: (literals: [(string: [UInt8], value: Int32)], suffixes: [(string: [UInt8], value: Int32)]) = ([], [])
        var literalsAgree = true
        var patternNumbers: [String: Int32] = [:]
        for (index, rule) in globs.enumerated() {
            let next = Int32(patternNumbers.count)
            patternOfRule.append(patternNumbers[rule.pattern, default: next])
            patternNumbers[rule.pattern] = patternOfRule[index]
            let id = Int32(index)
            rules.append(GlobMatch(rule: rule, directory: origin(rule), order: index))
            ranks.append(GlobRank(rule))
            if let type = typeIndex[rule.mimeType] {
                typeOfRule.append(type)
            } else {
                typeIndex[rule.mimeType] = Int32(typeNames.count)
                typeOfRule.append(Int32(typeNames.count))
                typeNames.append(rule.mimeType)
            }
            switch rule.kind {
            case .literal:
                literals[rule.pattern, default: []].append(id)
                let entry = (string: Array(rule.pattern.utf8), value: id)
                if rule.caseSensitive { exact.literals.append(entry) } else { folded.literals.append(entry) }
                if rule.pattern.unicodeScalars.contains(where: { [0x212A, 0x037E, 0x1FEF].contains($0.value) }) {
                    literalsAgree = false
                }
            case .simple:
                let entry = (string: Array(rule.pattern.utf8.dropFirst()), value: id)
                if rule.caseSensitive { exact.suffixes.append(entry) } else { folded.suffixes.append(entry) }
            case .full:
                full.append(FullPattern(rules[index]))
                fullRules.append(id)
            }
        }
        foldedLiterals = ByteTrie(folded.literals)
        exactLiterals = ByteTrie(exact.literals)
        foldedSuffixes = ByteTrie(folded.suffixes)
        exactSuffixes = ByteTrie(exact.suffixes)
        matchesBytes = literalsAgree
    }

    /// Matches a base name by `GlobRank`: the first kind of pattern that
    /// matches at all (literal, then suffix, then full), and of its matches those of the highest
    /// weight, then the longest pattern; the full patterns that match below a suffix are listed
    /// as discarded.
    func match(_ name: String) -> GlobResult {
        guard !name.isEmpty else { return GlobResult(survivors: [], discarded: []) }
        let lowered = name.lowercased()
        var scratch = makeScratch()
        defer { scratch.deallocate() }
        for candidate in literals[lowered] ?? [] where accepts(rules[Int(candidate)].rule, name: name, lowered: lowered) {
            scratch.append(candidate, to: .survivors)
        }
        if lowered != name {
            for candidate in literals[name] ?? [] where accepts(rules[Int(candidate)].rule, name: name, lowered: lowered) {
                scratch.append(candidate, to: .survivors)
            }
        }
        let exactC = PathCoding.cString(name)
        let foldedC = PathCoding.cString(lowered)
        var nameBytes = Array(name.utf8)
        var loweredBytes = Array(lowered.utf8)
        nameBytes.withUnsafeMutableBufferPointer { nameBytes in
            loweredBytes.withUnsafeMutableBufferPointer { loweredBytes in
                exactC.withUnsafeBytes { exactC in
                    foldedC.withUnsafeBytes { foldedC in
                        collect(
                            name: UnsafeBufferPointer(nameBytes), lowered: UnsafeBufferPointer(loweredBytes),
                            encodedName: UnsafeBufferPointer(rebasing: exactC.bindMemory(to: UInt8.self).dropLast()),
                            encodedLowered: UnsafeBufferPointer(rebasing: foldedC.bindMemory(to: UInt8.self).dropLast()),
                            keepDiscarded: true, &scratch)
                    }
                }
            }
        }
        return GlobResult(
            survivors: scratch.list(.survivors).map { rules[Int($0)] },
            discarded: scratch.list(.discarded).map { rules[Int($0)] })
    }

    private func accepts(_ rule: GlobRule, name: String, lowered: String) -> Bool {
        rule.caseSensitive ? rule.pattern == name : rule.pattern == lowered
    }

    /// Storage for matching one name after another, sized for these rules; `deallocate()` it.
    func makeScratch() -> GlobScratch {
        GlobScratch(rules: rules.count, depth: max(foldedSuffixes.depth, exactSuffixes.depth))
    }

    /// The distinct types of the candidates for a base name of ASCII bytes, best first, as indices
    /// into `typeNames`: `scratch.list(.types)`, the types of `match` for the same name.
    ///
    /// - Parameter name: the name's bytes, followed in memory by a NUL that the count leaves out.
    func candidateTypes(ofASCIIName name: UnsafeBufferPointer<UInt8>, _ scratch: inout GlobScratch) {
        scratch.clear()
        guard !name.isEmpty else { return }
        let lowered = scratch.fold(name)
        if let node = foldedLiterals.node(of: lowered) {
            for position in foldedLiterals.values(at: node) {
                scratch.append(Int32(foldedLiterals.value(position)), to: .survivors)
            }
        }
        if let node = exactLiterals.node(of: name) {
            for position in exactLiterals.values(at: node) {
                scratch.append(Int32(exactLiterals.value(position)), to: .survivors)
            }
        }
        collect(name: name, lowered: lowered, encodedName: name, encodedLowered: lowered, keepDiscarded: false, &scratch)
        for position in 0..<scratch.survivorCount {
            let type = typeOfRule[Int(scratch.survivors[position])]
            var seen = false
            for earlier in 0..<scratch.typeCount where scratch.types[earlier] == type {
                seen = true
                break
            }
            if !seen { scratch.append(type, to: .types) }
        }
    }

    /// Completes the survivors of a name whose literal matches are already in `scratch`: those
    /// alone when there are any, else the matches of every suffix, else those of the full
    /// patterns (`GlobRank`); then keeps the candidates `GlobRank` keeps
    /// (`choose`) and, with `keepDiscarded`, moves the others to the discarded list, with the full
    /// patterns that match below a suffix. `name` and `lowered` walk the tries; `encodedName` and
    /// `encodedLowered` are what fnmatch(3) sees, the name's own bytes, each followed in memory by
    /// a NUL.
    private func collect(
        name: UnsafeBufferPointer<UInt8>, lowered: UnsafeBufferPointer<UInt8>, encodedName: UnsafeBufferPointer<UInt8>,
        encodedLowered: UnsafeBufferPointer<UInt8>, keepDiscarded: Bool, _ scratch: inout GlobScratch
    ) {
        if scratch.survivorCount == 0 {
            // The patterns that ignore case end the lower-cased name; the others, the name as is.
            scratch.foldedHitCount = walk(foldedSuffixes, lowered, into: scratch.foldedHits)
            scratch.exactHitCount = walk(exactSuffixes, name, into: scratch.exactHits)
            for hit in 0..<scratch.foldedHitCount { append(foldedSuffixes, scratch.foldedHits[hit].node, &scratch) }
            for hit in 0..<scratch.exactHitCount { append(exactSuffixes, scratch.exactHits[hit].node, &scratch) }
            // Suffixes come before full patterns; those are only listed when a suffix matched.
            let list: GlobScratch.List = scratch.survivorCount == 0 ? .survivors : .discarded
            if !full.isEmpty && (list == .survivors || keepDiscarded) {
                let fullRules = self.fullRules
                FullPattern.forEachMatch(full, name: encodedName, lowered: encodedLowered) {
                    scratch.append(fullRules[$0], to: list)
                }
            }
        }
        choose(keepDiscarded: keepDiscarded, &scratch)
    }

    /// Records in `hits` each node with patterns met walking `trie` from the end of `name`, and
    /// returns how many there are, shortest suffix first.
    private func walk(
        _ trie: ByteTrie, _ name: UnsafeBufferPointer<UInt8>, into hits: UnsafeMutableBufferPointer<GlobScratch.Hit>
    )
        -> Int
    {
        var count = 0
        var current = ByteTrie.root
        var position = name.count
        while position > 0 {
            position -= 1
            guard let next = trie.child(of: current, name[position]) else { break }
            current = next
            if !trie.values(at: current).isEmpty {
                hits[count] = GlobScratch.Hit(length: name.count - position, node: current)
                count += 1
            }
        }
        return count
    }

    private func append(_ trie: ByteTrie, _ node: Int, _ scratch: inout GlobScratch) {
        for position in trie.values(at: node) { scratch.append(Int32(trie.value(position)), to: .survivors) }
    }

    /// Keeps the matches in `scratch.survivors` that `GlobRank.fates` keeps, as `GlobMatch.chosen`
    /// orders them (here on rule indices, whose order is the database's); with `keepDiscarded`,
    /// the others go to the discarded list.
    private func choose(keepDiscarded: Bool, _ scratch: inout GlobScratch) {
        let matches = scratch.survivors
        let count = scratch.survivorCount
        let ranks = self.ranks
        let patterns = patternOfRule
        // The matches as found, read while the list is rewritten: the survivors from its start,
        // the alternatives from its end.
        let found = scratch.aside
        for position in 0..<count { found[position] = matches[position] }
        var kept = 0
        var alternatives = 0
        GlobRank.fates(
            of: count, rank: { ranks[Int(found[$0])] }, samePattern: { patterns[Int(found[$0])] == patterns[Int(found[$1])] },
            { index, fate in
                switch fate {
                case .survivor:
                    matches[kept] = found[index]
                    kept += 1
                case .alternative:
                    alternatives += 1
                    matches[count - alternatives] = found[index]
                case .discarded:
                    if keepDiscarded { scratch.append(found[index], to: .discarded) }
                }
            })
        // The alternatives' block moves down to follow the survivors (never onto itself ahead).
        for position in 0..<alternatives { matches[kept + position] = matches[count - alternatives + position] }
        let byRank: (Int32, Int32) -> Bool = { ranks[Int($0)] != ranks[Int($1)] ? ranks[Int($1)] < ranks[Int($0)] : $0 < $1 }
        Self.sort(matches, from: 0, count: kept) { $0 < $1 }
        Self.sort(matches, from: kept, count: alternatives, by: byRank)
        scratch.keepSurvivors(kept + alternatives)
        Self.sort(scratch.discarded, from: 0, count: scratch.discardedCount, by: byRank)
    }

    /// Sorts `count` elements of `list` from `start` by `precedes` (insertion sort: the lists are
    /// short).
    private static func sort(
        _ list: UnsafeMutableBufferPointer<Int32>, from start: Int, count: Int, by precedes: (Int32, Int32) -> Bool
    ) {
        for position in (start + 1)..<max(start + 1, start + count) {
            let moving = list[position]
            var at = position
            while at > start && precedes(moving, list[at - 1]) {
                list[at] = list[at - 1]
                at -= 1
            }
            list[at] = moving
        }
    }
}

/// The storage glob matching works in, allocated once for many names: the rules matched, the
/// trie nodes met, the lower-cased name; sized so that no name can overflow it.
struct GlobScratch {
    /// A trie node with patterns, met `length` bytes from the end of the name.
    struct Hit {
        var length: Int
        var node: Int
    }

    private(set) var survivors: UnsafeMutableBufferPointer<Int32>
    private(set) var discarded: UnsafeMutableBufferPointer<Int32>
    private(set) var types: UnsafeMutableBufferPointer<Int32>
    private(set) var survivorCount = 0
    private(set) var discardedCount = 0
    private(set) var typeCount = 0
    /// Where `GlobMatcher.choose` copies the matches it sorts out.
    fileprivate let aside: UnsafeMutableBufferPointer<Int32>
    fileprivate let foldedHits: UnsafeMutableBufferPointer<Hit>
    fileprivate let exactHits: UnsafeMutableBufferPointer<Hit>
    fileprivate var foldedHitCount = 0
    fileprivate var exactHitCount = 0
    private var folded: UnsafeMutableBufferPointer<UInt8>

    fileprivate init(rules: Int, depth: Int) {
        // A rule is listed at most once among the survivors and once among the discarded.
        survivors = .allocate(capacity: rules + 1)
        discarded = .allocate(capacity: rules + 1)
        types = .allocate(capacity: rules + 1)
        aside = .allocate(capacity: rules + 1)
        foldedHits = .allocate(capacity: depth + 1)
        exactHits = .allocate(capacity: depth + 1)
        folded = .allocate(capacity: 256)
    }

    /// Frees the storage.
    func deallocate() {
        for list in [survivors, discarded, types, aside] { list.deallocate() }
        foldedHits.deallocate()
        exactHits.deallocate()
        folded.deallocate()
    }

    /// The distinct types found by `GlobMatcher.candidateTypes`, best first.
    var candidateTypes: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(rebasing: types[..<typeCount]) }

    /// The three lists of rule or type indices.
    enum List {
        case survivors
        case discarded
        case types
    }

    fileprivate func list(_ list: List) -> [Int32] {
        switch list {
        case .survivors: return Array(survivors[..<survivorCount])
        case .discarded: return Array(discarded[..<discardedCount])
        case .types: return Array(types[..<typeCount])
        }
    }

    /// Keeps the first `count` survivors.
    fileprivate mutating func keepSurvivors(_ count: Int) {
        survivorCount = count
    }

    fileprivate mutating func clear() {
        survivorCount = 0
        discardedCount = 0
        typeCount = 0
    }

    fileprivate mutating func append(_ value: Int32, to list: List) {
        switch list {
        case .survivors:
            survivors[survivorCount] = value
            survivorCount += 1
        case .discarded:
            discarded[discardedCount] = value
            discardedCount += 1
        case .types:
            types[typeCount] = value
            typeCount += 1
        }
    }

    /// `name` with ASCII letters lower-cased, followed by a NUL that the count leaves out.
    fileprivate mutating func fold(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        if folded.count < name.count + 1 {
            folded.deallocate()
            folded = .allocate(capacity: max(name.count + 1, 2 * folded.count))
        }
        for position in 0..<name.count {
            let byte = name[position]
            folded[position] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        folded[name.count] = 0
        return UnsafeBufferPointer(start: folded.baseAddress, count: name.count)
    }
}
