import AssocTestSupport
import Foundation
import Testing

/// The service through the real frontend, the test playing the dialog: it connects to the answer
/// socket of the request file the service wrote, as `assoc pick --portal-request` does, and answers.
/// The terminal is `true`, which returns at once, as `tmux new-window` does.
@Suite("assoc portal: requests, answers and ends, the test playing the dialog", .serialized, .enabled(if: PortalBus.isAvailable))
struct PortalServiceChannelTests {
    static var filters: [[Any]] { [["PDF", [[1, "application/pdf"]]], ["Images", [[0, "*.png"], [1, "image/jpeg"]]]] }

    @Test("OpenFile: the frontend's filters reach the dialog and its URI and filter come back with response 0")
    func openFileAnswered() throws {
        print("frontend: \(PortalBus.frontendVersion)")
        let bus = try PortalBus(terminal: "true")
        let client = try bus.startClient([
            ["method": "OpenFile", "title": "Open a document", "options": ["filters": Self.filters]]
        ])
        let played = try bus.playDialog(answer: #"{"response":0,"uris":["file:///srv/a%20b.pdf"],"current_filter":1}"#)
        let answers = bus.answers(of: client)
        let request = try #require(played.first)
        #expect(request["kind"] as? String == "open-file")
        #expect(request["title"] as? String == "Open a document")
        #expect(request["current_folder"] as? String == bus.tree.path("home"))
        let filters = try #require(request["filters"] as? [[String: Any]])
        #expect(filters.map { $0["name"] as? String } == ["PDF", "Images"])
        let imagePatterns = try #require(filters.last?["patterns"] as? [[String: Any]])
        #expect(imagePatterns.map { "\($0["kind"]!):\($0["pattern"]!)" } == ["0:*.png", "1:image/jpeg"])
        let answer = try #require(answers.first)
        #expect(answer["response"] as? Int == 0)
        let results = try #require(answer["results"] as? [String: Any])
        #expect(results["uris"] as? [String] == ["file:///srv/a%20b.pdf"])
        let current = try #require(results["current_filter"] as? [Any])
        #expect(current.first as? String == "Images")
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty }, "\(bus.requestDirectories)")
    }

    @Test("a cancel is response 1, a dialog that closes without answering or answers garbage 2, never a D-Bus error")
    func cancelAndDeath() throws {
        let bus = try PortalBus(terminal: "true")
        let cancelled = try bus.startClient([["method": "OpenFile"]])
        _ = try bus.playDialog(answer: #"{"response":1}"#)
        #expect(bus.answers(of: cancelled).first?["response"] as? Int == 1)
        let died = try bus.startClient([["method": "SaveFile"]])
        _ = try bus.playDialog(answer: "", ["--silent-exit"])
        let answer = bus.answers(of: died).first
        #expect(answer?["response"] as? Int == 2)
        // The frontend adds an empty uris to a file chooser's results; the backend sent none.
        let uris = (answer?["results"] as? [String: Any])?["uris"] as? [String]
        #expect(uris == nil || uris == [])
        let garbled = try bus.startClient([["method": "OpenFile"]])
        _ = try bus.playDialog(answer: #"{"response":0,"uris":"#)
        #expect(bus.answers(of: garbled).first?["response"] as? Int == 2, "an answer that is not JSON ends the request")
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty })
    }

    @Test("a terminal that does not exist, or fails before the dialog connects, is response 2 at once")
    func terminalFailures() throws {
        let missing = try PortalBus(terminal: "/nonexistent/terminal -e")
        let first = try missing.startClient([["method": "OpenFile"]])
        #expect(missing.answers(of: first, timeout: 20).first?["response"] as? Int == 2)
        let failing = try PortalBus(terminal: "false")
        let second = try failing.startClient([["method": "OpenFile"]])
        #expect(failing.answers(of: second, timeout: 20).first?["response"] as? Int == 2)
        #expect(PortalBus.eventually { failing.requestDirectories.isEmpty && missing.requestDirectories.isEmpty })
    }

    @Test(
        "a terminal that cannot start or fails is reported, not a silent cancel: response 2, the log and a notification name it")
    func terminalFailuresReported() throws {
        let bus = try PortalBus(terminal: "/nonexistent/terminal -e")
        let records = bus.tree.path("notifications.jsonl")
        let recorder = try bus.startNotificationRecorder(records)
        defer { recorder.terminate() }
        let first = try bus.startClient([["method": "OpenFile"]])
        #expect(bus.answers(of: first, timeout: 20).first?["response"] as? Int == 2)
        #expect(PortalBus.eventually { PortalBus.notifications(in: records).count == 1 })
        let missing = try #require(PortalBus.notifications(in: records).first)
        #expect(missing["summary"] as? String == "The file dialog could not open")
        let body = try #require(missing["body"] as? String)
        #expect(body.contains("'/nonexistent/terminal' could not be started"), "\(body)")
        #expect(body.contains(bus.tree.path("config/assoc/portal.conf")) && body.contains("assoc portal --check"), "\(body)")
        #expect((missing["hints"] as? [String: Any])?["urgency"] as? Int == 2)
        #expect(bus.serviceLog.contains("the terminal '/nonexistent/terminal' could not be started"), "\(bus.serviceLog)")
        // Said once already when the service started, before any dialog.
        #expect(bus.serviceLog.contains("warning: Terminal= of "), "\(bus.serviceLog)")

        try bus.setTerminal("false")
        let second = try bus.startClient([["method": "SaveFile", "options": ["current_name": "a.txt"]]])
        #expect(bus.answers(of: second, timeout: 20).first?["response"] as? Int == 2)
        #expect(PortalBus.eventually { PortalBus.notifications(in: records).count == 2 })
        let failed = try #require(PortalBus.notifications(in: records).last)
        #expect(failed["summary"] as? String == "The save dialog could not open")
        #expect(
            (failed["body"] as? String)?.contains("'false'") == true
                && (failed["body"] as? String)?.contains("exit status 1") == true)
        #expect(bus.serviceLog.contains("ended with exit status 1 before the dialog started"), "\(bus.serviceLog)")
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty })
    }

    @Test("SaveFile gets current_name, current_folder and current_file; SaveFiles the files, one URI each back")
    func saveOptions() throws {
        let bus = try PortalBus(terminal: "true")
        let folder = try bus.tree.makeDirectory("documents")
        let save = try bus.startClient([
            [
                "method": "SaveFile",
                "options": ["current_name": "report.pdf", "current_folder": folder, "current_file": folder + "/old.pdf"],
            ]
        ])
        let saveRequest = try #require(try bus.playDialog(answer: #"{"response":0,"uris":["file://@FOLDER@/report.pdf"]}"#).first)
        #expect(saveRequest["kind"] as? String == "save-file")
        #expect(saveRequest["current_name"] as? String == "report.pdf")
        #expect(saveRequest["current_folder"] as? String == folder)
        #expect(saveRequest["current_file"] as? String == folder + "/old.pdf")
        let saved = bus.answers(of: save).first
        #expect((saved?["results"] as? [String: Any])?["uris"] as? [String] == ["file://\(folder)/report.pdf"])
        let many = try bus.startClient([["method": "SaveFiles", "options": ["files": ["a.txt", "b.txt"]]]])
        let manyRequest = try #require(
            try bus.playDialog(answer: #"{"response":0,"uris":["file://@FOLDER@/a.txt","file://@FOLDER@/b.txt"]}"#).first)
        #expect(manyRequest["files"] as? [String] == ["a.txt", "b.txt"])
        // The folder chosen last by this application is where its next dialog starts.
        #expect(manyRequest["current_folder"] as? String == folder)
        let uris = (bus.answers(of: many).first?["results"] as? [String: Any])?["uris"] as? [String]
        #expect(uris == ["file://\(folder)/a.txt", "file://\(folder)/b.txt"])
        let memory = try String(contentsOfFile: bus.tree.path("state/assoc/portal-folders"), encoding: .utf8)
        #expect(memory.contains("unsandboxed=file://\(folder)"))
    }

    @Test("choices reach the dialog and its values come back with the filter in use")
    func choicesRoundTrip() throws {
        let bus = try PortalBus(terminal: "true")
        let choices: [[Any]] = [
            ["encoding", "Encoding", [["utf8", "Unicode"], ["latin1", "Western"]], "latin1"],
            ["reencode", "Reencode", [], "false"],
        ]
        let client = try bus.startClient([
            [
                "method": "OpenFile",
                "options": [
                    "choices": choices, "filters": Self.filters,
                    "current_filter": ["Images", [[0, "*.png"], [1, "image/jpeg"]]],
                ],
            ]
        ])
        let request = try #require(
            try bus.playDialog(
                answer:
                    #"{"response":0,"uris":["file:///tmp/x.txt"],"choices":[{"id":"encoding","value":"utf8"},{"id":"reencode","value":"true"}],"current_filter":0}"#
            ).first)
        let sent = try #require(request["choices"] as? [[String: Any]])
        #expect(sent.map { $0["id"] as? String } == ["encoding", "reencode"])
        #expect(sent.first?["initial"] as? String == "latin1")
        #expect((request["filters"] as? [Any])?.count == 2)
        #expect(request["current_filter"] as? Int == 1)
        let results = try #require(bus.answers(of: client).first?["results"] as? [String: Any])
        let returned = try #require(results["choices"] as? [[String]])
        #expect(returned == [["encoding", "utf8"], ["reencode", "true"]])
        #expect((results["current_filter"] as? [Any])?.first as? String == "PDF")
    }

    @Test("the client's Close tells the dialog to close and ends the request; a client that disconnects does too")
    func closeAndDisconnect() throws {
        let bus = try PortalBus(terminal: "true")
        let trigger = bus.tree.path("close-now")
        let client = try bus.startClient([["method": "OpenFile"]], ["--close-when", trigger])
        // The client closes the request once the dialog has connected to it.
        let played = try bus.playDialog(answer: "", ["--expect-close", "--connected-file", trigger])
        #expect(played.dropFirst().first?["close"] as? Bool == true, "\(played)")
        #expect(bus.answers(of: client).first?["closed"] as? Int == 1)
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty }, "\(bus.requestDirectories)")

        let exitTrigger = bus.tree.path("exit-now")
        let leaving = try bus.startClient([["method": "OpenFile"]], ["--exit-when", exitTrigger])
        let left = try bus.playDialog(answer: "", ["--expect-close", "--connected-file", exitTrigger])
        #expect(left.dropFirst().first?["close"] as? Bool == true, "\(left)")
        _ = bus.answers(of: leaving)
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty }, "\(bus.requestDirectories)")
    }

    @Test("a dialog that stays after close gets SIGTERM a second later")
    func closeThenTerminate() throws {
        let bus = try PortalBus(terminal: "true", extraVariables: ["DIALOG_LINGER": "20"])
        let trigger = bus.tree.path("close-now")
        let client = try bus.startClient([["method": "OpenFile"]], ["--close-when", trigger])
        let started = Date()
        let result = try ProcessRunner.run(
            PortalBus.python,
            [PortalBus.fixtures + "/dialog-player.py", bus.runtime, "", "--expect-close", "--connected-file", trigger],
            environment: bus.variables, timeout: 30)
        #expect(result.terminatedBySignal && result.status == SIGTERM, "status \(result.status)")
        #expect(Date().timeIntervalSince(started) < 15)
        _ = bus.answers(of: client)
    }

    @Test("two dialogs at once are both answered, each from its own socket")
    func twoAtOnce() throws {
        let bus = try PortalBus(terminal: "true")
        let client = try bus.startClient([
            ["method": "OpenFile", "name": "first"],
            ["method": "SaveFile", "name": "second", "options": ["current_name": "n.txt"]],
        ])
        let played = try bus.playDialog(answer: #"{"response":0,"uris":["file:///tmp/both"]}"#, count: 2)
        #expect(Set(played.compactMap { $0["answer_socket"] as? String }).count == 2)
        let answers = bus.answers(of: client)
        #expect(Set(answers.compactMap { $0["token"] as? String }) == ["first", "second"])
        #expect(answers.allSatisfy { $0["response"] as? Int == 0 })
    }

    @Test("50 requests in a row, some answered, some cancelled, some dying: every one answered, nothing left behind")
    func fiftyInARow() throws {
        let bus = try PortalBus(terminal: "true")
        var responses: [Int] = []
        for index in 0..<50 {
            // The last request's directory gone first: a dialog player looks for any request file,
            // and one left behind a moment longer under load would be played instead of the new one.
            #expect(PortalBus.eventually { bus.requestDirectories.isEmpty }, "\(bus.requestDirectories)")
            let client = try bus.startClient([["method": index % 2 == 0 ? "OpenFile" : "SaveFile"]])
            switch index % 3 {
            case 0: _ = try bus.playDialog(answer: #"{"response":0,"uris":["file:///tmp/f"]}"#)
            case 1: _ = try bus.playDialog(answer: #"{"response":1}"#)
            default: _ = try bus.playDialog(answer: "", ["--silent-exit"])
            }
            responses.append(bus.answers(of: client).first?["response"] as? Int ?? -1)
        }
        #expect(responses == (0..<50).map { [0, 1, 2][$0 % 3] })
        let backend = try #require(try bus.backendPID())
        #expect(PortalBus.eventually { PortalBus.children(of: backend).isEmpty }, "unreaped: \(PortalBus.children(of: backend))")
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty }, "\(bus.requestDirectories)")
    }
}

