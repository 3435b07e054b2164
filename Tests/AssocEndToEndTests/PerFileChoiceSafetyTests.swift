import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// The launch world with `viewer.desktop` the default for PDF, `interp.desktop` whose Exec is
/// `/bin/sh`, and a downloaded
/// `report.pdf` that is a shell script creating the canary, carrying a planted
/// `user.assoc.open-with` and an origin.
func plantedChoiceWorld(interpTypes: String) throws -> (
    TemporaryXDGTree, [String: String], report: String
) {
    let (tree, variables) = try launchWorld()
    try installEntry(tree, "interp.desktop", "Exec=/bin/sh\nMimeType=\(interpTypes)")
    try tree.write(
        "config/mimeapps.list", "[Default Applications]\napplication/pdf=viewer.desktop;\n")
    let report = try tree.write("Downloads/report.pdf", "touch '\(canaryFile(tree))'\n")
    try ExtendedAttributes.set("user.assoc.open-with", to: "interp.desktop", on: report)
    try ExtendedAttributes.set("user.xdg.origin.url", to: "https://evil/", on: report)
    return (tree, variables, report)
}

@Suite(
    "a per-file choice decides only what the user chose, run as a process",
    .enabled(if: hasSystemDatabase && Corpus.temporaryDirectoryHasAttributes))
struct PerFileChoiceSafetyTests {
    @Test("an application that does not declare the type is never run for it, --strict or not")
    func undeclaredType() throws {
        let (tree, variables, report) = try plantedChoiceWorld(
            interpTypes: "text/x-assoc-other;")
        defer { withExtendedLifetime(tree) {} }
        for extra in [["--strict"], []] {
            let result = try ProcessRunner.assoc(["open"] + extra + [report], environment: variables)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(
                result.standardError.contains(
                    "the per-file choice for '\(report)': 'interp.desktop' (from the user.assoc.open-with attribute) is ignored"
                ))
            #expect(
                result.standardError.contains("declares neither application/pdf"), "\(result.standardError)"
            )
        }
        #expect(recorded(tree, "viewer")?.first == FileURL.url(forAbsolutePath: report))
        expectNothingRan(tree)
    }

    @Test(
        "on a download, a planted choice is ignored until the user confirms it; --strict ignores it still"
    )
    func downloadNeedsConfirmation() throws {
        let (tree, variables, report) = try plantedChoiceWorld(interpTypes: "application/pdf;")
        defer { withExtendedLifetime(tree) {} }
        let planted = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", report], environment: variables)
        #expect(try plans(planted).first?["app"] as? String == "viewer.desktop")
        #expect(
            planted.standardError.contains("downloaded from https://evil/"), "\(planted.standardError)")
        #expect(
            planted.standardError.contains("confirm it with: assoc set --file \(report) interp.desktop"))
        let explained = try ProcessRunner.assoc(["explain", report], environment: variables)
        #expect(
            explained.standardOutput.contains(
                "per-file choice: 'interp.desktop' (from the user.assoc.open-with attribute) is ignored: the file was downloaded from https://evil/"
            ),
            "\(explained.standardOutput)")
        let confirmed = try ProcessRunner.assoc(
            ["set", "--file", report, "interp.desktop"], environment: variables)
        #expect(confirmed.status == 0, "\(confirmed.standardError)")
        let chosen = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", report], environment: variables)
        #expect(
            try plans(chosen).first?["app"] as? String == "interp.desktop", "\(chosen.standardError)")
        #expect(
            try ProcessRunner.assoc(["explain", report], environment: variables).standardOutput
                .contains(
                    "per-file choice: interp.desktop (from the user.assoc.open-with attribute); it comes before any default"
                ))
        let strict = try ProcessRunner.assoc(
            ["open", "--strict", "--dry-run", "--json", report], environment: variables)
        #expect(try plans(strict).first?["app"] as? String == "viewer.desktop")
        #expect(
            strict.standardError.contains("--strict uses no per-file choice"), "\(strict.standardError)")
        expectNothingRan(tree)
    }

    @Test("a downloaded script is not run by a handler nobody chose; a listed default is a choice")
    func downloadedProgram() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let stub = try canaryScript(tree, "bin/interp-stub")
        try installEntry(tree, "interp.desktop", "Exec=\(stub) %f\nMimeType=application/x-shellscript;")
        let script = try tree.write("Downloads/run.sh", "echo hello\n")
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://evil/", on: script)
        let refused = try ProcessRunner.assoc(["open", script], environment: variables)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "downloaded from https://evil/, and 'interp.desktop' would open it only because it declares that type"
            ),
            "\(refused.standardError)")
        expectNothingRan(tree)
        try tree.write(
            "config/mimeapps.list", "[Default Applications]\napplication/x-shellscript=interp.desktop;\n")
        let chosen = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", script], environment: variables)
        #expect(
            try plans(chosen).first?["app"] as? String == "interp.desktop", "\(chosen.standardError)")
    }

    @Test("assoc set --file refuses an application that does not declare the file's type")
    func setRefusesUndeclared() throws {
        let (tree, variables, report) = try plantedChoiceWorld(interpTypes: "text/x-assoc-other;")
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(
            ["set", "--file", report, "interp.desktop"], environment: variables)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("'interp.desktop' declares neither application/pdf"),
            "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: tree.path("state/assoc/open-with.list")))
    }
}
