import PortalDialogs
import Testing
import XDGSupport

/// Requests, answers and service lines: their JSON form and its round trip.
@Suite("portal dialog messages")
struct MessageJSONTests {
    /// A request with every member set, a path that is not UTF-8 among them.
    static func fullRequest() -> DialogRequest {
        var request = DialogRequest(kind: .saveFile, answerSocket: "/run/user/1000/assoc/portal/3/answer.sock")
        request.title = "Save \"report\""
        request.acceptLabel = "_Save"
        request.modal = false
        request.multiple = true
        request.directory = true
        request.filters = [
            DialogFilter(name: "PDF", patterns: [.mimeType("application/pdf")]),
            DialogFilter(name: "Images", patterns: [.glob("*.png"), .mimeType("image/jpeg")]),
        ]
        request.currentFilter = 1
        request.choices = [
            DialogChoice(
                id: "encoding", label: "Encoding",
                options: [.init(id: "utf8", label: "UTF-8"), .init(id: "latin1", label: "Latin-1")],
                initial: "latin1"),
            DialogChoice(id: "reencode", label: "Re-encode", options: [], initial: "true"),
        ]
        request.currentFolder = "/home/u/caf" + PathCoding.decode([0xE9])
        request.currentName = "report.pdf"
        request.currentFile = "/home/u/old.pdf"
        request.files = ["a.txt", "b" + PathCoding.decode([0xFF]) + ".txt"]
        request.applications = ["org.gnome.Evince", "firefox-esr"]
        request.lastChoice = "firefox-esr"
        request.contentType = "application/pdf"
        request.uri = "https://example.org/a.pdf"
        request.filename = "a.pdf"
        request.appID = "org.example.App"
        return request
    }

    @Test("a request round-trips through its JSON, bytes that are not UTF-8 included")
    func requestRoundTrip() throws {
        let request = Self.fullRequest()
        let text = request.json.rendered
        #expect(try DialogRequest(json: Array(text.utf8), source: "request.json") == request)
        // The portal's option names are the keys.
        for key in [
            "\"accept_label\":", "\"current_filter\":1", "\"current_folder\":", "\"current_folder_bytes\":", "\"files_bytes\":",
        ] {
            #expect(text.contains(key), "\(key) in \(text)")
        }
        #expect(text.contains(#"{"name":"Images","patterns":[{"kind":0,"pattern":"*.png"},{"kind":1,"pattern":"image/jpeg"}]}"#))
        #expect(text.hasPrefix(#"{"kind":"save-file","#))
    }