/// The backend's own interface, called directly on its bus name as the frontend calls it.
@Suite("assoc portal: AppChooser and introspection called directly", .serialized, .enabled(if: PortalBus.isAvailable))
struct PortalBackendDirectTests {
    private func gdbus(_ bus: PortalBus, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Corpus.program("gdbus")!)
        process.arguments =
            [
                "call", "--session", "--timeout", "60", "--dest", "org.freedesktop.impl.portal.desktop.assoc", "--object-path",
                "/org/freedesktop/portal/desktop",
            ] + arguments
        process.environment = bus.variables
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try? process.run()
        return process
    }

    private func output(_ process: Process) -> String {
        process.waitUntilExit()
        let data = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        let error = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data + error, as: UTF8.self)
    }

    @Test("ChooseApplication's request carries the choices; UpdateChoices reaches the open dialog as update_choices")
    func updateChoices() throws {
        let bus = try PortalBus(terminal: "true")
        let handle = "/org/freedesktop/portal/desktop/request/1_2/t1"
        let call = gdbus(
            bus,
            [
                "--method", "org.freedesktop.impl.portal.AppChooser.ChooseApplication", handle, "", "", "['viewer', 'editor']",
                "{'last_choice': <'editor'>, 'content_type': <'text/plain'>}",
            ])
        let player = Process()
        player.executableURL = URL(fileURLWithPath: PortalBus.python)
        player.arguments = [PortalBus.fixtures + "/dialog-player.py", bus.runtime, "", "--expect-close"]
        player.environment = bus.variables
        player.standardOutput = Pipe()
        try player.run()
        // The service removes the socket's name once the dialog has connected.
        #expect(
            PortalBus.eventually(timeout: 20) {
                bus.requestDirectories.count == 1
                    && !FileManager.default.fileExists(
                        atPath: bus.runtime + "/assoc/portal/\(bus.requestDirectories[0])/answer.sock")
            })
        let update = output(
            gdbus(bus, ["--method", "org.freedesktop.impl.portal.AppChooser.UpdateChoices", handle, "['editor', 'browser']"]))
        #expect(update.trimmingCharacters(in: .whitespacesAndNewlines) == "()", "\(update)")
        player.waitUntilExit()
        let lines = String(decoding: (player.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        let request = try #require(lines.first)
        #expect(request["kind"] as? String == "choose-application")
        #expect(request["applications"] as? [String] == ["viewer", "editor"])
        #expect(request["last_choice"] as? String == "editor" && request["content_type"] as? String == "text/plain")
        #expect(lines.dropFirst().first?["update_choices"] as? [String] == ["editor", "browser"], "\(lines)")
        // The player closed without answering: response 2, with no results.
        #expect(output(call).contains("(uint32 2, @a{sv} {})"))
    }

    @Test("a call with the wrong arguments is an InvalidArgs error; the object introspects")
    func errorsAndIntrospection() throws {
        let bus = try PortalBus(terminal: "true")
        let wrong = output(gdbus(bus, ["--method", "org.freedesktop.impl.portal.FileChooser.OpenFile", "/x", "y"]))
        #expect(wrong.contains("InvalidArgs") && wrong.contains("OpenFile takes (osssa{sv})"), "\(wrong)")
        let introspection = try ProcessRunner.run(
            Corpus.program("gdbus")!,
            [
                "introspect", "--session", "--dest", "org.freedesktop.impl.portal.desktop.assoc", "--object-path",
                "/org/freedesktop/portal/desktop",
            ], environment: bus.variables, timeout: 20)
        #expect(introspection.standardOutput.contains("SaveFiles") && introspection.standardOutput.contains("UpdateChoices"))
    }
}

