import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing

@testable import AssocCLI

/// Edits that say exactly what they did and refuse what would not work (issue 16, "Edits").
@Suite("edits that say what they did", .enabled(if: hasSystemDatabase))
struct EditReportTests {
    /// A world with a usable viewer, a hidden one, and an entry declaring a type the database lacks.
    static func world() throws -> (TemporaryXDGTree, [String: String]) {
        let tree = try TemporaryXDGTree()
        func entry(_ id: String, _ types: String, _ extra: String = "") throws {
            try tree.write(
                "usr-share/applications/\(id)",
                "[Desktop Entry]\nType=Application\nName=\(id)\nExec=true %f\nMimeType=\(types)\n\(extra)")
        }
        try entry("viewer.desktop", "application/pdf;image/png;image/jpeg;")
        try entry("other.desktop", "application/pdf;")
        try entry("hidden.desktop", "application/pdf;", "Hidden=true\n")
        try entry("declares.desktop", "application/x-assoc-declared;")
        var variables = tree.variables(dataDirs: ["usr-share", "/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        return (tree, variables)
    }

    static func list(_ tree: TemporaryXDGTree) -> String {
        (try? String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)) ?? ""
    }

    @Test("a type the database does not know is refused with the nearest, unless declared, a scheme, or --force")
    func unknownTypes() throws {
        let (tree, variables) = try Self.world()
        let typo = runCLI(["set", "aplication/pdf", "viewer.desktop"], environment: variables)
        #expect(typo.status == 2 && typo.standardError.contains("did you mean 'application/pdf'?"), "\(typo.standardError)")
        #expect(Self.list(tree).isEmpty)
        #expect(runCLI(["set", "--force", "aplication/pdf", "viewer.desktop"], environment: variables).status == 0)
        #expect(Self.list(tree).contains("aplication/pdf=viewer.desktop;"))
        #expect(runCLI(["set", "x-scheme-handler/assoc-test", "viewer.desktop"], environment: variables).status == 0)
        #expect(runCLI(["add", "application/x-assoc-declared", "viewer.desktop"], environment: variables).status == 0)
    }

    @Test("a key that would read back as another key or a comment is refused", arguments: ["a/b=c", "#x/y", "a/b[x]", "a /b"])
    func invalidKeys(key: String) throws {
        let (tree, variables) = try Self.world()
        let run = runCLI(["set", "--force", key, "viewer.desktop"], environment: variables)
        #expect(
            run.status == 2 && (run.standardError.contains("RFC 6838") || run.standardError.contains("'['")),
            "\(run.standardError)")
        #expect(Self.list(tree).isEmpty)
    }

