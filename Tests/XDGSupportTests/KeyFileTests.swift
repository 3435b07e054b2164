import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@Suite("the key-file syntax")
struct KeyFileTests {
    @Test("text comes back byte for byte, with comments, blanks, unknown groups and odd spacing")
    func roundTrip() {
        let text = """
            # a comment
            [Default Applications]
            text/plain=gedit.desktop;
              image/png = eog.desktop;  

            [X-Unknown Group]
            Name[de]=Wert
            garbage line
            """ + "\n"
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: text, path: "m.list", diagnostics: &diagnostics)
        #expect(file.text == text)
        #expect(file.groupNames == ["Default Applications", "X-Unknown Group"])
        #expect(file.rawValue("image/png", in: "Default Applications") == "eog.desktop;  ")
        #expect(file.entries(in: "X-Unknown Group").first?.locale == "de")
        #expect(
            diagnostics == [
                Diagnostic(
                    path: "m.list", line: 8,
                    message: "expected 'key=value', '[Group]' or a comment, found 'garbage line'")
            ])
    }

    @Test(
        "an edit keeps the line ending of the line it replaces and gives an added line its neighbour's",
        arguments: [
            ("[A]\r\nk=1\r\nj=2\n", "[A]\r\nk=9\r\nj=2\nn=3\n"),
            ("[A]\nk=1\r\n", "[A]\nk=9\r\nn=3\r\n"),
            ("[B]\r\nx=1\r\n", "[B]\r\nx=1\r\n\r\n[A]\r\nk=9\r\nn=3\r\n"),
            ("[A]\nk=1\n", "[A]\nk=9\nn=3\n"),
        ])
    func lineEndings(original: String, expected: String) {
        var diagnostics: [Diagnostic] = []
        var file = KeyFile(parsing: original, path: "m.list", diagnostics: &diagnostics)
        file.set("9", for: "k", in: "A")
        file.set("3", for: "n", in: "A")
        #expect(file.text == expected, "\(file.text.debugDescription)")
    }

    @Test("a file without a final newline keeps it that way")
    func noFinalNewline() {
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: "[A]\nk=v", path: "x", diagnostics: &diagnostics)
        #expect(file.text == "[A]\nk=v")
        #expect(diagnostics.isEmpty)
    }

    @Test("broken headers and keys before any group are reported with their line")
    func brokenLines() {
        var diagnostics: [Diagnostic] = []
        _ = KeyFile(parsing: "k=v\n[Open\n=novalue\n", path: "b.desktop", diagnostics: &diagnostics)
        #expect(diagnostics.map(\.line) == [1, 2, 3])
        #expect(diagnostics.allSatisfy { $0.path == "b.desktop" })
    }

    @Test(
        "every real desktop entry and list of the corpus parses without losing a byte",
        .enabled(if: Corpus.path("freedesktop-debian") != nil))
    func corpusRoundTrip() throws {
        let root = try #require(Corpus.path("freedesktop-debian"))
        let files =
            FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".desktop") || $0.hasSuffix(".list") } ?? []
        #expect(files.count >= 370)
        for relative in files {
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            var diagnostics: [Diagnostic] = []
            let file = KeyFile(parsing: text, path: relative, diagnostics: &diagnostics)
            #expect(file.text == text, "\(relative) changed in a round trip")
        }
    }
}

@Suite("key-file values")
struct KeyFileValueTests {
    @Test(
        "string escapes are undone",
        arguments: [
            ("a\\sb", "a b"), ("x\\ny\\tz\\r", "x\ny\tz\r"), ("back\\\\slash", "back\\slash"), ("keep\\q", "keep\\q"),
        ])
    func unescape(input: String, expected: String) {
        #expect(KeyFileValue.unescape(input) == expected)
    }

    @Test(
        "lists split on ';' with '\\;' kept and a trailing ';' ending the list",
        arguments: [
            ("a;b;", ["a", "b"]), ("a;b", ["a", "b"]), ("semi\\;colon;x;", ["semi;colon", "x"]), ("", []), (";;", ["", ""]),
        ])
    func lists(input: String, expected: [String]) {
        #expect(KeyFileValue.list(input) == expected)
    }

    @Test(
        "GLib's string lists: empty items kept, an empty last one dropped, the same with and without escapes",
        arguments: [
            ("", []), (";", [""]), (";;", ["", ""]), ("a", ["a"]), ("a;", ["a"]), ("a;;b", ["a", "", "b"]),
            ("a;b;;", ["a", "b", ""]),
            ("caf\u{E9};b", ["caf\u{E9}", "b"]), ("a\\sb;c", ["a b", "c"]), ("a\\;b;c;", ["a;b", "c"]), (";\\\\", ["", "\\"]),
            ("a;\\s", ["a", " "]),
        ])
    func glibLists(input: String, expected: [String]) {
        #expect(GLibKeyFile.list(Array(input.utf8)) == expected)
        #expect(GLibKeyFile.string(Array(input.utf8)) != nil || input.contains("\\;"))
    }

    @Test("GLib's lists and strings refuse what GLib refuses: bytes that are not UTF-8, an unknown escape, a '\\' at the end")
    func glibRefusals() {
        for value: [UInt8] in [[0x61, 0xFF], Array("a\\q;b".utf8), Array("a;b\\".utf8)] {
            #expect(GLibKeyFile.list(value) == nil, "\(value)")
            #expect(GLibKeyFile.string(value) == nil, "\(value)")
        }
        #expect(GLibKeyFile.string(Array("a;b;".utf8)) == "a;b;")
        #expect(GLibKeyFile.string(Array("".utf8)) == "")
    }

    @Test("GLib's key file: a CR before the line feed dropped, a line read up to its NUL, a last line without a line feed")
    func glibLines() throws {
        let file = try GLibKeyFile(bytes: Array("[G]\r\na=1\r\nb=x\u{0}y\n\nc=3".utf8))
        let entries = file.group("G")?.entries ?? []
        #expect(entries.map(\.key) == ["a", "b", "c"])
        #expect(entries.map { String(decoding: $0.value, as: UTF8.self) } == ["1", "x", "3"])
        #expect(entries.map(\.line) == [2, 3, 5])
        #expect(throws: GLibKeyFileError.self) { try GLibKeyFile(bytes: Array("[G]\nnot a pair\n".utf8)) }
    }

    @Test("booleans accept true, false and the pre-1.0 1 and 0")
    func booleans() {
        #expect(KeyFileValue.boolean("true") == true)
        #expect(KeyFileValue.boolean("0") == false)
        #expect(KeyFileValue.boolean("yes") == nil)
    }

    @Test("a list written by listValue reads back as the same items, whatever they carry")
    func listRoundTrip() {
        let items = ["plain.desktop", "semi;colon.desktop", "back\\slash", "new\nline", "tab\there", "cr\r", "\\;", "é;\\n"]
        #expect(
            KeyFileValue.listValue(items)
                == #"plain.desktop;semi\;colon.desktop;back\\slash;new\nline;tab\there;cr\r;\\\;;é\;\\n;"#)
        #expect(KeyFileValue.list(KeyFileValue.listValue(items)) == items)
        #expect(KeyFileValue.list(KeyFileValue.listValue([])) == [])
    }
}
