import AssocTestSupport
import Foundation
import Testing

@Suite("assoc defaults and assoc apps --of, in-process", .enabled(if: hasSystemDatabase))
struct DefaultsCommandTests {
    func world() throws -> (TemporaryXDGTree, [String: String]) {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "data/applications/viewer.desktop",
            "[Desktop Entry]\nType=Application\nName=Viewer\nExec=true %f\nMimeType=application/pdf;image/png;\n")
        try tree.write("config/mimeapps.list", "# mine\n[Default Applications]\napplication/pdf=viewer.desktop;\n")
        var variables = tree.variables(dataDirs: ["/usr/share"])
        variables["PATH"] = "/usr/bin:/bin"
        return (tree, variables)
    }

    @Test("defaults names the file and line a default comes from, and the desktop entry for an association")
    func defaultsWithOrigin() throws {
        let (tree, variables) = try world()
        let run = runCLI(["defaults"], environment: variables)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("application/pdf\tviewer.desktop\t\(tree.path("config/mimeapps.list")):3"))
        #expect(lines.contains("image/png\tviewer.desktop\t\(tree.path("data/applications/viewer.desktop"))"))
        let json = runCLI(["defaults", "--json"], environment: variables)
        #expect(
            json.standardOutput.contains(
                "{\"type\":\"application/pdf\",\"default\":\"viewer.desktop\",\"path\":\"\(tree.path("config/mimeapps.list"))\",\"line\":3}"
            ))
        let all = runCLI(["defaults", "--all"], environment: variables)
        #expect(all.standardOutput.contains("audio/ogg\t(none)\t\n"))
    }

    @Test("apps --of lists the types an application declares and those it is the default for")
    func appsOf() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        let run = runCLI(["apps", "--of", "viewer"], environment: variables)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("declares application/pdf\ndeclares image/png\n"))
        #expect(run.standardOutput.contains("default application/pdf\n") && run.standardOutput.contains("default image/png\n"))
        let json = runCLI(["apps", "--json", "--of", "viewer.desktop"], environment: variables)
        #expect(
            json.standardOutput.hasPrefix(
                "{\"id\":\"viewer.desktop\",\"declares\":[\"application/pdf\",\"image/png\"],\"defaultFor\":["))
    }

    @Test(
        "pick and choose refuse what makes no sense before any screen starts",
        arguments: [
            ["pick", "--mode", "import"], ["pick", "--mode", "export"], ["pick", "--mode", "save", "x"],
            ["pick", "-0", "--json"],
            ["pick", "--mode", "sideways"], ["choose"], ["choose", "--type", "text/plain"],
        ])
    func usageErrors(arguments: [String]) throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        let run = runCLI(arguments, environment: variables)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("assoc: "))
    }
}
