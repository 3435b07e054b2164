import AssocTestSupport
import Foundation
import Testing

@testable import AssocCLI

/// The drifts between the parser, the help and the pages that issue 15 found, each held here,
/// and the forgiving front door.
@Suite("the command line's front door")
struct FrontDoorTests {
    @Test("--database takes text too, and every page and help says so", arguments: ["type", "mime", "explain", "is-a"])
    func databaseChoices(name: String) throws {
        let help = runCLI([name, "--help"]).standardOutput
        #expect(help.contains("(auto, xml, cache, text)"))
        let page = try String(contentsOfFile: Corpus.packageRoot + "/man/assoc-\(name).1", encoding: .utf8)
        #expect(page.contains("(auto, xml, cache, text)"))
        #expect(runCLI(["--database", "text", name, "--help"]).status == 0)
        let wrong = runCLI([name, "--database", "tetx", "x"])
        #expect(wrong.status == 2 && wrong.standardError.contains("did you mean 'text'?"), "\(wrong.standardError)")
    }

    @Test("explain exits 1 for a type the database does not know, as its page says", .enabled(if: hasSystemDatabase))
    func explainUnknownType() throws {
        let run = runCLI(["explain", "--no-resolve", "application/x-assoc-unknown"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("not in the shared-mime-info database"))
        #expect(runCLI(["explain", "--no-resolve", "application/pdf"]).status == 0)
        #expect(
            try String(contentsOfFile: Corpus.packageRoot + "/man/assoc-explain.1", encoding: .utf8)
                .contains("a TYPE is not in the database"))
    }

    @Test("--no-resolve is in explain's options, -j in type's usage")
    func usageAndOptions() {
        #expect(runCLI(["explain", "--help"]).standardOutput.contains("  --no-resolve"))
        let type = runCLI(["type", "--help"]).standardOutput
        #expect(type.components(separatedBy: "\n\n")[0].contains("[-j N]"))
    }

    @Test(
        "each edit command accepts only its own options",
        arguments: [
            ["add", "--all-types", "text/plain", "a.desktop"], ["remove", "--app-types", "a.desktop"],
            ["reset", "--desktop", "gnome", "text/plain"], ["add", "--file", "x", "a.desktop"],
            ["unset", "--app-types", "x", "text/plain"], ["remove", "--file", "x", "a.desktop"],
        ])
    func editOptions(arguments: [String]) {
        let run = runCLI(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown option '\(arguments[1])'"), "\(run.standardError)")
    }

    @Test("--verbose and --database are in every command's help", arguments: CommandTableTests.visible.map(\.name))
    func globalOptionsEverywhere(name: String) {
        let help = runCLI([name, "--help"]).standardOutput
        #expect(help.contains("  --verbose") && help.contains("  --database SOURCE") && help.contains("  -h, --help"))
    }

    @Test("after --, -h and --help are operands", .enabled(if: hasSystemDatabase))
    func doubleDash() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("-h", "plain words\n")
        try tree.write("--help", "plain words\n")
        var variables = tree.variables(dataDirs: ["/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        // Run as a process: the relative names need a working directory of their own.
        let run = try ProcessRunner.assoc(["type", "--", "-h", "--help"], environment: variables, directory: tree.root)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "-h: text/plain\n--help: text/plain\n")
    }

    @Test(
        "a misspelled command, option or choice gets the nearest ones",
        arguments: [
            (["sett", "a", "b"], "unknown command 'sett'; did you mean 'set'?"),
            (["typ", "x"], "unknown command 'typ'; did you mean 'type'?"),
            (["type", "--jsno", "x"], "unknown option '--jsno'; did you mean '--json'?"),
            (["default", "--as", "gi", "x"], "'--as' takes"),
            (["list", "--sort", "dat"], "did you mean 'date'?"),
            (["--verbos", "type", "x"], "did you mean '--verbose'?"),
        ])
    func suggestions(arguments: [String], expected: String) {
        let run = runCLI(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains(expected), "\(run.standardError)")
    }

    @Test("a misspelled MIME type gets the nearest known ones", .enabled(if: hasSystemDatabase))
    func typeSuggestions() {
        let run = runCLI(["mime", "aplication/pdf"])
        #expect(run.status == 1 && run.standardError.contains("did you mean 'application/pdf'?"), "\(run.standardError)")
    }

    @Test(
        "set: a bare extension is pointed at its dot, a bare scheme is x-scheme-handler/SCHEME", .enabled(if: hasSystemDatabase))
    func bareWords() throws {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "usr-share/applications/browser.desktop",
            "[Desktop Entry]\nType=Application\nName=Browser\nExec=true %u\nMimeType=x-scheme-handler/https;\n")
        var variables = tree.variables(dataDirs: ["usr-share", "/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        let pdf = runCLI(["set", "pdf", "browser.desktop"], environment: variables)
        #expect(pdf.status == 2 && pdf.standardError.contains("did you mean the extension '.pdf'?"), "\(pdf.standardError)")
        let https = runCLI(["set", "https", "browser.desktop"], environment: variables)
        #expect(https.status == 0, "\(https.standardError)")
        #expect(
            try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
                .contains("x-scheme-handler/https=browser.desktop;"))
    }

    @Test("an unknown application is answered with the installed ones that handle the type", .enabled(if: hasSystemDatabase))
    func unknownApplication() throws {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "usr-share/applications/viewer.desktop",
            "[Desktop Entry]\nType=Application\nName=Viewer\nExec=true %f\nMimeType=application/pdf;\n")
        var variables = tree.variables(dataDirs: ["usr-share", "/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        let run = runCLI(["set", "application/pdf", "nosuchapp"], environment: variables)
        #expect(run.status == 2)
        #expect(
            run.standardError.contains(
                "no installed application 'nosuchapp'; installed ones that handle "
                    + "application/pdf: viewer.desktop"), "\(run.standardError)")
        let near = runCLI(["set", "application/pdf", "viewr"], environment: variables)
        #expect(near.standardError.contains("did you mean 'viewer.desktop'?"), "\(near.standardError)")
    }

    @Test("list --type takes any wildcard over type names, as set does", .enabled(if: hasSystemDatabase))
    func wildcardFilters() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("docs/a.odt", "x")
        try tree.write("docs/b.txt", "x")
        var variables = tree.variables(dataDirs: ["/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        let run = runCLI(["list", "--type", "application/vnd.oasis.opendocument.*", tree.path("docs")], environment: variables)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("a.odt") && !run.standardOutput.contains("b.txt"))
    }

    @Test("assoc help [COMMAND] is --help")
    func helpCommand() {
        #expect(runCLI(["help"]).standardOutput == runCLI(["--help"]).standardOutput)
        #expect(runCLI(["help", "set"]).standardOutput == runCLI(["set", "--help"]).standardOutput)
        let unknown = runCLI(["help", "sett"])
        #expect(unknown.status == 2 && unknown.standardError.contains("did you mean 'set'?"))
    }

    @Test("help fits in 80 columns", arguments: CommandTableTests.visible.map(\.name) + ["--help"])
    func width(name: String) {
        let text = name == "--help" ? runCLI(["--help"]).standardOutput : runCLI([name, "--help"]).standardOutput
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80 || !line.contains(" "), "\(name): '\(line)'")
        }
    }
}
