import AssocTestSupport
import Foundation
import Testing

@testable import AssocCLI

/// Every command that writes a list goes through `DefaultsEditor`: one set of refusals, and an
/// edit that takes something away never needs the type to exist.
@Suite("one edit use case for every writer", .enabled(if: hasSystemDatabase))
struct OneEditUseCaseTests {
    /// A world with a usable viewer, a rule for `.pdf`, and a user list GLib refuses at line 1
    /// (a key before any group) that also carries an alias key `check --fix` would rewrite.
    static func ignoredListWorld() throws -> (TemporaryXDGTree, [String: String], String) {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "usr-share/applications/viewer.desktop",
            "[Desktop Entry]\nType=Application\nName=Viewer\nExec=true %f\nMimeType=application/pdf;\n")
        try tree.write("config/assoc/rules.list", "[Rules]\n.pdf=viewer.desktop;\n")
        let list = "application/pdf=viewer.desktop;\n[Default Applications]\napplication/x-pdf=viewer.desktop;\n"
        try tree.write("config/mimeapps.list", list)
        var variables = tree.variables(dataDirs: ["usr-share", "/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        return (tree, variables, list)
    }

    static func list(_ tree: TemporaryXDGTree) -> String {
        (try? String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)) ?? ""
    }

    @Test("set, sync and check --fix refuse a list GIO ignores with the same message, and write nothing")
    func sameRefusal() throws {
        let (tree, variables, original) = try Self.ignoredListWorld()
        let refusal =
            "mimeapps.list:1: GIO ignores this whole list (a key before any [Group] header); "
            + "correct that line first; nothing was written"
        for arguments in [["set", "application/pdf", "viewer.desktop"], ["sync"], ["check", "--fix"]] {
            let run = runCLI(arguments, environment: variables)
            #expect(run.status == 2, "\(arguments): \(run.standardError)")
            #expect(
                run.standardError.split(separator: "\n").contains { $0.hasPrefix("assoc: ") && $0.hasSuffix(refusal) },
                "\(arguments): \(run.standardError)")
            #expect(Self.list(tree) == original, "\(arguments) changed the list")
        }
    }

    @Test("a dry run refuses the same list instead of showing a change GIO would ignore")
    func dryRunRefuses() throws {
        let (tree, variables, original) = try Self.ignoredListWorld()
        let run = runCLI(["set", "--dry-run", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(run.status == 2 && run.standardError.contains("GIO ignores this whole list"), "\(run.standardError)")
        #expect(Self.list(tree) == original)
    }

    @Test(
        "unset, remove and reset take back a type the database does not know, without --force",
        arguments: [
            (
                ["unset", "application/x-assoc-made-up"],
                "application/x-assoc-made-up=viewer.desktop; (in [Default Applications])"
            ),
            (["reset", "application/x-assoc-made-up"], "application/x-assoc-made-up=viewer.desktop; (in [Added Associations])"),
            (
                ["remove", "application/x-assoc-made-up", "viewer.desktop"],
                "application/x-assoc-made-up=viewer.desktop; (in [Added Associations])"
            ),
        ])
    func takingAwayNeedsNoType(arguments: [String], removedLine: String) throws {
        let (tree, variables, _) = try Self.ignoredListWorld()
        try tree.write("config/mimeapps.list", "")
        let set = runCLI(["set", "--force", "application/x-assoc-made-up", "viewer.desktop"], environment: variables)
        #expect(set.status == 0, "\(set.standardError)")
        let run = runCLI(arguments, environment: variables)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("  - " + removedLine), "\(run.standardOutput)")
        #expect(!run.standardError.contains("--force"), "\(run.standardError)")
    }

    @Test("adding to an unknown type is still refused without --force")
    func addingNeedsAType() throws {
        let (tree, variables, _) = try Self.ignoredListWorld()
        try tree.write("config/mimeapps.list", "")
        let run = runCLI(["add", "application/x-assoc-made-up", "viewer.desktop"], environment: variables)
        #expect(run.status == 2 && run.standardError.contains("--force writes it anyway"), "\(run.standardError)")
        #expect(Self.list(tree).isEmpty)
    }
}
