#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The glob step of GLib's `g_content_type_guess`, as its copy of xdgmime takes it over a
/// `mime.cache` (`cache_glob_lookup_file_name`), for `assoc explain` to say what GIO would answer.
/// It differs from the specification's glob step (`GlobRank`), and the differences are the point:
///
/// - a literal pattern equal to the ASCII-lower-cased name ends the step with one type (when the
///   first such literal ignores case), else one equal to the name as typed;
/// - the deepest node of the suffix tree with patterns that ignore case, walked with the
///   lower-cased name, gives its types of every weight; when fewer than two, the deepest node
///   with any patterns, walked with the name as typed, adds its own (a suffix matches only in its
///   ASCII part: the walk compares a byte with a character);
/// - when no suffix matched, the full patterns that ignore case are tried on the lower-cased
///   name; then, when fewer than two types were found, every full pattern on the name as typed;
/// - a type found twice is kept once with its best weight (the last one found taking the place
///   of the one removed), and the list is sorted by weight, heaviest first, keeping the order of
///   equal weights; at most ten.
///
/// The rules come in the database's order, which for a cache is the order of its lists (literal
/// list, suffix tree depth first, glob list), the order xdgmime walks.
struct GIOGlobs: Sendable {
    /// A literal pattern: the type and whether it respects case.
    private struct Literal: Sendable {
        var type: String
        var caseSensitive: Bool
    }

    /// A suffix pattern (`*.doc` is `.doc`): its type, weight and whether it respects case.
    private struct Suffix: Sendable {
        var type: String
        var weight: Int
        var caseSensitive: Bool
    }

    /// Literal patterns by their text, in the database's order.
    private var literals: [[UInt8]: [Literal]] = [:]
    /// Suffix patterns of ASCII text by their suffix, in the database's order.
    private var suffixes: [[UInt8]: [Suffix]] = [:]
    /// The longest suffix.
    private var deepest = 0
    /// Full patterns, in the database's order.
    private var full: [(pattern: [CChar], rule: GlobRule)] = []

    /// At most this many types, as xdgmime's buffer holds.
    static let limit = 10

    /// Indexes `rules`, in the database's order.
    init(rules: [GlobRule]) {
        for rule in rules {
            switch rule.kind {
            case .literal:
                literals[Array(rule.pattern.utf8), default: []].append(
                    Literal(type: rule.mimeType, caseSensitive: rule.caseSensitive))
            case .simple:
                let suffix = Array(rule.pattern.utf8.dropFirst())
                // A character past ASCII is never met: xdgmime compares it with one byte.
                guard suffix.allSatisfy({ $0 < 0x80 }) else { continue }
                suffixes[suffix, default: []].append(
                    Suffix(type: rule.mimeType, weight: rule.weight, caseSensitive: rule.caseSensitive))
                deepest = max(deepest, suffix.count)
            case .full:
                full.append((Array(rule.pattern.utf8CString), rule))
            }
        }
    }

    /// GIO's glob candidates for a base name, as xdgmime returns them: heaviest first.
    func types(of name: String) -> [String] {
        let bytes = Array(name.utf8)
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        // Literals: the list is searched for one entry; one that respects case ends the first
        // search with nothing.
        if let first = literals[lowered]?.first, !first.caseSensitive { return [first.type] }
        if let first = literals[bytes]?.first { return [first.type] }
        var found: [(type: String, weight: Int)] = suffixMatches(lowered, caseSensitive: false)
        if found.count < 2 { found += suffixMatches(bytes, caseSensitive: true).prefix(Self.limit - found.count) }
        if found.isEmpty { found = fullMatches(lowered, caseSensitive: false) }
        if found.count < 2 { found += fullMatches(bytes, caseSensitive: true).prefix(Self.limit - found.count) }
        return Self.withoutRepeats(found).enumerated()
            .sorted { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }
            .map(\.element.type)
    }

    /// The types of the deepest suffix with patterns that `name` ends with, in the database's
    /// order: of the patterns that ignore case only, or (`caseSensitive`) of every pattern.
    private func suffixMatches(_ name: [UInt8], caseSensitive: Bool) -> [(type: String, weight: Int)] {
        var length = min(name.count, deepest)
        // The walk stops at the first byte past ASCII from the end.
        if let last = name.lastIndex(where: { $0 >= 0x80 }) { length = min(length, name.count - last - 1) }
        while length > 0 {
            let accepted = (suffixes[Array(name.suffix(length))] ?? []).filter { caseSensitive || !$0.caseSensitive }
            if !accepted.isEmpty { return accepted.prefix(Self.limit).map { ($0.type, $0.weight) } }
            length -= 1
        }
        return []
    }

    /// The types of the full patterns fnmatch(3) matches `name` with, in the database's order:
    /// those that ignore case, or (`caseSensitive`) every one.
    private func fullMatches(_ name: [UInt8], caseSensitive: Bool) -> [(type: String, weight: Int)] {
        let subject = name.map { CChar(bitPattern: $0) } + [0]
        var found: [(type: String, weight: Int)] = []
        for entry in full where caseSensitive || !entry.rule.caseSensitive {
            guard found.count < Self.limit, fnmatch(entry.pattern, subject, 0) == 0 else { continue }
            found.append((entry.rule.mimeType, entry.rule.weight))
        }
        return found
    }

    /// xdgmime's `filter_out_dupes`: a type found again raises the first one's weight, and the
    /// last entry of the list takes the place of the repeat.
    private static func withoutRepeats(_ list: [(type: String, weight: Int)]) -> [(type: String, weight: Int)] {
        var list = list
        var last = list.count
        var index = 0
        while index < last {
            var other = index + 1
            while other < last {
                if list[index].type == list[other].type {
                    list[index].weight = max(list[index].weight, list[other].weight)
                    last -= 1
                    list[other] = list[last]
                } else {
                    other += 1
                }
            }
            index += 1
        }
        return Array(list.prefix(last))
    }
}
