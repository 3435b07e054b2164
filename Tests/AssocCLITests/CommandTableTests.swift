import AssocTestSupport
import Foundation
import Testing

@testable import AssocCLI

/// The command table is the one definition of each command: the parser, `--help`, the man page
/// and the completions offer the same options (DESIGN decision 10).
@Suite("one definition per command")
struct CommandTableTests {
    static let visible = CommandTable.definitions.filter { !$0.hidden }
    static let regenerate = "'assoc --generate-manual man' and 'assoc --generate-completions data/completions'"

    /// The option names (short and long) in the lines of `text` that list options.
    static func helpOptions(_ text: String) -> Set<String> {
        var names = Set<String>()
        // "  - " starts an item of a list in a description, not an option.
        for line in text.split(separator: "\n") where line.hasPrefix("  -") && !line.hasPrefix("  - ") {
            // The spelling ends where the column of help starts: two spaces, or the line's end.
            let spelling = line.dropFirst(2).components(separatedBy: "  ")[0]
            for word in spelling.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                names.insert(String(word))
            }
        }
        return names
    }

    /// The option names the man page lists in OPTIONS.
    static func manOptions(_ page: String) -> Set<String> {
        guard let start = page.range(of: ".SH OPTIONS\n") else { return [] }
        let rest = page[start.upperBound...]
        let section = rest.range(of: "\n.SH ").map { rest[..<$0.lowerBound] } ?? rest
        var names = Set<String>()
        let lines = section.split(separator: "\n")
        for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
            let item = lines[index + 1].replacingOccurrences(of: "\\-", with: "-")
            for match in item.split(whereSeparator: { " ,\\".contains($0) }) {
                let word = match.replacingOccurrences(of: "fB", with: "").replacingOccurrences(of: "fR", with: "")
                if word.hasPrefix("-") { names.insert(word) }
            }
        }
        return names
    }

    @Test(
        "every command's options: the same set in the parser, --help, the man page and the bash completion",
        arguments: visible.map(\.name))
    func sameOptionsEverywhere(name: String) throws {
        let definition = try CommandTable.command(named: name).definition
        let defined = Set(definition.allOptions.flatMap { [$0.long, $0.short].compactMap { $0 } })
        // The parser: each option (with a value where it takes one) is accepted before --help.
        for option in definition.allOptions {
            for spelling in [option.long, option.short].compactMap({ $0 }) {
                var words = [name, spelling]
                if option.takesValue { words += Array(repeating: option.choices.first ?? "x", count: option.arity) }
                let run = runCLI(words + ["--help"])
                #expect(run.status == 0, "assoc \(words.joined(separator: " ")) --help: \(run.standardError)")
            }
        }
        #expect(runCLI([name, "--no-such-option"]).status == 2)
        // --help.
        let help = runCLI([name, "--help"]).standardOutput
        #expect(Self.helpOptions(help) == defined, "--help of \(name)")
        // The man page, as checked in.
        let page = try String(contentsOfFile: Corpus.packageRoot + "/man/assoc-\(name).1", encoding: .utf8)
        #expect(Self.manOptions(page) == defined, "man page of \(name)")
        // The bash completion, run by bash.
        if let bash = Corpus.program("bash") {
            let script =
                "source '\(Corpus.packageRoot)/data/completions/assoc.bash'; COMP_WORDS=(assoc \(name) -); "
                + "COMP_CWORD=2; _assoc; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try ProcessRunner.run(bash, ["--norc", "-c", script], environment: ["PATH": "/usr/bin:/bin"])
            let offered = Set(result.standardOutput.split(separator: "\n").map(String.init))
            #expect(offered == defined, "bash completion of \(name): \(result.standardError)")
        }
    }

    @Test("each command is found by the name its definition gives, and no two share a name")
    func namesAgreeWithDefinitions() throws {
        for entry in CommandName.allCases {
            #expect(entry.command.definition.name == entry.rawValue, "\(entry) is spelled '\(entry.rawValue)'")
            #expect(try CommandTable.command(named: entry.rawValue).definition.name == entry.rawValue)
        }
        let names = CommandTable.commands.map(\.name)
        #expect(Set(names).count == names.count, "duplicate names among \(names)")
        #expect(names.first == "type" && names.last == "__pick-benchmark", "the order of assoc --help: \(names)")
        #expect(throws: UsageError.self) { try CommandTable.command(named: "typ") }
    }

    @Test("the checked-in man pages and completions are what the table generates")
    func generatedFilesAreCurrent() throws {
        for (kind, directory) in [(Generation.Request.Kind.manual, "man"), (.completions, "data/completions")] {
            let files = Generation.files(kind)
            let checkedIn = try FileManager.default.contentsOfDirectory(atPath: Corpus.packageRoot + "/" + directory)
                .filter { !$0.hasPrefix(".") }
            #expect(Set(checkedIn) == Set(files.map(\.name)), "\(directory) holds exactly the generated files")
            for file in files {
                let text = try String(contentsOfFile: Corpus.packageRoot + "/\(directory)/\(file.name)", encoding: .utf8)
                #expect(text == file.text, "\(directory)/\(file.name) differs from the table: run \(Self.regenerate)")
            }
        }
    }

    @Test("the screens' man pages have a KEYS section listing each key as an item (.TP), settings too")
    func keysSectionsAreLists() throws {
        for name in ["pick", "choose", "settings"] {
            let definition = try #require(CommandTable.definitions.first { $0.name == name })
            let page = ManPageRenderer.page(for: definition)
            let start = try #require(page.range(of: ".SH KEYS\n"), "assoc-\(name)(1) has a KEYS section")
            let rest = page[start.upperBound...]
            let section = rest.range(of: "\n.SH ").map { rest[..<$0.lowerBound] } ?? rest
            let items = section.components(separatedBy: ".TP\n.B ").count - 1
            #expect(items >= 5, "assoc-\(name)(1): KEYS is a list of keys, not one paragraph:\n\(section)")
            #expect(section.contains(".TP\n.B Enter\n"), "\(section)")
        }
    }

    @Test("man renders every page without a warning", .enabled(if: Corpus.program("man") != nil))
    func manRenders() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Corpus.packageRoot + "/man").filter { $0.hasSuffix(".1") }
        #expect(pages.count == Self.visible.count + 1 + CommandTable.multiCallDefinitions.count)
        for page in pages {
            let result = try ProcessRunner.run(
                try #require(Corpus.program("man")),
                ["--warnings", "-E", "UTF-8", "-l", Corpus.packageRoot + "/man/" + page],
                environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LC_ALL": "C.UTF-8"])
            #expect(result.status == 0 && result.standardError.isEmpty, "\(page): \(result.standardError)")
            #expect(result.standardOutput.contains("SYNOPSIS"))
        }
    }

    @Test("zsh reads its completion without a syntax error", .enabled(if: Corpus.program("zsh") != nil))
    func zshSyntax() throws {
        let result = try ProcessRunner.run(
            try #require(Corpus.program("zsh")), ["-n", Corpus.packageRoot + "/data/completions/_assoc"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test(
        "fish completes every command's options from its completion file", .enabled(if: Corpus.program("fish") != nil),
        arguments: visible.map(\.name))
    func fishCompletes(name: String) throws {
        let fish = try #require(Corpus.program("fish"))
        let file = Corpus.packageRoot + "/data/completions/assoc.fish"
        #expect(try ProcessRunner.run(fish, ["--no-execute", file], environment: ["PATH": "/usr/bin:/bin"]).status == 0)
        let definition = try CommandTable.command(named: name).definition
        let script = "source '\(file)'; complete -C 'assoc \(name) --'; complete -C 'assoc \(name) -'"
        let result = try ProcessRunner.run(
            fish, ["--no-config", "-c", script],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
        let offered = Set(result.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        let defined = Set(definition.allOptions.flatMap { [$0.long, $0.short].compactMap { $0 } })
        #expect(offered == defined, "fish completion of \(name): \(result.standardError)")
    }

    @Test(
        "bash completes commands, option values from their choices, and files where the operand is one",
        .enabled(if: Corpus.program("bash") != nil))
    func bashValues() throws {
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let script =
                "source '\(Corpus.packageRoot)/data/completions/assoc.bash'; COMP_WORDS=(\(quoted)); "
                + "COMP_CWORD=\(words.count - 1); _assoc; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try ProcessRunner.run(
                try #require(Corpus.program("bash")), ["--norc", "-c", script],
                environment: ["PATH": "/usr/bin:/bin"], directory: Corpus.packageRoot)
            return result.standardOutput.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["assoc", "se"]) == ["set", "settings"])
        #expect(Set(try complete(["assoc", "default", "--as", ""])) == Set(DefaultCommand.modeOption.choices))
        #expect(Set(try complete(["assoc", "--database", ""])) == ["auto", "xml", "cache", "text"])
        #expect(try complete(["assoc", "type", "Packa"]) == ["Package.swift"])
        #expect(Set(try complete(["assoc", "list", "--sort", ""])) == ["name", "date", "size"])
        // An option of two words: both are its value, and the operands are counted after them.
        #expect(try complete(["assoc", "types", "define", "--root-xml", "ns", "Packa"]) == [])
        #expect(try complete(["assoc", "types", "define", "--root-xml", "ns", "local", "Packa"]) == ["Package.swift"])
    }
}
