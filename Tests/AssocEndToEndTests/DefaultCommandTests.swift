import AssocTestSupport
import Foundation
import Testing

/// A small world: two PDF viewers, a text editor, lists in the user's config and the system data.
func applicationsWorld() throws -> (TemporaryXDGTree, [String: String]) {
    let tree = try TemporaryXDGTree()
    try tree.linkSystemMIMEDatabase()
    for (id, types) in [
        ("viewer.desktop", "application/pdf;"), ("other-viewer.desktop", "application/pdf;"),
        ("editor.desktop", "text/plain;"), ("browser.desktop", "x-scheme-handler/https;text/html;"),
    ] {
        try tree.write(
            "usr-share/applications/\(id)",
            """
            [Desktop Entry]
            Type=Application
            Name=\(id.dropLast(8).capitalized)
            Name[de]=Deutsch \(id.dropLast(8))
            Exec=true %f
            MimeType=\(types)
            """)
    }
    try tree.write("usr-share/applications/mimeapps.list", "[Default Applications]\napplication/pdf=viewer.desktop;\n")
    try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=missing.desktop;other-viewer.desktop;\n")
    var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
    variables["PATH"] = "/usr/bin:/bin"
    return (tree, variables)
}

@Suite("assoc default and assoc apps, run as a process", .enabled(if: hasSystemDatabase))
struct DefaultCommandTests {
    @Test("the user's list wins, a missing ID is passed over, an alias is resolved")
    func defaultForType() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(["default", "application/x-pdf"], environment: variables)
        #expect(result.status == 0)
        #expect(result.standardOutput == "other-viewer.desktop\n")
        let json = try ProcessRunner.assoc(["default", "--json", "application/pdf"], environment: variables)
        #expect(json.standardOutput == "{\"type\":\"application/pdf\",\"default\":\"other-viewer.desktop\"}\n")
    }

    @Test("defaults (with and without --all) lists an x-scheme-handler type an application declares, as default reports it")
    func defaultsListsSchemeHandlers() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let single = try ProcessRunner.assoc(["default", "x-scheme-handler/https"], environment: variables)
        #expect(single.standardOutput == "browser.desktop\n")
        for arguments in [["defaults"], ["defaults", "--all"]] {
            let result = try ProcessRunner.assoc(arguments, environment: variables)
            #expect(result.status == 0)
            let line = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("x-scheme-handler/https\t") }
            #expect(line?.split(separator: "\t").dropFirst().first == "browser.desktop", "\(arguments): \(result.standardOutput)")
        }
    }

    @Test("a path is typed first; a URL maps to its scheme handler; text/* falls back to text/plain")
    func pathsAndURLs() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let notes = try tree.write("notes.md", "# title\n")
        #expect(try ProcessRunner.assoc(["default", notes], environment: variables).standardOutput == "editor.desktop\n")
        #expect(
            try ProcessRunner.assoc(["default", "HTTPS://example.org/x"], environment: variables).standardOutput
                == "browser.desktop\n")
        let none = try ProcessRunner.assoc(["default", "image/png"], environment: variables)
        #expect(none.status == 1)
        #expect(none.standardError.contains("no default application for 'image/png'"))
        let json = try ProcessRunner.assoc(["default", "--json", "image/png"], environment: variables)
        #expect(json.status == 1 && json.standardOutput.contains("\"default\":null"))
    }

    @Test("apps lists default, recommended and fallback; with no argument every application")
    func apps() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let json = try ProcessRunner.assoc(["apps", "--json", "text/x-python"], environment: variables)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["default"] as? String == "editor.desktop")
        #expect(object["recommended"] as? [String] == [])
        #expect(object["fallback"] as? [String] == ["editor.desktop"])
        var german = variables
        german["LC_ALL"] = "de_DE.UTF-8"
        let all = try ProcessRunner.assoc(["apps"], environment: german)
        #expect(all.standardOutput.split(separator: "\n").count == 4)
        #expect(all.standardOutput.contains("viewer.desktop\tDeutsch viewer\tapplication/pdf"))
    }

    @Test("explain names every file consulted and why a candidate was passed over")
    func explain() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(["explain", "application/pdf"], environment: variables)
        #expect(result.standardOutput.contains("read \(tree.path("config/mimeapps.list")) (user config)"))
        #expect(result.standardOutput.contains("missing.desktop passed over: not installed"))
        #expect(result.standardOutput.contains("default: other-viewer.desktop"))
        #expect(result.standardOutput.contains("GIO agrees: other-viewer.desktop"))
    }

    @Test("a default that is not associated is passed over by the spec and taken by GIO, and explain says why")
    func associationCheck() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=editor.desktop;\n")
        #expect(
            try ProcessRunner.assoc(["default", "application/pdf"], environment: variables).standardOutput == "viewer.desktop\n")
        #expect(
            try ProcessRunner.assoc(["default", "--as", "gio", "application/pdf"], environment: variables).standardOutput
                == "editor.desktop\n")
        let explain = try ProcessRunner.assoc(["explain", "application/pdf"], environment: variables)
        #expect(explain.standardOutput.contains("GIO would choose: editor.desktop"))
        #expect(explain.standardOutput.contains("which the mime-apps specification requires (\"Default Application\")"))
        #expect(!explain.standardOutput.contains("SPECS"))
    }

    /// The default `gio mime TYPE` prints, nil when it prints none.
    private func gioDefault(_ type: String, _ variables: [String: String]) throws -> String? {
        let gio = try #require(Corpus.program("gio"))
        let output = try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Default application for") }),
            let colon = line.range(of: ": ", options: .backwards)
        else { return nil }
        return String(line[colon.upperBound...])
    }

    @Test(
        "--as gio and --as xdg-open ignore a per-file choice, as gio mime does; spec mode shows it and says only assoc honours it",
        .enabled(if: Corpus.program("gio") != nil && Corpus.program("xdg-mime") != nil))
    func perFileChoiceIsAssocsOwn() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("my report.pdf", "%PDF-1.4\n")
        #expect(try ProcessRunner.assoc(["set", "--file", file, "viewer.desktop"], environment: variables).status == 0)
        let typeDefault = try gioDefault("application/pdf", variables)
        #expect(typeDefault != nil && typeDefault != "viewer.desktop")
        let gio = try ProcessRunner.assoc(["default", "--as", "gio", file], environment: variables)
        #expect(gio.standardOutput == (typeDefault ?? "") + "\n")
        var generic = variables
        generic["XDG_CURRENT_DESKTOP"] = nil
        let xdgMime = try #require(Corpus.program("xdg-mime"))
        let xdg = try ProcessRunner.run(xdgMime, ["query", "default", "application/pdf"], environment: generic).standardOutput
        #expect(try ProcessRunner.assoc(["default", "--as", "xdg-open", file], environment: generic).standardOutput == xdg)
        let spec = try ProcessRunner.assoc(["default", file], environment: variables)
        #expect(spec.standardOutput == "viewer.desktop\n")
        #expect(spec.standardError.contains("only assoc honours it"))
    }

    @Test(
        "with no mimeinfo.cache, explain gives the reason GIO's own resolution gives, and GIO's answer is gio mime's",
        .enabled(if: Corpus.program("gio") != nil))
    func explainMissingCache() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let gio = try gioDefault("text/plain", variables)
        let explain = try ProcessRunner.assoc(["explain", "text/plain"], environment: variables).standardOutput
        #expect(explain.contains("default: editor.desktop"))
        #expect(
            explain.contains(
                "GIO would choose: \(gio ?? "no default") — GIO reads what the entries in "
                    + tree.path("usr-share/applications") + " declare only from its mimeinfo.cache"))
        #expect(!explain.contains("merges every directory's defaults"))
    }

    @Test("explain shows the three answers where they differ")
    func explainThreeAnswers() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        // The user's default is hidden: the spec passes over it, GIO's default lookup takes it, and
        // xdg-mime checks only its program.
        try tree.write(
            "data/applications/hidden.desktop",
            "[Desktop Entry]\nType=Application\nName=H\nExec=true\nHidden=true\nMimeType=application/pdf;\n")
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=hidden.desktop;\n")
        try tree.write(
            "usr-share/applications/mimeinfo.cache", "[MIME Cache]\napplication/pdf=other-viewer.desktop;viewer.desktop;\n")
        var generic = variables
        generic["XDG_CURRENT_DESKTOP"] = nil
        try FileManager.default.removeItem(atPath: tree.path("usr-share/applications/mimeapps.list"))
        try tree.write("usr-share/applications/defaults.list", "[Default Applications]\napplication/pdf=viewer.desktop;\n")
        let answers = try ["spec", "gio", "xdg-open"].map {
            try ProcessRunner.assoc(["default", "--as", $0, "application/pdf"], environment: generic).standardOutput
        }
        let explain = try ProcessRunner.assoc(["explain", "application/pdf"], environment: generic).standardOutput
        #expect(Set(answers).count > 1, "\(answers)")
        let names = answers.map { $0.trimmingCharacters(in: .newlines) }
        #expect(explain.contains("answers: \(names[0]) by the specification, \(names[1]) via GIO, \(names[2]) via xdg-open"))
    }
}
