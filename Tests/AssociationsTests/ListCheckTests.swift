import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@testable import Associations

@Suite("assoc check: keys written twice and misspelled groups")
struct ListCheckTests {
    @Test(
        "near misses of the three groups are recognised; other groups are left alone",
        arguments: [
            ("Default applications", "Default Applications"), ("Added Association", "Added Associations"),
            ("Removed Asociations", "Removed Associations"), ("default-applications", "Default Applications"),
            ("Added KDE Service Associations", nil), ("Desktop Entry", nil), ("MIME Cache", nil), ("Default Applications", nil),
            ("", nil), ("Added", nil),
        ] as [(String, String?)])
    func spelling(name: String, meant: String?) {
        #expect(GroupNameSpelling.intended(name)?.rawValue == meant)
    }

    @Test(
        "edit distance",
        arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("abc", "abc", 0), ("ab", "ba", 2), ("abc", "abcd", 1)])
    func distance(a: String, b: String, expected: Int) {
        let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
        #expect(GroupNameSpelling.distance(x, y, atMost: 5) == expected)
        #expect(GroupNameSpelling.distance(x, y, atMost: 1) == min(expected, 2))
    }

    /// A tree with two applications for one type, and the user's list `list`.
    private func tree(list: String) throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        for name in ["first", "second"] {
            try tree.write("data/applications/\(name).desktop", CheckFixtures.entry(name, types: "text/x-assoc-test;"))
        }
        try tree.write("data/applications/mimeinfo.cache", "[MIME Cache]\ntext/x-assoc-test=first.desktop;second.desktop;\n")
        try tree.write("config/mimeapps.list", list)
        return tree
    }

    /// The default for the test type by assoc's rules, by its reading of GIO's, and by `gio mime`
    /// itself when it is installed.
    private func defaults(_ tree: TemporaryXDGTree) throws -> (spec: String?, gio: String?, realGIO: String??) {
        let variables = CheckFixtures.variables(tree)
        let environment = XDGEnvironment(variables)
        let resolver = AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
        var realGIO: String??
        if let gio = Corpus.program("gio") {
            realGIO =
                GIOAnswer(
                    gioOutput: try ProcessRunner.run(gio, ["mime", "text/x-assoc-test"], environment: variables)
                        .standardOutput
                ).defaultApplication
        }
        return (
            resolver.resolve("text/x-assoc-test", mode: .spec).defaultApplication,
            resolver.resolve("text/x-assoc-test", mode: .gio).defaultApplication, realGIO
        )
    }

    @Test("a key written twice: GIO's view takes the last line, assoc's merges them first line first, and check says so")
    func duplicateKey() throws {
        let tree = try tree(list: "[Default Applications]\ntext/x-assoc-test=first.desktop;\ntext/x-assoc-test=second.desktop;\n")
        defer { withExtendedLifetime(tree) {} }
        let answers = try defaults(tree)
        #expect(answers.spec == "first.desktop")
        #expect(answers.gio == "second.desktop")
        if let realGIO = answers.realGIO { #expect(realGIO == "second.desktop", "gio itself reads the last line") }
        let problems = checkProblems(tree)
        #expect(problems.map(\.kind) == [.duplicateKey], "\(problems)")
        #expect(problems.first?.line == 3 && problems.first?.message.contains("first on line 2") == true)
    }

    @Test("a key written twice around an alias of it: GIO takes the key where first written, with its last value")
    func duplicateKeyAroundAlias() throws {
        let tree = try tree(
            list: "[Default Applications]\ntext/x-assoc-alias=first.desktop;\n"
                + "text/x-assoc-test=second.desktop;\ntext/x-assoc-alias=third.desktop;\n")
        defer { withExtendedLifetime(tree) {} }
        try tree.write("data/applications/third.desktop", CheckFixtures.entry("third", types: "text/x-assoc-test;"))
        try tree.write(
            "data/applications/mimeinfo.cache",
            "[MIME Cache]\ntext/x-assoc-test=first.desktop;second.desktop;third.desktop;\n")
        try tree.write(
            "data/mime/packages/alias.xml",
            """
            <?xml version="1.0"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="text/x-assoc-test"><alias type="text/x-assoc-alias"/></mime-type>
            </mime-info>
            """ + "\n")
        try tree.installMIMEPackages([], dataDir: "data", compile: true)
        let answers = try defaults(tree)
        #expect(answers.gio == "third.desktop")
        if let realGIO = answers.realGIO { #expect(realGIO == "third.desktop", "gio itself") }
    }

    @Test("a misspelled group is reported on its line, and its lines count for nothing")
    func misspelledGroup() throws {
        let tree = try tree(list: "[Default applications]\ntext/x-assoc-test=second.desktop;\n")
        defer { withExtendedLifetime(tree) {} }
        let problems = checkProblems(tree)
        #expect(problems.map(\.kind) == [.misspelledGroup], "\(problems)")
        #expect(problems.first?.line == 1 && problems.first?.fix?.suggestion == "rename the group to [Default Applications]")
        #expect(try defaults(tree).spec == "first.desktop")
    }
}
