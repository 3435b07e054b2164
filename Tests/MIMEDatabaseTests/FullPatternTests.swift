import Foundation
import Testing

@testable import MIMEDatabase

@Suite("the literal bytes a full glob pattern needs before fnmatch(3) is asked")
struct FullPatternTests {
    /// Patterns of every shape the byte checks must get right: sets, ranges, negations, a ']'
    /// first in a set, escapes, an unclosed '[', wildcards at either end and in the middle.
    static let patterns = [
        "*.so.[0-9]*", "*.[1-9]", "*.anim[1-9j]", "[0-9][0-9][0-9].vdr", "makefile.*", "readme*", "*,v", "*~",
        "sconscript.*", "*.[!a-z]x", "*[]]ab*", "*[!]]cd*", "a\\*b*", "*ab[c*", "*.tar.*.gz", "?x?y*zz", "*.*.*",
        "lib*.so.*", "*[a-c][d-f]", "[[]x*", "*.[ch]pp.bak", "x[[:digit:]]y*", "*.[[:alpha:]]", "*[[.-.]]z*",
        "*[[=e=]]q",
    ]

    /// Names made from each pattern (its wildcards filled in several ways) and a few more: both
    /// names that fnmatch(3) matches and near misses.
    static func names() -> [String] {
        var names = [
            "", "a", ".", "x.so", "libx.so.1", "libfoo.so.12.3", "README", "readme.txt", "makefile.am", "x,v",
            "x~", "123.vdr", "12.vdr", "a.tar.x.gz", "ab[c", "]ab", "!]cd", "a*bc", "a.b.c", "foo.cpp.bak", "[x1",
            "x1yz", "a.b", "a-zz", "eq",
        ]
        for pattern in patterns {
            for filler in ["", "q", "ab.c", "so.1"] {
                var name = ""
                var index = pattern.startIndex
                while index < pattern.endIndex {
                    let character = pattern[index]
                    switch character {
                    case "*": name += filler
                    case "?": name += "z"
                    case "[":
                        let rest = pattern[pattern.index(after: index)...]
                        if let close = rest.dropFirst().firstIndex(of: "]") {
                            name += rest.first.map { $0 == "!" ? "_" : String($0) } ?? ""
                            index = close
                        } else {
                            name += "["
                        }
                    case "\\":
                        index = pattern.index(after: index)
                        if index < pattern.endIndex { name.append(pattern[index]) }
                    default: name.append(character)
                    }
                    if index < pattern.endIndex { index = pattern.index(after: index) }
                }
                names.append(name)
                names.append(String(name.dropLast()))
                names.append(name + "x")
            }
        }
        return names
    }

    @Test("a name that fnmatch(3) matches always passes the byte checks")
    func neverRejectsAMatch() {
        let names = Self.names()
        var matched = 0
        for pattern in Self.patterns {
            let full = FullPattern(GlobMatch(rule: GlobRule(pattern: pattern, mimeType: "x/y", caseSensitive: true)))
            for name in names {
                let bytes = Array(name.utf8) + [0]
                let fnmatched = fnmatch(pattern, name, 0) == 0
                let passes = bytes.withUnsafeBufferPointer { full.mayMatch(UnsafeBufferPointer(rebasing: $0.dropLast())) }
                if fnmatched { matched += 1 }
                #expect(!fnmatched || passes, "'\(name)' matches '\(pattern)' but was rejected")
            }
        }
        #expect(matched > Self.patterns.count, "the names made from the patterns match them")
    }

    @Test("the run of literal bytes in the middle of a pattern rejects the names without it")
    func middleRejects() {
        let full = FullPattern(GlobMatch(rule: GlobRule(pattern: "*.so.[0-9]*", mimeType: "x/y")))
        #expect(full.middle == Array(".so.".utf8))
        for (name, expected) in [("libx.so.1", true), ("libx.so", false), ("notes.txt", false), (".so.", true)] {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { full.mayMatch($0) } == expected, "\(name)")
        }
        #expect(FullPattern(GlobMatch(rule: GlobRule(pattern: "a\\*b*", mimeType: "x/y"))).middle.isEmpty)
        #expect(FullPattern(GlobMatch(rule: GlobRule(pattern: "*[]]ab*", mimeType: "x/y"))).middle.isEmpty)
        #expect(FullPattern(GlobMatch(rule: GlobRule(pattern: "*.tar.*.gz", mimeType: "x/y"))).middle == Array(".tar.".utf8))
    }
}