    @Test("a minimal request takes the defaults")
    func minimalRequest() throws {
        let request = try DialogRequest(json: Array(#"{"kind":"open-file","answer_socket":"/s"}"#.utf8), source: "r.json")
        #expect(request == DialogRequest(kind: .openFile, answerSocket: "/s"))
        #expect(request.modal && !request.multiple && request.filters.isEmpty && request.currentFilter == nil)
    }

    @Test(
        "a broken request is refused naming the file and the member",
        arguments: [
            (
                #"{"kind":"open","answer_socket":"/s"}"#,
                "r.json: 'kind': 'open' is not one of open-file, save-file, save-files, choose-application"
            ),
            (#"{"kind":"open-file"}"#, "r.json: 'answer_socket': missing"),
            (
                #"{"kind":"open-file","answer_socket":"/s","filters":[{"name":"A","patterns":[{"kind":2,"pattern":"x"}]}]}"#,
                "r.json: 'filters[0].patterns[0].kind': 2 is neither 0 (a glob) nor 1 (a MIME type)"
            ),
            (
                #"{"kind":"open-file","answer_socket":"/s","current_filter":0}"#,
                "r.json: 'current_filter': 0 is not the index of one of the filters"
            ),
            (#"{"kind":"open-file","answer_socket":"/s","multiple":"yes"}"#, "r.json: 'multiple': expected true or false"),
            (#"{"kind":"open-file","answer_socket":"/s","choices":[{"label":"x"}]}"#, "r.json: 'choices[0].id': missing"),
            (
                #"{"kind":"save-files","answer_socket":"/s","files":["a"],"files_bytes":["YQ==","Yg=="]}"#,
                "r.json: 'files_bytes': expected as many items as 'files' has"
            ),
            (
                #"{"kind":"open-file","answer_socket":"/s""#,
                "r.json: invalid JSON at byte 40: the text ends where ',' or '}' in an object was expected"
            ),
            ("[]", "r.json: 'the document': expected an object"),
        ])
    func brokenRequest(text: String, message: String) {
        #expect(throws: PortalMessageError.self) { try DialogRequest(json: Array(text.utf8), source: "r.json") }
        do {
            _ = try DialogRequest(json: Array(text.utf8), source: "r.json")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("answers: a cancel is exactly {\"response\":1}; a choice carries its results and round-trips")
    func answers() throws {
        #expect(DialogAnswer.cancelled.line == "{\"response\":1}\n")
        var answer = DialogAnswer(response: .chosen)
        answer.uris = ["file:///home/u/caf%E9.pdf"]
        answer.choices = [.init(id: "encoding", value: "utf8"), .init(id: "reencode", value: "false")]
        answer.currentFilter = 0
        answer.writable = true
        answer.choice = "org.gnome.Evince"
        #expect(
            answer.json.rendered
                == #"{"response":0,"uris":["file:///home/u/caf%E9.pdf"],"choices":[{"id":"encoding","value":"utf8"},{"id":"reencode","value":"false"}],"current_filter":0,"writable":true,"choice":"org.gnome.Evince"}"#
        )
        #expect(try DialogAnswer(json: Array(answer.json.rendered.utf8)) == answer)
        #expect(try DialogAnswer(json: Array("{\"response\":2}".utf8)) == DialogAnswer(response: .other))
        #expect(throws: PortalMessageError(source: "the answer line", reason: "'response': 3 is not 0, 1 or 2")) {
            try DialogAnswer(json: Array("{\"response\":3}".utf8))
        }
    }

    @Test("service lines: update_choices and close")
    func serviceMessages() throws {
        let update = ServiceMessage.updateChoices(["a", "b"])
        #expect(update.line == "{\"update_choices\":[\"a\",\"b\"]}\n")
        #expect(ServiceMessage.close.line == "{\"close\":true}\n")
        for message in [update, .close, .updateChoices([])] {
            #expect(try ServiceMessage(json: Array(message.json.rendered.utf8)) == message)
        }
        #expect(throws: PortalMessageError.self) { try ServiceMessage(json: Array("{\"close\":false}".utf8)) }
    }
}

/// The permission store's answer as gdbus prints it.
@Suite("the portal's used-applications entry")
struct UsedApplicationsTests {
    @Test("the store's Lookup output as seen on a private bus, and with several requesters, escapes and a data dictionary")
    func parses() throws {
        let seen = try #require(UsedApplications(lookupOutput: "({'': ['viewer', '3', '3']}, <byte 0x00>)\n"))
        #expect(seen.choices == [.init(requester: "", application: "viewer", count: 3, threshold: 3)] && !seen.alwaysAsk)
        let text = #"({'org.example.Mail': ['it\'s', '1', ''], '': ["org.gnome.Evince", '2', '5']}, <{'always-ask': <true>}>)"#
        let several = try #require(UsedApplications(lookupOutput: text))
        #expect(
            several.choices == [
                .init(requester: "org.example.Mail", application: "it's", count: 1, threshold: 3),
                .init(requester: "", application: "org.gnome.Evince", count: 2, threshold: 5),
            ])
        #expect(several.alwaysAsk)
        #expect(UsedApplications(lookupOutput: "(@a{sas} {}, <byte 0x00>)")?.choices == [])
    }

    @Test("text of another form is not an entry", arguments: ["", "()", "({'a': 'b'}, <0>)", "({'a': ['x'", "Error: NotFound"])
    func refuses(text: String) {
        #expect(UsedApplications(lookupOutput: text) == nil)
    }
}

@Suite("dialog labels")
struct DialogLabelTests {
    @Test(
        "GTK's mnemonic marks are dropped; a doubled underscore is one",
        arguments: [
            ("_Open", "Open"), ("Save __As", "Save _As"), ("plain", "plain"), ("_", ""), ("a_b_c", "abc"), ("__", "_"),
        ])
    func plain(label: String, shown: String) {
        #expect(DialogLabel.plain(label) == shown)
    }
}
