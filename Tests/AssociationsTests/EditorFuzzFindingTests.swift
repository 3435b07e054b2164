import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// Inputs the mimeapps fuzz target (Fuzz/Targets/mimeapps.swift) found, replayed as tests. A
/// fixture is the fuzz input itself: three bytes that chose the edit, then the list.
@Suite("mimeapps.list editing fuzz findings", .enabled(if: hasSystemMIME))
struct EditorFuzzFindingTests {
    static func list(_ fixture: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Corpus.fixtures + "/fuzz/mimeapps/" + fixture))
        return String(decoding: bytes.dropFirst(3), as: UTF8.self)
    }

    static func ids(_ text: String, _ group: AssociationGroup) -> [String] {
        let location = ListLocation.all(for: XDGEnvironment(["HOME": "/nonexistent"]))[0]
        return MimeAppsData(location: location, text: text, database: systemDatabase).value(group, for: "text/plain")?.ids ?? []
    }

    @Test("IDs rewritten by an edit keep their escaped backslashes, tabs and newlines")
    func escapedIDs() throws {
        // setLastUsed rewrote 'a\\sb.desktop' without escaping its backslash, so it read back as
        // 'a b.desktop'; an ID with an escaped newline would have cut the line in two.
        let text = try Self.list("escaped-ids-set-last-used.list")
        let editor = MimeAppsEditor(database: systemDatabase)
        let edited = editor.apply([.setLastUsed(type: "text/plain", app: "a.desktop")], to: text)
        #expect(Self.ids(edited, .addedAssociations) == ["a.desktop"] + Self.ids(text, .addedAssociations))
        let hostile = "[Added Associations]\ntext/plain=a\\nb.desktop;c\\tx\\;y.desktop;\n[X-Other]\nk=v\n"
        let added = editor.apply([.add(type: "text/plain", app: "z.desktop")], to: hostile)
        #expect(Self.ids(added, .addedAssociations) == ["a\nb.desktop", "c\tx;y.desktop", "z.desktop"])
        #expect(added.hasSuffix("\n[X-Other]\nk=v\n"), "the line was not cut in two")
    }

    @Test("removing the unterminated last line keeps the newline of the line before it")
    func unterminatedLastLine() throws {
        // unsetDefault of the key 'n' turned "[Default Applications]\n\nn=" into
        // "[Default Applications]\n": the blank line before it lost its newline.
        let text = try Self.list("remove-unterminated-last-line.list")
        #expect(text == "[Default Applications]\n\nn=")
        let editor = MimeAppsEditor(database: systemDatabase)
        #expect(editor.apply([.unsetDefault(type: "n")], to: text) == "[Default Applications]\n\n")
        #expect(
            editor.apply([.setDefault(type: "text/plain", app: "a.desktop")], to: "[Default Applications]\nk=v")
                == "[Default Applications]\nk=v\ntext/plain=a.desktop;\n\n[Added Associations]\ntext/plain=a.desktop;\n")
    }
}
