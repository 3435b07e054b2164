import Testing
import XDGSupport

@testable import AssocCLI

@Suite("the argument parser")
struct ArgumentParserTests {
    static let options: [OptionDefinition] = [
        .flag("--brief", short: "-b", "b"), .flag("--recursive", short: "-r", "r"),
        .value("--type", short: "-t", "T", repeatable: true, "t"), .value("--as", "MODE", choices: ["spec", "gio"], "a"),
        .value("--pair", "A B", repeatable: true, arity: 2, "p"),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var words: [String]
        var flags: Set<String> = []
        var values: [String: [String]] = [:]
        var operands: [String] = []
        var error: String?
        var testDescription: String { words.joined(separator: " ") }
    }

    @Test(
        "options, values, clusters, -- and -",
        arguments: [
            Case(words: ["--brief", "x"], flags: ["--brief"], operands: ["x"]),
            Case(words: ["-br", "x"], flags: ["--brief", "--recursive"], operands: ["x"]),
            Case(words: ["--type=a/b", "--type", "c/d"], values: ["--type": ["a/b", "c/d"]]),
            Case(words: ["-ta/b", "-bt", "c/d"], flags: ["--brief"], values: ["--type": ["a/b", "c/d"]]),
            Case(words: ["--", "--brief", "-b", "-"], operands: ["--brief", "-b", "-"]),
            Case(words: ["-", "x"], operands: ["-", "x"]),
            Case(words: ["--as=gio"], values: ["--as": ["gio"]]),
            Case(words: ["--as", "xyz"], error: "'--as' takes spec or gio, not 'xyz'"),
            Case(words: ["--brief=yes"], error: "option '--brief' takes no value"),
            Case(words: ["--type"], error: "missing value for '--type'"),
            Case(words: ["--bref"], error: "unknown option '--bref'; did you mean '--brief'?"),
            Case(words: ["-x"], error: "unknown option '-x'"),
            Case(words: ["x", "--brief", "y"], flags: ["--brief"], operands: ["x", "y"]),
            Case(words: ["--pair", "a", "b", "x"], values: ["--pair": ["a", "b"]], operands: ["x"]),
            Case(words: ["--pair=a", "b", "--pair", "c", "--brief"], values: ["--pair": ["a", "b", "c", "--brief"]]),
            Case(words: ["--pair", "a"], error: "'--pair' takes A B: a word is missing"),
        ])
    func parse(_ test: Case) {
        do {
            let parsed = try ParsedArguments(test.words, options: Self.options, subcommand: "t")
            #expect(test.error == nil, "expected an error")
            for flag in ["--brief", "--recursive"] { #expect(parsed.has(flag) == test.flags.contains(flag)) }
            for name in ["--type", "--as", "--pair"] { #expect(parsed.all(name) == (test.values[name] ?? [])) }
            #expect(parsed.operands == test.operands)
        } catch {
            #expect(error.message == test.error)
        }
    }

    @Test(
        "edit distance",
        arguments: [
            ("set", "sett", 1), ("", "abc", 3), ("kitten", "sitting", 3), ("same", "same", 0),
            ("tetx", "text", 1), ("ab", "ba", 1),
        ])
    func distance(a: String, b: String, expected: Int) {
        #expect(EditDistance.between(a, b) == expected)
    }
}
