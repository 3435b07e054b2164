import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A pattern for fnmatch(3), with the literal bytes it must begin and end with: a name that
/// lacks them cannot match, and is passed over without calling fnmatch.
struct FullPattern: Sendable {
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
        // (Compared as bytes: the pattern goes to fnmatch(3) as its bytes.)
        let subtleSet = bytes.indices.contains { index in
            guard bytes[index] == UInt8(ascii: "[") else { return false }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "]") { return true }
            return (next == UInt8(ascii: "!") || next == UInt8(ascii: "^")) && index + 2 < bytes.count
                && bytes[index + 2] == UInt8(ascii: "]")
        }
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
        for index in candidates.indices {
            let sensitive = candidates[index].match.rule.caseSensitive
            let subject = sensitive ? name : lowered
            guard candidates[index].mayMatch(subject),
                fnmatch(candidates[index].pattern, UnsafeRawPointer(subject.baseAddress!).assumingMemoryBound(to: CChar.self), 0)
                    == 0
            else { continue }
            body(index)
        }
    }
}
