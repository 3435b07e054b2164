import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import AssocCLI

/// Runs `assoc ARGUMENTS` in this process as if standard output and error were a terminal.
private func runOnTerminal(_ arguments: [String], environment: [String: String]) -> CLIRun {
    let (sink, captured) = OutputSink.capturing(isTerminal: true)
    let status = AssocCLI.run(
        arguments: arguments, environment: environment, output: sink,
        process: ProcessState(outputIsTerminal: true, errorIsTerminal: true))
    return CLIRun(status: status.rawValue, standardOutput: captured.standardOutput, standardError: captured.standardError)
}

/// Whether `text` has a character that may not reach a terminal raw, line feeds aside.
private func hasRawControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && Terminal.needsEscaping($0) }
}

/// Messages and results that quote names: one line each, escaped, whatever the name holds.
@Suite("messages and results on a terminal")
struct TerminalOutputTests {
    @Test("an error quoting a name with a line feed stays one line, on a terminal or not")
    func errorIsOneLine() {
        let name = "/nonexistent/x\nassoc: FAKE-LINE \u{1B}]52;c;SGk=\u{07}\u{202E}"
        for run in [runCLI(["type", name]), runOnTerminal(["type", name], environment: ["PATH": "/usr/bin:/bin"])] {
            let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "\(run.standardError.debugDescription)")
            let shown = "assoc: cannot read '/nonexistent/x\\u{a}assoc: FAKE-LINE \\u{1b}]52;c;SGk=\\u{7}\\u{202e}'"
            #expect(lines[0].hasPrefix(shown), "\(lines[0])")
            #expect(!hasRawControls(run.standardError))
        }
    }

    @Test("a usage error quoting a name is its message on one line, then the pointer to the help")
    func usageError() {
        let run = runCLI(["x\nassoc: FAKE-LINE"])
        #expect(run.status == 2)
        #expect(
            run.standardError == "assoc: unknown command 'x\\u{a}assoc: FAKE-LINE'\nSee 'assoc --help'.\n",
            "\(run.standardError.debugDescription)")
        let option = runCLI(["type", "--x\u{85}\u{202E}"])
        #expect(
            option.standardError.hasPrefix("assoc: unknown option '--x\\u{85}\\u{202e}'")
                && option.standardError.hasSuffix("\nSee 'assoc type --help'.\n"), "\(option.standardError.debugDescription)")
    }

    @Test(
        "type --json writes C1 and bidirectional controls of a name as \\u escapes; on a terminal, -b and the line are escaped",
        .enabled(if: hasSystemDatabase))
    func typeOutput() throws {
        let tree = try TemporaryXDGTree()
        // A type whose name has a C1 control, if the database takes it; and a name that has them.
        try tree.write(
            "data/mime/packages/c1.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="text/x-c1\u{85}\u{9B}41m"><glob pattern="*.c1"/></mime-type>
            </mime-info>
            """)
        let file = try tree.write("docs/n\u{85}\u{9D}0;t\u{9C}\u{202E}txt.c1", "text\n")
        let environment = tree.variables(dataDirs: ["/usr/share"])
        let json = runCLI(["type", "--json", file], environment: environment)
        #expect(json.standardOutput.contains("n\\u0085\\u009d0;t\\u009c\\u202etxt.c1"), "\(json.standardOutput.debugDescription)")
        #expect(!hasRawControls(json.standardOutput), "\(json.standardOutput.debugDescription)")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["path"] as? String == file)
        for arguments in [["type", "-b", file], ["type", "--json", file], ["type", file]] {
            let run = runOnTerminal(arguments, environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(!hasRawControls(run.standardOutput), "\(arguments): \(run.standardOutput.debugDescription)")
        }
    }

    @Test("mime on a terminal prints one line per fact, each escaped", .enabled(if: hasSystemDatabase))
    func mimeLines() {
        let run = runOnTerminal(
            ["mime", "application/pdf"], environment: ["XDG_DATA_DIRS": "/usr/share", "PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "application/pdf", "\(run.standardOutput.debugDescription)")
        #expect(lines.contains { $0.hasPrefix("  globs: ") && $0.contains("*.pdf") }, "\(lines)")
    }
}
