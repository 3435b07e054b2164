import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@testable import Associations

/// The problems of the configuration of `tree`.
func checkProblems(_ tree: TemporaryXDGTree, variables: [String: String]? = nil) -> [ConfigurationProblem] {
    let environment = XDGEnvironment(variables ?? CheckFixtures.variables(tree))
    let resolver = AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
    return ConfigurationChecker(resolver: resolver).problems(summarized: false)
}

@Suite("assoc check finds every problem and nothing else", .enabled(if: CheckFixtures.available))
struct ConfigurationCheckTests {
    @Test("a sound configuration has no problem at all, not even a note")
    func clean() throws {
        let tree = try CheckFixtures.clean()
        defer { withExtendedLifetime(tree) {} }
        let problems = checkProblems(tree)
        #expect(problems.isEmpty, "\(problems.map(\.description))")
    }

    @Test("a data directory listed twice, once through a link, masks nothing of its own")
    func directoryListedTwice() throws {
        let tree = try CheckFixtures.clean()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.createSymbolicLink(atPath: tree.path("usr-share-again"), withDestinationPath: "usr-share")
        var variables = CheckFixtures.variables(tree)
        variables["XDG_DATA_DIRS"] = tree.path("usr-share") + ":" + tree.path("usr-share-again")
        let problems = checkProblems(tree, variables: variables)
        #expect(problems.isEmpty, "\(problems.map(\.description))")
    }

    @Test("one planted problem of each kind is found, in its file, on its line")
    func planted() throws {
        let tree = try CheckFixtures.planted()
        defer { withExtendedLifetime(tree) {} }
        let problems = checkProblems(tree)
        #expect(
            Set(problems.map(\.kind)) == Set(ProblemKind.allCases),
            "missing: \(Set(ProblemKind.allCases).subtracting(problems.map(\.kind)).map(\.rawValue))")
        for (kind, line) in CheckFixtures.plantedLines {
            #expect(
                problems.contains { $0.kind.rawValue == kind && $0.path == tree.path("config/mimeapps.list") && $0.line == line },
                "\(kind) is not reported on line \(line) of the user's list")
        }
        for (kind, file) in CheckFixtures.plantedFiles {
            #expect(
                problems.contains { $0.kind.rawValue == kind && $0.path == tree.path(file) }, "\(kind) is not reported in \(file)"
            )
        }
        // Everything planted is the user's own: nothing is played down to a note but masking.
        for problem in problems where problem.severity == .note {
            #expect(problem.kind == .duplicateID, "\(problem)")
        }
        #expect(problems.first { $0.kind == .addedAndRemoved }?.severity == .error)
        #expect(problems.first { $0.kind == .invalidID }?.message.contains("evince.deskto") == true)
    }

    @Test("the safe fixes are edits of the user's list or removals of leftovers; the rest are suggestions")
    func fixes() throws {
        let tree = try CheckFixtures.planted()
        defer { withExtendedLifetime(tree) {} }
        let automatic = checkProblems(tree).filter { $0.fix?.isAutomatic == true }
        #expect(
            Set(automatic.map(\.kind)) == [
                .aliasKey, .defaultNotAssociated, .addedAndRemoved, .leftoverTemporary,
                .defaultMissing, .associationMissing,
            ])
        let list = tree.path("config/mimeapps.list")
        #expect(automatic.filter { $0.kind != .leftoverTemporary }.allSatisfy { $0.fix?.file == list })
        #expect(
            automatic.filter { $0.kind == .leftoverTemporary }.map(\.fix?.removal)
                == [tree.path("config/.mimeapps.list.assoc-Ab12Cd")])
        let edits = automatic.compactMap(\.fix?.edit)
        #expect(edits.contains(.canonicalizeKey(type: "application/pdf")))
        #expect(edits.contains(.add(type: "application/zip", app: "editor.desktop")))
        #expect(edits.contains(.add(type: "application/xml", app: "editor.desktop")))
        #expect(edits.contains(.forget(type: "text/plain", app: "missing.desktop")))
        #expect(edits.contains(.forget(type: "text/csv", app: "gone.desktop")))
    }

    @Test("a problem in a distribution's file is a note, unless it is an error of the file")
    func systemFilesAreNotes() throws {
        let tree = try CheckFixtures.clean()
        defer { withExtendedLifetime(tree) {} }
        try tree.write(
            "usr-share/applications/mimeapps.list",
            "[Default Applications]\ntext/plain=gone.desktop;\nimage/x-bmp=other.desktop;\ntext/html=typo.deskto;\n")
        let problems = checkProblems(tree)
        // other.desktop declares image/png, not image/bmp: not associated either.
        #expect(problems.map(\.kind) == [.defaultMissing, .aliasKey, .defaultNotAssociated, .invalidID])
        #expect(problems.map(\.severity) == [.note, .note, .note, .error])
        #expect(problems.allSatisfy { $0.fix?.isAutomatic != true }, "assoc writes only the user's lists")
    }

    @Test("many problems of one kind in one file are counted, not listed, and --fix still sees them all")
    func summaries() throws {
        let tree = try CheckFixtures.clean()
        defer { withExtendedLifetime(tree) {} }
        let keys = (0..<30).map {
            "[Default Applications]\napplication/x-pdf=viewer.desktop;\ntext/x-t\($0)=gone\($0).desktop;\n"
        }
        try tree.write("config/mimeapps.list", keys.joined())
        let environment = XDGEnvironment(CheckFixtures.variables(tree))
        let checker = ConfigurationChecker(
            resolver: AssociationResolver(
                environment: environment,
                database: MIMEDatabase(environment: environment)))
        let all = checker.problems(summarized: false)
        #expect(all.filter { $0.kind == .defaultMissing }.count == 30)
        #expect(all.filter { $0.kind == .aliasKey && $0.fix?.isAutomatic == true }.count == 30)
        let shown = checker.problems()
        #expect(shown.filter { $0.kind == .defaultMissing }.count == ConfigurationChecker.problemsShownPerKind + 1)
        #expect(shown.last { $0.kind == .defaultMissing }?.message == "10 more problems like these")
    }

    @Test(
        "Exec rules: each broken rule is one finding",
        arguments: [
            ("true %f", []), ("true %%f %F", []), ("true %x", ["exec-field-code"]), ("true %f %u", ["exec-file-codes"]),
            ("true --file=%F", ["exec-field-code"]), ("true \"%f\"", ["exec-field-code"]), ("true %", ["exec-field-code"]),
            ("true %m %f", ["exec-field-code"]), ("\"true", ["exec-syntax"]),
            ("true %x %f %U", ["exec-field-code", "exec-file-codes"]),
        ] as [(String, [String])])
    func execRules(exec: String, kinds: [String]) {
        #expect(ExecLineCheck.findings(exec).map(\.kind.rawValue) == kinds)
    }
}

