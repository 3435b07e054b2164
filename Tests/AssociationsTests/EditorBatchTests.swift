import AssocTestSupport
import Associations
import MIMEDatabase
import Testing

/// A batch of edits in one `MimeAppsEditor.apply` reads each group once and keeps what it read
/// up to date as the edits write (a profile's hundreds of entries): it must give the text that
/// the same edits give one call at a time, each reading the file afresh.
@Suite("mimeapps.list edits in one batch", .enabled(if: hasSystemMIME))
struct EditorBatchTests {
    /// Starting files: alias keys beside their type, repeated keys and groups, a localised key,
    /// spaces around `=`, values without their last `;`, CRLF endings, and a missing file.
    static let starts: [String?] = [
        nil,
        "",
        """
        [Default Applications]
        application/pdf=a.desktop;
        application/x-pdf=b.desktop;
        text/plain=a.desktop;
        text/plain=b.desktop;

        [Added Associations]
        image/png = a.desktop;b.desktop;
        text/html=c.desktop
        image/png[de]=x.desktop;
        [Removed Associations]
        image/jpeg=a.desktop;;
        [Default Applications]
        image/png=b.desktop;

        """,
        "[Added Associations]\r\ntext/plain=a.desktop;\r\napplication/pdf=b.desktop;c.desktop;\r\n"
            + "[Default Applications]\r\ntext/plain=a.desktop;\r\n",
        "[Default Applications]\ntext/plain=a.desktop;",
    ]

    static let types = ["text/plain", "application/pdf", "application/x-pdf", "image/png", "image/jpeg", "text/html"]
    static let apps = ["a.desktop", "b.desktop", "c.desktop"]

    /// One random edit over a few types (an alias among them) and applications.
    static func edit(_ random: inout SplitMix) -> MimeAppsEdit {
        let type = types.randomElement(using: &random)!
        let app = apps.randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1, 2: return .setDefault(type: type, app: app)
        case 3: return .setDefaultOnly(type: type, app: app)
        case 4: return .unsetDefault(type: type)
        case 5: return .add(type: type, app: app)
        case 6: return .remove(type: type, app: app)
        case 7: return .setLastUsed(type: type, app: app)
        case 8: return .forget(type: type, app: app)
        default: return Bool.random(using: &random) ? .reset(type: type) : .canonicalizeKey(type: type)
        }
    }

    @Test("random batches give the text of their edits applied one call at a time")
    func batchEqualsOneAtATime() {
        var random = SplitMix.forTest("batchEqualsOneAtATime", seed: 0x5EED_BA7C)
        let editor = MimeAppsEditor(database: systemDatabase)
        for start in Self.starts {
            for _ in 0..<60 {
                let edits = (0..<Int.random(in: 1...24, using: &random)).map { _ in Self.edit(&random) }
                let batch = editor.apply(edits, to: start)
                var text = start
                for edit in edits { text = editor.apply([edit], to: text) }
                #expect(batch == text, "start \(String(reflecting: start)), edits \(edits)")
            }
        }
    }

    @Test("setting what the file already says, again, changes no byte")
    func settingAgainChangesNothing() {
        let editor = MimeAppsEditor(database: systemDatabase)
        let edits: [MimeAppsEdit] = [
            .setDefault(type: "text/plain", app: "a.desktop"), .setDefault(type: "image/png", app: "b.desktop"),
        ]
        let once = editor.apply(edits, to: "# mine\r\n[Default Applications]\r\ntext/plain=a.desktop;\r\n")
        #expect(editor.apply(edits + edits, to: once) == once)
        // Spaces around `=` are not the form `set` writes: the line is rewritten once.
        let spaced = "[Default Applications]\ntext/plain = a.desktop;\n[Added Associations]\ntext/plain=a.desktop;\n"
        #expect(
            editor.apply([.setDefault(type: "text/plain", app: "a.desktop")], to: spaced)
                == "[Default Applications]\ntext/plain=a.desktop;\n[Added Associations]\ntext/plain=a.desktop;\n")
    }
}
