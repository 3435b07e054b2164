import AssocTestSupport
import DocumentProvider
import Testing

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The portal's kind-0 patterns: globs on the file name, matched as GTK's file chooser does.
@Suite("name globs of a dialog's filters")
struct NameGlobTests {
    @Test(
        "case-sensitive, a leading dot is an ordinary character, a character is a Unicode scalar",
        arguments: [
            ("*.png", "photo.png", true), ("*.png", "PHOTO.PNG", false), ("*.png", ".png", true), ("*", ".hidden", true),
            ("?.txt", "é.txt", true), ("caf?", "café", true), ("[a-c]*", "banana", true), ("[!a-c]*", "banana", false),
            ("[^a-c]*", "zebra", true), ("[]]x", "]x", true), ("\\*", "*", true), ("\\*", "a", false), ("a[", "a[", true),
            ("*.tar.gz", "x.tar.gz", true), ("*.tar.gz", "x.tar", false), ("**a", "bba", true), ("[z-a]", "b", false),
        ])
    func cases(pattern: String, name: String, matches: Bool) {
        #expect(NameGlob(pattern).matches(name) == matches, "\(pattern) on \(name)")
    }

    @Test("on ASCII names it agrees with fnmatch(3) without flags, over many generated patterns")
    func agreesWithFnmatch() {
        var random = SplitMix.forTest("NameGlobTests.agreesWithFnmatch", seed: 19)
        let patternAlphabet = Array("ab.*?[]!-")
        let nameAlphabet = Array("ab.-[]!")
        var compared = 0
        for _ in 0..<20_000 {
            let pattern = String(
                (0..<Int(random.next() % 7)).map { _ in patternAlphabet[Int(random.next() % UInt64(patternAlphabet.count))] })
            let name = String(
                (0..<Int(random.next() % 6)).map { _ in nameAlphabet[Int(random.next() % UInt64(nameAlphabet.count))] })
            let expected = fnmatch(pattern, name, 0) == 0
            #expect(NameGlob(pattern).matches(name) == expected, "'\(pattern)' on '\(name)': fnmatch says \(expected)")
            compared += 1
        }
        #expect(compared == 20_000)
    }
}

/// A dialog filter of globs and types together.
@Suite("name-or-type filters", .enabled(if: hasSystemMIME))
struct NameOrTypeFilterTests {
    @Test("a document passes by its name matching a glob or its type conforming to a type through the hierarchy")
    func passes() {
        let images = NameOrTypeFilter(globs: ["*.png"], types: ["image/jpeg"], database: systemDatabase)
        #expect(images.nonConformance(name: "a.png", type: "text/plain") == nil, "by name, whatever its type")
        #expect(images.nonConformance(name: "b.JPG", type: "image/jpeg") == nil, "by type")
        let refused = images.nonConformance(name: "c.gif", type: "image/gif")
        #expect(refused == "its type image/gif does not conform to image/jpeg; its name matches none of *.png")
        let text = NameOrTypeFilter(globs: [], types: ["text/plain"], database: systemDatabase)
        #expect(text.nonConformance(name: "x.py", type: "text/x-python") == nil, "text/x-python is a text/plain")
        #expect(text.nonConformance(name: "x.pdf", type: "application/pdf") != nil)
    }

    @Test("a type pattern that names nothing is left out and told; a filter of nothing takes nothing")
    func ignored() {
        let filter = NameOrTypeFilter(globs: ["*.md"], types: ["not a type"], database: systemDatabase)
        #expect(filter.ignored == ["not a type"] && filter.types == nil)
        #expect(filter.nonConformance(name: "a.md", type: "text/markdown") == nil)
        #expect(filter.nonConformance(name: "a.txt", type: "text/plain") == "its name matches none of *.md")
        let empty = NameOrTypeFilter(globs: [], types: [], database: systemDatabase)
        #expect(empty.nonConformance(name: "a", type: "text/plain") == "the filter takes nothing")
    }
}