    @Test("every type of the database is a name set may write")
    func databaseNamesAreWritable() throws {
        let (tree, variables) = try Self.world()
        defer { withExtendedLifetime(tree) {} }
        let types = runCLI(["__complete", "mime-type"], environment: variables).standardOutput.split(separator: "\n")
        #expect(types.count > 500)
        for type in types { #expect(MIMETypeName.isRestrictedName(String(type)), "\(type)") }
    }

    @Test("an application that cannot be used is refused with the reason, unless --force")
    func unusableApplication() throws {
        let (tree, variables) = try Self.world()
        let hidden = runCLI(["set", "application/pdf", "hidden.desktop"], environment: variables)
        #expect(hidden.status == 2 && hidden.standardError.contains("Hidden"), "\(hidden.standardError)")
        #expect(Self.list(tree).isEmpty)
        #expect(runCLI(["set", "--force", "application/pdf", "hidden.desktop"], environment: variables).status == 0)
    }

    @Test("set prints the lines it changed, then each default before and after; again, nothing to change")
    func setReport() throws {
        let (tree, variables) = try Self.world()
        let first = runCLI(["set", "application/pdf", "viewer.desktop"], environment: variables)
        let path = tree.path("config/mimeapps.list")
        #expect(first.standardOutput.contains("\(path):\n"))
        #expect(first.standardOutput.contains("  + application/pdf=viewer.desktop; (in [Default Applications])"))
        #expect(first.standardOutput.contains("  + application/pdf=viewer.desktop; (in [Added Associations])"))
        #expect(
            first.standardOutput.contains("application/pdf: other.desktop → viewer.desktop")
                || first.standardOutput.contains("application/pdf: viewer.desktop → viewer.desktop"), "\(first.standardOutput)")
        let second = runCLI(["set", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(second.standardOutput.contains("\(path): nothing to change"))
        let removed = runCLI(["remove", "application/pdf", "other.desktop"], environment: variables)
        #expect(removed.standardOutput.contains("application/pdf: other.desktop is no longer associated"))
        #expect(!removed.standardOutput.contains("→"))
    }

    @Test("where GIO would answer otherwise, the report shows GIO's answers too")
    func gioReport() throws {
        let (tree, variables) = try Self.world()
        // A default that is not associated: GIO takes it, the specification does not.
        try tree.write("config/mimeapps.list", "[Removed Associations]\napplication/pdf=other.desktop;\n")
        let run = runCLI(["add", "--dry-run", "image/png", "viewer.desktop"], environment: variables)
        #expect(run.status == 0)
        try tree.write(
            "config/mimeapps.list",
            "[Default Applications]\napplication/pdf=other.desktop;\n"
                + "[Removed Associations]\napplication/pdf=other.desktop;\n")
        let unset = runCLI(["unset", "application/pdf"], environment: variables)
        #expect(unset.standardOutput.contains("application/pdf (as GIO sees it): other.desktop →"), "\(unset.standardOutput)")
    }

    @Test("unset and reset of a wildcard forget its rule, so sync does not bring it back; brackets are refused")
    func rules() throws {
        let (tree, variables) = try Self.world()
        #expect(runCLI(["set", "image/*", "viewer.desktop"], environment: variables).status == 0)
        let sync = runCLI(["sync"], environment: variables)
        #expect(
            sync.standardOutput.contains("rule 'image/*=viewer.desktop': 2 types: image/jpeg, image/png"),
            "\(sync.standardOutput)")
        let reset = runCLI(["reset", "image/*"], environment: variables)
        #expect(reset.standardOutput.contains("forgot the rule 'image/*'"))
        #expect(runCLI(["sync"], environment: variables).standardOutput.contains("no rules to apply"))
        #expect(!Self.list(tree).contains("image/png"))
        for pattern in ["image/*[g]", "[i]mage/p*"] {
            let run = runCLI(["set", pattern, "viewer.desktop"], environment: variables)
            #expect(run.status == 2 && run.standardError.contains("'['"), "\(run.standardError)")
        }
    }

    @Test("check reports an association to an application that is gone, and --fix takes it out")
    func missingAssociation() throws {
        let (tree, variables) = try Self.world()
        try tree.write(
            "config/mimeapps.list",
            "[Default Applications]\napplication/pdf=gone.desktop;viewer.desktop;\n\n"
                + "[Added Associations]\napplication/pdf=gone.desktop;viewer.desktop;\n")
        let check = runCLI(["check", "--json"], environment: variables)
        #expect(check.standardOutput.contains("\"association-missing\""))
        #expect(check.standardOutput.contains("\"default-missing\""))
        _ = runCLI(["check", "--fix"], environment: variables)
        #expect(
            Self.list(tree) == "[Default Applications]\napplication/pdf=viewer.desktop;\n\n"
                + "[Added Associations]\napplication/pdf=viewer.desktop;\n")
    }

    @Test("a new list gets the mode the umask gives; an existing one keeps its mode")
    func listMode() throws {
        let (tree, variables) = try Self.world()
        let shell = "umask 027; exec '\(ProcessRunner.assocExecutable)' add application/pdf viewer.desktop"
        #expect(try ProcessRunner.run("/bin/sh", ["-c", shell], environment: variables).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: tree.path("config/mimeapps.list"))[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(chmod(tree.path("config/mimeapps.list"), 0o604) == 0)
        #expect(
            try ProcessRunner.run(
                "/bin/sh", ["-c", shell.replacingOccurrences(of: "add", with: "set")],
                environment: variables
            ).status == 0)
        let kept = try FileManager.default.attributesOfItem(atPath: tree.path("config/mimeapps.list"))[.posixPermissions] as? Int
        #expect(kept == 0o604)
    }
}