@Suite("assoc check on the Debian corpus", .enabled(if: canBuildWorld))
struct CorpusCheckTests {
    @Test("it reports the real problems: Cinnamon's evince.deskto, eom's image/x-MS-bmp, GNOME's alias keys")
    func realProblems() throws {
        let world = try CorpusWorld(mimeInfoCache: true)
        let problems = checkProblems(world.tree, variables: world.variables(desktop: "X-Cinnamon:GNOME"))
        let cinnamon = world.tree.path("usr-share/applications/x-cinnamon-mimeapps.list")
        #expect(
            problems.contains {
                $0.kind == .invalidID && $0.path == cinnamon && $0.line == 9
                    && $0.message.contains("'evince.deskto'") && $0.severity == .error
            })
        #expect(
            problems.contains {
                $0.kind == .entryAliasType && $0.path.hasSuffix("/eom.desktop")
                    && $0.message.contains("'image/x-MS-bmp'") && $0.line != nil
            })
        #expect(problems.contains { $0.kind == .aliasKey && $0.path.hasSuffix("/gnome-mimeapps.list") })
        // With a stub on PATH for every program the entries name, only absolute paths are missing.
        for problem in problems where problem.kind == .defaultProgramMissing || problem.kind == .defaultTryExec {
            #expect(problem.message.contains("'/"), "\(problem)")
        }
        // Nothing in the corpus is the user's: only the outright errors are errors.
        #expect(
            problems.filter { $0.severity == .error }.allSatisfy { $0.kind == .invalidID || $0.kind.rawValue.hasPrefix("exec-") })
        #expect(!problems.contains { $0.severity == .warning })
    }
}
