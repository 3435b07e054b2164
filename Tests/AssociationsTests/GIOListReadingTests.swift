import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// GIO ignores a whole list when GLib's key-file reader refuses one of its lines.
@Suite("--as gio reads a list only when GLib would load it", .enabled(if: Corpus.program("gio") != nil))
struct GIOListReadingTests {
    /// Lines around a `[Default Applications]` group naming `chosen.desktop` for the test type.
    static let lines = [
        "text/plain=other.desktop;", "garbage", "[broken", "=x", "[]", "[a]b", "[a[b]", "k[=v", "k]=v",
        "k[d e]=v",
        "k [de]=v", "k[de]x=v", "k[]=v", " k =v", "Encoding=latin1", "Encoding=utf-8", "[X] \t",
        "\u{FEFF}#bom",
        "[G\u{1}]", "k\u{1}=v", "#comment", "k[é]=v", "a b=v", "[A]=x", "\u{0C}k=v", "k=\\x",
    ]

    /// A tree with two installed applications and the user's list `list`.
    private func tree(list: String) throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        for name in ["chosen", "other"] {
            try tree.write(
                "data/applications/\(name).desktop", CheckFixtures.entry(name, types: "text/x-assoc-test;"))
        }
        try tree.write("config/mimeapps.list", list)
        return tree
    }

    @Test(
        "a line before the group, after it, and a header of its own: GIO's default as gio mime gives it",
        arguments: lines)
    func refusedLines(line: String) throws {
        let gio = try #require(Corpus.program("gio"))
        for list in [
            "\(line)\n[Default Applications]\ntext/x-assoc-test=chosen.desktop;\n",
            "[Default Applications]\ntext/x-assoc-test=chosen.desktop;\n\(line)\n",
        ] {
            let tree = try tree(list: list)
            let variables = CheckFixtures.variables(tree)
            let environment = XDGEnvironment(variables)
            let resolver = AssociationResolver(
                environment: environment, database: MIMEDatabase(environment: environment))
            let theirs = GIOAnswer(
                gioOutput: try ProcessRunner.run(gio, ["mime", "text/x-assoc-test"], environment: variables)
                    .standardOutput)
            let ours = resolver.resolve("text/x-assoc-test", mode: .gio)
            #expect(ours.defaultApplication == theirs.defaultApplication, "\(list.debugDescription)")
            let refusal = GIOListView.refusal(ofListAt: tree.path("config/mimeapps.list"))
            #expect(
                (refusal == nil) == (theirs.defaultApplication == "chosen.desktop"),
                "\(list.debugDescription)")
        }
    }

    @Test("check names the line that makes GIO ignore the list; --as spec still reads it")
    func checkNamesTheLine() throws {
        let tree = try tree(
            list: "text/plain=other.desktop;\n[Default Applications]\ntext/x-assoc-test=chosen.desktop;\n")
        let environment = XDGEnvironment(CheckFixtures.variables(tree))
        let database = MIMEDatabase(environment: environment)
        let resolver = AssociationResolver(environment: environment, database: database)
        let problems = ConfigurationChecker(resolver: resolver).problems().filter {
            $0.kind == .gioIgnoresList
        }
        #expect(problems.map(\.line) == [1])
        #expect(problems.first?.path == tree.path("config/mimeapps.list"))
        #expect(problems.first?.severity == .error)
        #expect(resolver.resolve("text/x-assoc-test", mode: .spec).defaultApplication == "chosen.desktop")
        #expect(resolver.resolve("text/x-assoc-test", mode: .gio).defaultApplication == nil)
    }
}
