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
    private var weights: [Int] = []
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
        for (index, rule) in globs.enumerated() {
            let id = Int32(index)
            rules.append(GlobMatch(rule: rule, directory: origin(rule), order: index))
            weights.append(rule.weight)
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

    /// Matches a base name the way the reference implementation does (SPECS rules 11–12):
    /// a literal pattern alone when one matches; otherwise the simple patterns of the longest
    /// matching suffix, and the full patterns when fewer than two suffix matches were found.
    /// Candidates of every weight are kept, best weight first, so that a lighter type still counts
    /// as a conflict that content can settle; the weight decides when content does not.
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
    /// alone when there are any, else the longest suffix's and the full patterns' (SPECS rules
    /// 11–12), ranked; with `keepDiscarded`, the shorter suffixes' matches too. `name` and
    /// `lowered` walk the tries; `encodedName` and `encodedLowered` are what fnmatch(3) sees, the
    /// name's own bytes, each followed in memory by a NUL.
    private func collect(
        name: UnsafeBufferPointer<UInt8>, lowered: UnsafeBufferPointer<UInt8>, encodedName: UnsafeBufferPointer<UInt8>,
        encodedLowered: UnsafeBufferPointer<UInt8>, keepDiscarded: Bool, _ scratch: inout GlobScratch
    ) {
        if scratch.survivorCount > 0 {
            rank(&scratch)
            return
        }
        // Matches by suffix length in bytes; the case-sensitive ones only when lower-casing kept
        // the name's length, as a suffix of one is then a suffix of the other.
        scratch.foldedHitCount = walk(foldedSuffixes, lowered, into: scratch.foldedHits)
        scratch.exactHitCount = lowered.count == name.count ? walk(exactSuffixes, name, into: scratch.exactHits) : 0
        let longest = max(
            scratch.foldedHitCount > 0 ? scratch.foldedHits[scratch.foldedHitCount - 1].length : 0,
            scratch.exactHitCount > 0 ? scratch.exactHits[scratch.exactHitCount - 1].length : 0)
        var folded = 0
        var exact = 0
        // Shortest first; at one length the patterns that ignore case come first.
        while folded < scratch.foldedHitCount || exact < scratch.exactHitCount {
            let foldedLength = folded < scratch.foldedHitCount ? scratch.foldedHits[folded].length : Int.max
            let exactLength = exact < scratch.exactHitCount ? scratch.exactHits[exact].length : Int.max
            let length = min(foldedLength, exactLength)
            let list: GlobScratch.List =
                length == longest ? .survivors : .discarded
            if length == longest || keepDiscarded {
                if foldedLength == length { append(foldedSuffixes, scratch.foldedHits[folded].node, to: list, &scratch) }
                if exactLength == length { append(exactSuffixes, scratch.exactHits[exact].node, to: list, &scratch) }
            }
            if foldedLength == length { folded += 1 }
            if exactLength == length { exact += 1 }
        }
        var oneType = true
        for position in 0..<scratch.survivorCount
        where typeOfRule[Int(scratch.survivors[position])] != typeOfRule[Int(scratch.survivors[0])] {
            oneType = false
            break
        }
        if !full.isEmpty && oneType {
            let fullRules = self.fullRules
            FullPattern.forEachMatch(full, name: encodedName, lowered: encodedLowered) {
                scratch.append(fullRules[$0], to: .survivors)
            }
        }
        rank(&scratch)
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

    private func append(
        _ trie: ByteTrie, _ node: Int, to list: GlobScratch.List,
        _ scratch: inout GlobScratch
    ) {
        for position in trie.values(at: node) { scratch.append(Int32(trie.value(position)), to: list) }
    }

    /// Sorts the survivors best first: by weight, then in the database's order (`GlobMatch.ranked`).
    private func rank(_ scratch: inout GlobScratch) {
        let survivors = scratch.survivors
        for position in 1..<max(1, scratch.survivorCount) {
            let moving = survivors[position]
            var at = position
            while at > 0 && precedes(moving, survivors[at - 1]) {
                survivors[at] = survivors[at - 1]
                at -= 1
            }
            survivors[at] = moving
        }
    }

    private func precedes(_ lhs: Int32, _ rhs: Int32) -> Bool {
        let (left, right) = (weights[Int(lhs)], weights[Int(rhs)])
        return left != right ? left > right : lhs < rhs
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
        foldedHits = .allocate(capacity: depth + 1)
        exactHits = .allocate(capacity: depth + 1)
        folded = .allocate(capacity: 256)
    }

    /// Frees the storage.
    func deallocate() {
        for list in [survivors, discarded, types] { list.deallocate() }
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
