import XDGSupport

/// Glob matching read straight from one validated `mime.cache`, without decoding its glob lists.
///
/// It answers exactly as `GlobMatcher` does over the decoded rules of the same cache: the literal
/// list is binary-searched, the reversed-suffix tree is walked from the end of the name (once with
/// the lower-cased name for the patterns that ignore case, once with the name as is for the others),
/// and the short list of full patterns is decoded once. The matches are chosen by `GlobRank`, and
/// ties keep the order the decoded rules have: literal list, then the tree depth first, then the
/// glob list. A single query then costs a few hundred reads instead of decoding some 1,500 rules.
struct CacheGlobMatcher: Sendable {
    private let reader: CacheReader
    private let directory: String
    private let literalList: Int
    private let treeRoots: (count: Int, first: Int)
    private let full: [FullPattern]

    /// Readies matching on `bytes`, a cache whose header `MIMECache.checkHeader` accepted (so
    /// that each list's count fits in the file), read from the `mime/` directory `directory`.
    /// Every other read is checked where it is made: a broken record matches nothing.
    init(bytes: FileImage, directory: String) {
        let reader = CacheReader(bytes: bytes)
        self.reader = reader
        self.directory = directory
        literalList = (try? reader.int(at: CacheLayout.Field.literalList.rawValue)) ?? 0
        let tree = (try? reader.int(at: CacheLayout.Field.reverseSuffixTree.rawValue)) ?? 0
        treeRoots = ((try? reader.int(at: tree)) ?? 0, (try? reader.int(at: tree + 4)) ?? 0)
        var full: [FullPattern] = []
        let globList = (try? reader.int(at: CacheLayout.Field.globList.rawValue)) ?? 0
        let count = (try? reader.int(at: globList)) ?? 0
        for index in 0..<count {
            guard let rule = Self.rule(reader, record: globList + 4 + 12 * index) else { continue }
            full.append(FullPattern(GlobMatch(rule: rule, directory: directory, order: Self.fullBase + index)))
        }
        self.full = full
    }

    /// Orders above any index of the literal list: the tree's matches, then the glob list's.
    private static let treeBase = 1 << 40
    private static let fullBase = 1 << 41

    /// Matches a base name; see `GlobMatcher.match`.
    func match(_ name: String) -> GlobResult {
        guard !name.isEmpty else { return GlobResult(survivors: [], discarded: []) }
        let lowered = name.lowercased()
        // A pattern that ignores case is stored lower-cased; one that respects it, as written.
        var literal = literals(equalTo: lowered).filter { !$0.rule.caseSensitive || lowered == name }
        if lowered != name { literal += literals(equalTo: name).filter(\.rule.caseSensitive) }
        if !literal.isEmpty { return GlobMatch.chosen(literal) }
        let suffixes = Self.inTreeOrder(suffixMatches(lowered, caseSensitive: false) + suffixMatches(name, caseSensitive: true))
        let fullMatches = FullPattern.matches(full, name: name, lowered: lowered)
        // Suffixes come before full patterns (`GlobRank`).
        return suffixes.isEmpty ? GlobMatch.chosen(fullMatches) : GlobMatch.chosen(suffixes, below: fullMatches)
    }

    // MARK: - The literal list

    /// The entries of the literal list whose pattern is `text`, in list order.
    private func literals(equalTo text: String) -> [GlobMatch] {
        guard let count = try? reader.int(at: literalList) else { return [] }
        let key = Array(text.utf8)
        func compare(_ index: Int) -> Int {
            guard let offset = try? reader.int(at: literalList + 4 + 12 * index),
                let pattern = try? reader.cString(at: offset)
            else { return 1 }
            return pattern.lexicographicallyPrecedes(key) ? -1 : (pattern.elementsEqual(key) ? 0 : 1)
        }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if compare(middle) < 0 { low = middle + 1 } else { high = middle }
        }
        var found: [GlobMatch] = []
        var index = low
        while index < count && compare(index) == 0 {
            if let rule = Self.rule(reader, record: literalList + 4 + 12 * index) {
                found.append(GlobMatch(rule: rule, directory: directory, order: index))
            }
            index += 1
        }
        return found
    }

    // MARK: - The suffix tree

    /// A tree match with where it sits in the tree, to order it as the decoded rules are.
    private struct TreeMatch {
        var match: GlobMatch
        /// The characters from the root down to the leaf's parent.
        var path: [UInt32]
        /// The leaf's place among its siblings.
        var sibling: Int
    }

    /// The tree's patterns that end `name` and that respect case or not, shortest suffix first.
    private func suffixMatches(_ name: String, caseSensitive: Bool) -> [TreeMatch] {
        var result: [TreeMatch] = []
        var siblings = treeRoots
        var path: [UInt32] = []
        for scalar in name.unicodeScalars.reversed() {
            guard let node = child(of: siblings, character: scalar.value),
                let count = try? reader.int(at: node + 4), let first = try? reader.int(at: node + 8)
            else { break }
            path.append(scalar.value)
            siblings = (count, first)
            var leaves: [TreeMatch] = []
            // Leaves have the character 0, the smallest, so they come first among the children.
            for index in 0..<count {
                let leaf = first + 12 * index
                guard (try? reader.uint32(at: leaf)) == 0 else { break }
                guard let mimeOffset = try? reader.int(at: leaf + 4), let flags = try? reader.uint32(at: leaf + 8),
                    let mimeType = reader.typeName(at: mimeOffset), (flags & 0x100 != 0) == caseSensitive
                else { continue }
                var pattern = String.UnicodeScalarView()
                pattern.append("*")
                // One scalar at a time: appending a sequence is generic code the runtime would set up first.
                for value in path.reversed() { if let scalar = Unicode.Scalar(value) { pattern.append(scalar) } }
                let rule = GlobRule(
                    pattern: String(pattern), mimeType: mimeType, weight: Int(flags & 0xFF),
                    caseSensitive: caseSensitive)
                leaves.append(TreeMatch(match: GlobMatch(rule: rule, directory: directory), path: path, sibling: index))
            }
            result += leaves
        }
        return result
    }

    /// The node among `siblings` (sorted by character) whose character is `character`.
    private func child(of siblings: (count: Int, first: Int), character: UInt32) -> Int? {
        var low = 0
        var high = siblings.count
        while low < high {
            let middle = (low + high) / 2
            guard let value = try? reader.uint32(at: siblings.first + 12 * middle) else { return nil }
            if value == character { return siblings.first + 12 * middle }
            if value < character { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Tree matches in depth-first order, numbered as the decoded rules would be among themselves.
    private static func inTreeOrder(_ matches: [TreeMatch]) -> [GlobMatch] {
        let sorted = matches.sorted { a, b in
            a.path == b.path ? a.sibling < b.sibling : a.path.lexicographicallyPrecedes(b.path)
        }
        return sorted.enumerated().map { rank, item in
            var match = item.match
            match.order = treeBase + rank
            return match
        }
    }

    // MARK: - Records

    /// The rule of a 12-byte glob record: pattern, type, flags.
    private static func rule(_ reader: CacheReader, record: Int) -> GlobRule? {
        guard let patternOffset = try? reader.int(at: record), let typeOffset = try? reader.int(at: record + 4),
            let flags = try? reader.uint32(at: record + 8), let pattern = try? reader.string(at: patternOffset),
            let mimeType = reader.typeName(at: typeOffset), pattern != GlobRule.deleteAllMarker
        else { return nil }
        return GlobRule(pattern: pattern, mimeType: mimeType, weight: Int(flags & 0xFF), caseSensitive: flags & 0x100 != 0)
    }
}
