import AssocTestSupport
import Foundation
import Testing

/// `assoc pick --portal-request` and `assoc choose --portal-request` in a real terminal, the test
/// playing `assoc portal`: it writes the request, listens on the answer socket, drives the keys
/// and reads the answer line.
@Suite(
    "the portal's dialogs in a real terminal (tmux)",
    .enabled(
        if: TmuxSession.isAvailable && hasSystemDatabase && mimeDetectionSamples != nil,
        "tmux, the MIME database or the corpus is absent"))
struct PortalDialogScreenTests {
    /// A folder of corpus files, plus a PNG whose name is in capitals (the glob is case-sensitive).
    func documents(_ tree: TemporaryXDGTree) throws -> String {
        let samples = try #require(mimeDetectionSamples)
        for name in ["README.pdf", "test.png", "img_5304.jpg", "test.py", "text-utf8.txt", "test.gif"] {
            try tree.copy(samples + "/" + name, to: "docs/" + name)
        }
        try tree.copy(samples + "/test.png", to: "docs/SHOUT.PNG")
        return tree.path("docs")
    }

    func dialog(_ command: String, _ service: PortalTestService, tree: TemporaryXDGTree, environment: [String: String]? = nil)
        throws -> TmuxSession
    {
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, command, "--portal-request", service.requestPath],
            environment: environment ?? screenEnvironment(tree), directory: tree.root, columns: 120)
        // The dialog connects before it draws anything.
        try service.accept()
        return session
    }

    @Test("OpenFile with the issue's filters: Tab to Images, where *.png is case-sensitive; exactly the URI chosen comes back")
    func openFileWithFilters() throws {
        let tree = try TemporaryXDGTree()
        let folder = try documents(tree)
        let service = try PortalTestService(
            tree,
            request: [
                "kind": "open-file", "title": "Attach a file", "accept_label": "_Attach", "filters": requestFilters(issueFilters),
                "current_folder": folder,
            ])
        let session = try dialog("pick", service, tree: tree)
        var screen = try session.waitFor("Enter: Attach")
        #expect(screen.contains("Attach a file") && screen.contains("filter 1/2: PDF"), "\(screen)")
        #expect(row("README.pdf", in: screen)?.contains("unavailable") == false, "\(screen)")
        #expect(row("test.png", in: screen) == nil && screen.contains("more not shown"), "\(screen)")
        try session.send("a")
        screen = try session.waitFor("unavailable documents shown")
        #expect(row("test.png", in: screen)?.contains("unavailable") == true, "\(screen)")
        try session.send("Tab")
        screen = try session.waitFor("filter 2/2: Images")
        #expect(row("README.pdf", in: screen)?.contains("unavailable") == true, "\(screen)")
        #expect(row("test.png", in: screen)?.contains("unavailable") == false, "\(screen)")
        #expect(row("img_5304.jpg", in: screen)?.contains("unavailable") == false, "a JPEG by type: \(screen)")
        #expect(row("test.gif", in: screen)?.contains("unavailable") == true, "neither glob nor type: \(screen)")
        #expect(row("SHOUT.PNG", in: screen)?.contains("unavailable") == true, "*.png is case-sensitive: \(screen)")
        try session.send("/")
        try session.send("test.png", literal: true)
        try session.send("Enter")
        try session.waitFor("matching 'test.png'")
        try session.send("Enter")
        let answer = try service.answer()
        #expect(answer["response"] as? Int == 0)
        #expect(answer["uris"] as? [String] == [fileURI(folder + "/test.png")])
        #expect(answer["current_filter"] as? Int == 1)
        #expect(answer["writable"] as? Bool == true)
        let result = try session.waitForExit()
        #expect(result.status == 0 && result.standardOutput.isEmpty, "\(result.standardError)")
    }

    @Test("Esc answers exactly {\"response\":1} and exits 1")
    func cancel() throws {
        let tree = try TemporaryXDGTree()
        let folder = try documents(tree)
        let service = try PortalTestService(tree, request: ["kind": "open-file", "current_folder": folder])
        let session = try dialog("pick", service, tree: tree)
        try session.waitFor("Enter: Open")
        try session.send("Escape")
        #expect(try service.readUntilClosed() == ["{\"response\":1}"])
        #expect(try session.waitForExit().status == 1)
    }

    @Test("a close line from the service ends the dialog at once, without an answer")
    func closeLine() throws {
        let tree = try TemporaryXDGTree()
        let folder = try documents(tree)
        let service = try PortalTestService(tree, request: ["kind": "open-file", "current_folder": folder])
        let session = try dialog("pick", service, tree: tree)
        try session.waitFor("Enter: Open")
        try service.send(["close": true])
        #expect(try service.readUntilClosed(timeout: 5).isEmpty)
        #expect(try session.waitForExit(timeout: 5).status == 1)
    }

    @Test("SaveFile: a new current_name is answered as the path in the folder; an existing name asks to confirm first")
    func saveFile() throws {
        let tree = try TemporaryXDGTree()
        let folder = try documents(tree)
        let fresh = try PortalTestService(
            tree, request: ["kind": "save-file", "current_name": "notes.txt", "current_folder": folder, "accept_label": "_Save"])
        var session = try dialog("pick", fresh, tree: tree)
        var screen = try session.waitFor("Enter: Save")
        #expect(screen.contains("[Save]  " + folder), "the action row has the accept label: \(screen)")
        try session.send("Enter")
        var answer = try fresh.answer()
        #expect(answer["response"] as? Int == 0 && answer["uris"] as? [String] == [fileURI(folder + "/notes.txt")])
        #expect(answer["writable"] as? Bool == false)
        #expect(!FileManager.default.fileExists(atPath: folder + "/notes.txt"), "nothing is written")

        let taken = try PortalTestService(tree, request: ["kind": "save-file", "current_file": folder + "/test.py"])
        session = try dialog("pick", taken, tree: tree)
        screen = try session.waitFor("Enter: Save here")
        #expect(screen.contains("name: test.py"), "current_file gives the name and the folder: \(screen)")
        try session.send("Enter")
        try session.waitFor("Replace it? (y/n)")
        try session.send("y")
        answer = try taken.answer()
        #expect(answer["uris"] as? [String] == [fileURI(folder + "/test.py")])
    }

    @Test("SaveFiles: one URI per file in the chosen folder, each existing one confirmed")
    func saveFiles() throws {
        let tree = try TemporaryXDGTree()
        let folder = try documents(tree)
        let service = try PortalTestService(
            tree, request: ["kind": "save-files", "files": ["new.txt", "README.pdf", "test.png"], "current_folder": folder])
        let session = try dialog("pick", service, tree: tree)
        try session.waitFor("Enter: Save here")
        try session.send("Enter")
        try session.waitFor("'README.pdf' exists here. Replace it? (y/n)")
        try session.send("y")
        try session.waitFor("'test.png' exists here. Replace it? (y/n)")
        try session.send("y")
        let answer = try service.answer()
        #expect(answer["uris"] as? [String] == ["new.txt", "README.pdf", "test.png"].map { fileURI(folder + "/" + $0) })
    }

    @Test("choices are shown, changed with o, and returned; the filter in use comes back as current_filter")
    func choicesRoundTrip() throws {
        let tree = try TemporaryXDGTree()
        let folder = try documents(tree)
        let choices: [[String: Any]] = [
            [
                "id": "encoding", "label": "_Encoding",
                "options": [["id": "utf8", "label": "UTF-8"], ["id": "latin1", "label": "Latin-1"]], "initial": "latin1",
            ],
            ["id": "readonly", "label": "Read only", "options": [], "initial": "false"],
        ]
        let service = try PortalTestService(
            tree,
            request: [
                "kind": "open-file", "filters": requestFilters(issueFilters), "current_filter": 1, "choices": choices,
                "current_folder": folder,
            ])
        let session = try dialog("pick", service, tree: tree)
        var screen = try session.waitFor("o options: Encoding: Latin-1  [ ] Read only")
        #expect(screen.contains("filter 2/2: Images"), "current_filter is the filter shown first: \(screen)")
        try session.send("o")
        try session.send("Right")
        try session.send("Tab")
        try session.send("Space")
        screen = try session.waitFor("Options: Encoding: UTF-8  >[x] Read only<")
        try session.send("Enter")
        try session.waitFor("o options: Encoding: UTF-8  [x] Read only")
        try session.send("/")
        try session.send("img_5304", literal: true)
        try session.send("Enter")
        try session.send("Enter")
        let answer = try service.answer()
        #expect(answer["uris"] as? [String] == [fileURI(folder + "/img_5304.jpg")])
        let values = try #require(answer["choices"] as? [[String: String]])
        #expect(values == [["id": "encoding", "value": "utf8"], ["id": "readonly", "value": "true"]])
        #expect(answer["current_filter"] as? Int == 1)
    }

    @Test(
        "ChooseApplication offers exactly the applications sent, the last choice highlighted; update_choices replaces them in place; d answers and makes gio mime report it",
        .enabled(if: Corpus.program("gio") != nil, "gio is not installed"))
    func chooseApplication() throws {
        let (tree, variables) = try applicationsWorld()
        try tree.write(
            "usr-share/applications/second-browser.desktop",
            "[Desktop Entry]\nType=Application\nName=Second Browser\nExec=true %u\nMimeType=x-scheme-handler/https;\n")
        let gio = try #require(Corpus.program("gio"))
        let before = try ProcessRunner.run(gio, ["mime", "x-scheme-handler/https"], environment: variables)
        #expect(!before.standardOutput.contains("Default application for “x-scheme-handler/https”: second-browser.desktop"))
        let service = try PortalTestService(
            tree,
            request: [
                "kind": "choose-application", "applications": ["viewer", "browser"], "last_choice": "browser",
                "content_type": "x-scheme-handler/https", "uri": "https://example.org/",
            ])
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let session = try dialog("choose", service, tree: tree, environment: environment)
        var screen = try session.waitFor("q cancel")
        var rows = screen.split(separator: "\n").map(String.init)
        #expect(rows[0].contains("https://example.org/") && rows[0].contains("x-scheme-handler/https"), "\(screen)")
        #expect(rows[2].hasPrefix("  Viewer") && rows[3].hasPrefix("> Browser"), "\(screen)")
        #expect(!screen.contains("All applications…") && !screen.contains("Editor"), "exactly the two sent: \(screen)")
        #expect(screen.contains("Enter choose") && screen.contains("d always use this app"))
        try service.send(["update_choices": ["editor", "browser", "second-browser"]])
        screen = try session.waitFor("Second Browser")
        rows = screen.split(separator: "\n").map(String.init)
        #expect(
            rows[2].hasPrefix("  Editor") && rows[3].hasPrefix("> Browser") && rows[4].hasPrefix("  Second Browser"), "\(screen)")
        #expect(!screen.contains("Viewer"), "\(screen)")
        try session.send("Down")
        try session.send("d")
        let answer = try service.answer()
        #expect(answer["response"] as? Int == 0 && answer["choice"] as? String == "second-browser")
        #expect(try session.waitForExit().status == 0)
        let after = try ProcessRunner.run(gio, ["mime", "x-scheme-handler/https"], environment: variables)
        #expect(
            after.standardOutput.split(separator: "\n").first?.hasSuffix(": second-browser.desktop") == true,
            "gio says \(after.standardOutput)")
    }

    @Test("a request that cannot be read, or is for the other dialog, is refused naming the file; the service hears response 2")
    func badRequests() throws {
        let tree = try TemporaryXDGTree()
        let broken = try PortalTestService.requestDirectory(tree) + "/request.json"
        try Data("{\"kind\":\"open-file\",".utf8).write(to: URL(fileURLWithPath: broken))
        let result = try ProcessRunner.assoc(["pick", "--portal-request", broken], environment: screenEnvironment(tree))
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(broken) && result.standardError.contains("invalid JSON at byte"),
            "\(result.standardError)")
        let service = try PortalTestService(tree, request: ["kind": "choose-application", "applications": ["x"]])
        let wrong = try ProcessRunner.assoc(
            ["pick", "--portal-request", service.requestPath], environment: screenEnvironment(tree))
        #expect(wrong.status == 2 && wrong.standardError.contains("is not for assoc pick"), "\(wrong.standardError)")
        try service.accept()
        #expect(try service.readUntilClosed() == ["{\"response\":2}"])
    }
}