/// `assoc portal --replace`, run as a person would from a terminal.
@Suite("assoc portal --replace", .serialized, .enabled(if: PortalBus.isAvailable))
struct PortalReplaceTests {
    @Test("--replace takes the name: the running backend exits 0 and the new one answers the next request")
    func replace() throws {
        let bus = try PortalBus(terminal: "true")
        let first = try bus.startClient([["method": "OpenFile"]])
        _ = try bus.playDialog(answer: #"{"response":1}"#)
        #expect(bus.answers(of: first).first?["response"] as? Int == 1)
        let old = try #require(try bus.backendPID())
        let replacement = Process()
        replacement.executableURL = URL(fileURLWithPath: bus.prefix + "/bin/assoc")
        replacement.arguments = ["portal", "--replace", "--verbose"]
        replacement.environment = bus.variables
        replacement.standardOutput = FileHandle.nullDevice
        replacement.standardError = FileHandle.nullDevice
        try replacement.run()
        defer { replacement.terminate() }
        #expect(PortalBus.eventually { kill(old, 0) != 0 }, "the old backend exited")
        #expect(PortalBus.eventually { (try? bus.backendPID()) == replacement.processIdentifier })
        let second = try bus.startClient([["method": "OpenFile"]])
        _ = try bus.playDialog(answer: #"{"response":0,"uris":["file:///tmp/r"]}"#)
        #expect(bus.answers(of: second).first?["response"] as? Int == 0)
    }
}

@Suite("assoc portal without its service executable")
struct PortalCommandAloneTests {
    @Test("an assoc with no assoc-portal beside it or in ../libexec/assoc says so, naming both places, and exits 2")
    func serviceMissing() throws {
        let tree = try TemporaryXDGTree()
        let alone = tree.path("bin/assoc")
        try FileManager.default.createDirectory(atPath: tree.path("bin"), withIntermediateDirectories: true)
        try ProcessRunner.copyExecutable(ProcessRunner.assocExecutable, to: alone)
        let result = try ProcessRunner.runFreshCopy(alone, ["portal"], environment: tree.variables(), timeout: 20)
        #expect(result.status == 2)
        #expect(result.standardError.contains(tree.path("bin/assoc-portal")), "\(result.standardError)")
        #expect(result.standardError.contains(tree.path("bin/../libexec/assoc/assoc-portal")), "\(result.standardError)")
    }
}
