import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

let systemDatabase = MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .cache)

@Suite("lossless mimeapps.list edits", .enabled(if: hasSystemMIME))
struct EditorTests {
    static let original = """
        # Managed by hand. Keep this comment.
        [Added Associations]
        text/plain=gedit.desktop;
        image/png=eog.desktop;gimp.desktop;

        [X-Unknown Group]
        Some Key=kept as is ;
        [Removed Associations]
        application/pdf=gimp.desktop;
        # trailing comment
        [Default Applications]
        text/html=firefox.desktop;
        application/x-pdf=okular.desktop;

        """

    func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    /// The lines of `new` that are not in `old`, and the lines of `old` that are not in `new`.
    func changed(_ old: String, _ new: String) -> (added: [String], removed: [String]) {
        let before = lines(old)
        let after = lines(new)
        return (after.filter { !before.contains($0) }, before.filter { !after.contains($0) })
    }

    @Test("set writes the default, adds the association, lifts the removal; nothing else changes")
    func set() {
        let new = MimeAppsEditor(database: systemDatabase).apply(
            [.setDefault(type: "application/pdf", app: "gimp.desktop")], to: Self.original)
        #expect(
            new == """
                # Managed by hand. Keep this comment.
                [Added Associations]
                text/plain=gedit.desktop;
                image/png=eog.desktop;gimp.desktop;
                application/pdf=gimp.desktop;

                [X-Unknown Group]
                Some Key=kept as is ;
                [Removed Associations]
                # trailing comment
                [Default Applications]
                text/html=firefox.desktop;
                application/pdf=gimp.desktop;

                """)
    }

    @Test(
        "add, remove, unset and reset change only their lines",
        arguments: [
            (
                MimeAppsEdit.add(type: "text/plain", app: "kate.desktop"), ["text/plain=gedit.desktop;kate.desktop;"],
                ["text/plain=gedit.desktop;"]
            ),
            (
                MimeAppsEdit.remove(type: "image/png", app: "gimp.desktop"),
                ["image/png=eog.desktop;", "image/png=gimp.desktop;"], ["image/png=eog.desktop;gimp.desktop;"]
            ),
            (MimeAppsEdit.unsetDefault(type: "text/html"), [], ["text/html=firefox.desktop;"]),
            (
                MimeAppsEdit.reset(type: "application/pdf"), [],
                ["application/pdf=gimp.desktop;", "application/x-pdf=okular.desktop;"]
            ),
        ])
    func otherEdits(edit: MimeAppsEdit, added: [String], removed: [String]) {
        let new = MimeAppsEditor(database: systemDatabase).apply([edit], to: Self.original)
        let difference = changed(Self.original, new)
        #expect(difference.added.sorted() == added.sorted())
        #expect(difference.removed.sorted() == removed.sorted())
        let kept = lines(Self.original).filter { !removed.contains($0) }
        #expect(lines(new).filter { kept.contains($0) } == kept)
    }

    @Test("add keeps Added and Removed disjoint, and never duplicates an ID")
    func disjoint() {
        let editor = MimeAppsEditor(database: systemDatabase)
        let new = editor.apply(
            [.add(type: "application/pdf", app: "gimp.desktop"), .add(type: "application/pdf", app: "gimp.desktop")],
            to: Self.original)
        #expect(!new.contains("[Removed Associations]\napplication/pdf"))
        #expect(new.components(separatedBy: "application/pdf=gimp.desktop;").count == 2)
    }

    @Test("an empty or missing file gets the groups it needs")
    func fromNothing() {
        let new = MimeAppsEditor(database: systemDatabase).apply([.setDefault(type: "text/plain", app: "vim.desktop")], to: nil)
        #expect(new == "[Default Applications]\ntext/plain=vim.desktop;\n\n[Added Associations]\ntext/plain=vim.desktop;\n")
    }

    @Test("the GLib mimeapps writing steps f1 to f5 give the file text they expect")
    func glibFileSteps() {
        let editor = MimeAppsEditor(database: systemDatabase)
        var text: String? = nil
        text = editor.apply([.add(type: "application/pdf", app: "myapp.desktop")], to: text)
        #expect(text == "[Added Associations]\napplication/pdf=myapp.desktop;\n")  // f1
        text = editor.apply([.add(type: "application/pdf", app: "myapp2.desktop")], to: text)
        #expect(text == "[Added Associations]\napplication/pdf=myapp.desktop;myapp2.desktop;\n")  // f2
        text = editor.apply([.setDefault(type: "application/pdf", app: "myapp.desktop")], to: text)
        #expect(
            text
                == "[Added Associations]\napplication/pdf=myapp.desktop;myapp2.desktop;\n\n[Default Applications]\napplication/pdf=myapp.desktop;\n"
        )  // f3
        text = editor.apply([.setLastUsed(type: "application/pdf", app: "myapp2.desktop")], to: text)
        #expect(
            text
                == "[Added Associations]\napplication/pdf=myapp2.desktop;myapp.desktop;\n\n[Default Applications]\napplication/pdf=myapp.desktop;\n"
        )  // f4
        text = editor.apply([.reset(type: "application/pdf")], to: text)
        #expect(text == "[Added Associations]\n\n[Default Applications]\n")  // f5
    }

    @Test(
        "handlr's round-trip fixtures keep every byte an edit does not touch",
        .enabled(if: Corpus.path("handlr/assets") != nil))
    func handlrRoundTrip() throws {
        let assets = try requireCorpus("handlr/assets")
        let lists = try FileManager.default.subpathsOfDirectory(atPath: assets).filter { $0.hasSuffix(".list") }
        #expect(!lists.isEmpty)
        for list in lists {
            let text = try String(contentsOfFile: assets + "/" + list, encoding: .utf8)
            let new = MimeAppsEditor(database: systemDatabase).apply(
                [.add(type: "text/x-assoc-probe", app: "probe.desktop")], to: text)
            let difference = changed(text, new)
            #expect(difference.removed.isEmpty, "\(list): lost \(difference.removed)")
            #expect(
                Set(difference.added).isSubset(of: ["text/x-assoc-probe=probe.desktop;", "", "[Added Associations]"]), "\(list)")
        }
    }
}
