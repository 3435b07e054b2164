import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

@Suite("splitting Exec into arguments")
struct ExecTokenizerTests {
    /// An expected token: its text and whether it was quoted.
    typealias Expected = [(String, Bool)]

    static func tokens(_ exec: String) throws -> Expected {
        try ExecTokenizer.tokenize(exec).map { ($0.text, $0.quoted) }
    }

    @Test(
        "unquoted spaces separate arguments; a double-quoted argument is one argument",
        arguments: [
            ("gedit %U", [("gedit", false), ("%U", false)]),
            ("  a   b\tc  ", [("a", false), ("b", false), ("c", false)]),
            ("\"a b\"", [("a b", true)]),
            ("prog \"two words\" %f", [("prog", false), ("two words", true), ("%f", false)]),
            ("prog \"\" end", [("prog", false), ("", true), ("end", false)]),
            ("\"/opt/My App/bin/app\" --x", [("/opt/My App/bin/app", true), ("--x", false)]),
            ("prog \"it's\"", [("prog", false), ("it's", true)]),
        ] as [(String, Expected)])
    func splitting(exec: String, expected: Expected) throws {
        let got = try Self.tokens(exec)
        #expect(got.map(\.0) == expected.map(\.0))
        #expect(got.map(\.1) == expected.map(\.1))
    }

    @Test(
        "inside quotes \\\" \\$ \\` and \\\\ stand for the character",
        arguments: [
            ("\"say \\\"hi\\\"\"", "say \"hi\""),
            ("\"\\$HOME\"", "$HOME"),
            ("\"\\`date\\`\"", "`date`"),
            ("\"back\\\\slash\"", "back\\slash"),
            ("\"\\\\\\$\"", "\\$"),
        ])
    func escapesInsideQuotes(exec: String, expected: String) throws {
        let got = try ExecTokenizer.tokenize(exec)
        #expect(got.map(\.text) == [expected])
        #expect(got.first?.quoted == true)
    }

    @Test(
        "a quote that is never closed is an error",
        arguments: [
            "\"unterminated", "prog \"a b", "prog \"ends with backslash\\", "\"",
        ])
    func unterminated(exec: String) {
        #expect(throws: ExecTokenizer.Failure.unterminatedQuote) { try ExecTokenizer.tokenize(exec) }
        #expect(ExecTokenizer.program(of: exec) == nil)
    }

    @Test(
        "a backslash inside quotes before any other character is an error",
        arguments: [
            ("\"\\n\"", Unicode.Scalar("n")), ("prog \"a\\qb\"", Unicode.Scalar("q")), ("\"\\ \"", Unicode.Scalar(" ")),
            ("\"\\'\"", Unicode.Scalar("'")),
        ])
    func invalidEscape(exec: String, character: Unicode.Scalar) {
        #expect(throws: ExecTokenizer.Failure.invalidEscape(character)) { try ExecTokenizer.tokenize(exec) }
    }

    @Test("an Exec of nothing but blanks is an error", arguments: ["", " ", "\t \t", "\n"])
    func empty(exec: String) {
        #expect(throws: ExecTokenizer.Failure.empty) { try ExecTokenizer.tokenize(exec) }
        #expect(ExecTokenizer.program(of: exec) == nil)
    }

    @Test("a quoted argument that begins with a combining mark is still quoted")
    func combiningMarkAfterQuote() throws {
        // The opening quote and U+0301 form one Character; the tokenizer reads scalars.
        let tokens = try ExecTokenizer.tokenize("prog \"\u{301}a b\"")
        #expect(tokens.map(\.text) == ["prog", "\u{301}a b"])
    }

    @Test("the program is the first argument, unquoted")
    func program() {
        #expect(ExecTokenizer.program(of: "env FOO=1 prog %f") == "env")
        #expect(ExecTokenizer.program(of: "\"/opt/a b/prog\" %U") == "/opt/a b/prog")
    }

    @Test("the key-file escapes are undone before the quoting rules, as the spec orders")
    func keyFileThenQuoting() throws {
        // Written in a file as: Exec=sh -c "echo \\\\" one\stwo
        let (entry, _) = try parseEntry(
            application().replacingOccurrences(
                of: "Exec=test", with: "Exec=sh -c \"echo \\\\\\\\\" one\\stwo"))
        let exec = try #require(entry.exec)
        #expect(exec == "sh -c \"echo \\\\\" one two")
        #expect(try ExecTokenizer.tokenize(exec).map(\.text) == ["sh", "-c", "echo \\", "one", "two"])
    }

    @Test(
        "every Exec of the corpus, in entries and their actions, splits into arguments",
        .enabled(if: CorpusEntries.isPresent))
    func corpusExecLines() throws {
        var checked = 0
        var failures: [String] = []
        for file in CorpusEntries.all() {
            var diagnostics: [Diagnostic] = []
            guard let entry = try? DesktopEntry.load(path: file.path, id: file.id, diagnostics: &diagnostics) else {
                continue
            }
            let execs = [entry.exec] + entry.actions.map(\.exec)
            for exec in execs.compactMap({ $0 }) {
                checked += 1
                do {
                    let tokens = try ExecTokenizer.tokenize(exec)
                    #expect(!tokens[0].text.isEmpty, "\(file.path): empty program in '\(exec)'")
                    #expect(!exec.contains("\"") || tokens.contains(where: \.quoted), "\(file.path): quotes lost")
                } catch {
                    failures.append("\(file.path): \(error) in '\(exec)'")
                }
            }
        }
        #expect(checked >= 370, "only \(checked) Exec values found")
        #expect(failures == [])
    }
}
