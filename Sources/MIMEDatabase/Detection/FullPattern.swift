import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A pattern for fnmatch(3), with the literal bytes it must begin and end with, and the longest
/// run of literal bytes between its wildcards: a name that lacks them cannot match, and is
/// passed over without calling fnmatch (`*.so.[0-9]*` needs `.so.` somewhere).
struct FullPattern: Sendable {
    var match: GlobMatch
    var pattern: [CChar]
    var prefix: [UInt8]
    var suffix: [UInt8]
    /// The longest run of bytes the pattern matches literally, outside its prefix and suffix,
    /// or empty.
    var middle: [UInt8]

    init(_ match: GlobMatch) {
        self.match = match
        let bytes = Array(match.rule.pattern.utf8)
        pattern = Array(match.rule.pattern.utf8CString)
        let firstSpecial = bytes.firstIndex(where: GlobRule.isSpecial) ?? bytes.count
        let lastSpecial = bytes.lastIndex(where: GlobRule.isSpecial) ?? -1
        prefix = Array(bytes[..<firstSpecial])
        // A bracket expression ends with ']', which the suffix must not claim.
        let closing = bytes[(lastSpecial + 1)...].firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? lastSpecial + 1
        // A ']' right after '[', '[!' or '[^' belongs to the set, and a class, collating symbol or
        // equivalence class ('[:alpha:]', '[.-.]', '[=e=]') holds a ']' of its own: too subtle
        // to skip on; no suffix and no middle. (Compared as bytes: the pattern goes to fnmatch(3)
        // as its bytes.)
        let subtleSet = bytes.indices.contains { index in
            guard bytes[index] == UInt8(ascii: "[") else { return false }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "]") || next == UInt8(ascii: ":") || next == UInt8(ascii: ".") || next == UInt8(ascii: "=") {
                return true
            }
            return (next == UInt8(ascii: "!") || next == UInt8(ascii: "^")) && index + 2 < bytes.count
                && bytes[index + 2] == UInt8(ascii: "]")
        }
        suffix = lastSpecial < 0 || subtleSet ? [] : Array(bytes[closing...])
        let plain = lastSpecial >= 0 && !subtleSet && !bytes.contains(UInt8(ascii: "\\"))
        middle = plain ? Self.longestLiteralRun(bytes[firstSpecial..<closing]) : []
    }

    /// Whether `needle` (not empty) occurs in `haystack`.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        let lastStart = haystack.count - needle.count
        var offset = 0
        while offset <= lastStart {
            guard let hit = memchr(base + offset, Int32(needle[0]), lastStart - offset + 1) else { return false }
            let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    /// The longest run of `pattern` (no escapes, no subtle sets) outside its bracket expressions
    /// and wildcards.
    private static func longestLiteralRun(_ pattern: ArraySlice<UInt8>) -> [UInt8] {
        var longest: ArraySlice<UInt8> = []
        var runStart = pattern.startIndex
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let byte = pattern[index]
            guard byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            if index - runStart > longest.count { longest = pattern[runStart..<index] }
            if byte == UInt8(ascii: "[") {
                // A set ends at the next ']'; one that never ends is a literal '[' to fnmatch(3):
                // nothing after it is taken as literal.
                guard let close = pattern[(index + 1)...].firstIndex(of: UInt8(ascii: "]")) else { return Array(longest) }
                index = close
            }
            index += 1
            runStart = index
        }
        if index - runStart > longest.count { longest = pattern[runStart..<index] }
        return Array(longest)
    }

    /// Whether `name` (as bytes) can match: it begins with the prefix and ends with the suffix.
    func mayMatch(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count >= prefix.count + suffix.count else { return false }
        for (index, byte) in prefix.enumerated() where name[index] != byte { return false }
        let start = name.count - suffix.count
        for (index, byte) in suffix.enumerated() where name[start + index] != byte { return false }
        if middle.isEmpty { return true }
        return middle.withUnsafeBufferPointer { Self.contains(name, $0) }
    }
}

extension FullPattern {
    /// The patterns of `candidates` that match a base name (`lowered` is its lower-cased form, for
    /// the patterns that ignore case), in the order given.
    ///
    /// fnmatch(3) sees the name's own bytes, as xdgmime gives it: `?` takes one byte of a name
    /// that is not UTF-8, not the four of the character that carries it.
    static func matches(_ candidates: [FullPattern], name: String, lowered: String) -> [GlobMatch] {
        var found: [GlobMatch] = []
        let folded = PathCoding.cString(lowered)
        let exact = PathCoding.cString(name)
        folded.withUnsafeBytes { folded in
            exact.withUnsafeBytes { exact in
                // The names without their NUL, which follows them.
                forEachMatch(
                    candidates, name: UnsafeBufferPointer(rebasing: exact.bindMemory(to: UInt8.self).dropLast()),
                    lowered: UnsafeBufferPointer(rebasing: folded.bindMemory(to: UInt8.self).dropLast())
                ) { found.append(candidates[$0].match) }
            }
        }
        return found
    }

    /// Calls `body` with the index of each pattern of `candidates` that matches the name bytes
    /// `name` (`lowered`, its lower-cased form, for the patterns that ignore case), in order;
    /// each is followed in memory by a NUL, for fnmatch(3).
    static func forEachMatch(
        _ candidates: [FullPattern], name: UnsafeBufferPointer<UInt8>, lowered: UnsafeBufferPointer<UInt8>,
        _ body: (Int) -> Void
    ) {
        // Through a pointer, so that no pattern is copied (and its arrays retained) to be asked.
        candidates.withUnsafeBufferPointer { candidates in
            for index in candidates.indices {
                let sensitive = candidates[index].match.rule.caseSensitive
                let subject = sensitive ? name : lowered
                guard candidates[index].mayMatch(subject),
                    fnmatch(
                        candidates[index].pattern, UnsafeRawPointer(subject.baseAddress!).assumingMemoryBound(to: CChar.self), 0)
                        == 0
                else { continue }
                body(index)
            }
        }
    }
}
