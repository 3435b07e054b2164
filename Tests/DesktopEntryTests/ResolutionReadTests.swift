import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

/// The locales the reads are compared in: C, and some with translations in the corpus.
private let locales: [LocalePreferences] = [
    LocalePreferences(candidates: []),
    LocalePreferences(["LC_ALL": "de_DE.UTF-8"]),
    LocalePreferences(["LANG": "sr_RS@latin"]),
    LocalePreferences(["LANGUAGE": "pt_BR:fr", "LANG": "ja_JP.UTF-8"]),
    // A candidate that is not ASCII but equals the ASCII "K" as strings do (the Kelvin sign).
    LocalePreferences(candidates: ["\u{212A}"]),
]

/// The entry `load` gives, with every key the resolution read does not keep taken away, and the
/// translations of `Name` that `locale` cannot choose.
private func resolutionPart(of entry: DesktopEntry, locale: LocalePreferences) -> DesktopEntry {
    var part = entry
    part.name.translations = part.name.translations.filter { locale.candidates.contains($0.key) }
    part.genericName = nil
    part.comment = nil
    part.icon = nil
    part.workingDirectory = nil
    part.terminal = false
    part.categories = []
    part.implements = []
    part.keywords = []
    part.startupWMClass = nil
    part.actions = []
    return part
}

/// What a read gives: the entry, or the error.
private func outcome(_ read: () throws(DesktopEntryError) -> DesktopEntry) -> Result<DesktopEntry, DesktopEntryError> {
    do throws(DesktopEntryError) { return .success(try read()) } catch { return .failure(error) }
}

/// Expects the resolution read of `path` to be the full read's entry without the other keys, or
/// the same error, in every locale of `locales`; and the name printed to be the same.
private func expectSameAnswer(path: String, id: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var diagnostics: [Diagnostic] = []
    let full = outcome { () throws(DesktopEntryError) in try DesktopEntry.load(path: path, id: id, diagnostics: &diagnostics) }
    for locale in locales {
        let light = outcome { () throws(DesktopEntryError) in
            try DesktopEntry.loadForResolution(path: path, id: id, locale: locale)
        }
        #expect(light == full.map { resolutionPart(of: $0, locale: locale) }, "\(path)", sourceLocation: sourceLocation)
        let names = (try? full.get().name.value(for: locale), try? light.get().name.value(for: locale))
        #expect(names.0 == names.1, "\(path): the name", sourceLocation: sourceLocation)
    }
}

@Suite("the desktop-entry read for resolution")
struct ResolutionReadTests {
    @Test(
        "every entry of the corpus reads as the full parse does, without the other keys",
        .enabled(if: CorpusEntries.isPresent))
    func corpusAgrees() {
        let files = CorpusEntries.all()
        #expect(files.count >= 370)
        for file in files { expectSameAnswer(path: file.path, id: file.id) }
    }

    @Test(
        "odd files read as the full parse does",
        arguments: [
            "[Desktop Entry]\nType=Application\nName=A\nName[de]=B\nName[de_DE]=C\nName[fr]=D\nExec=a %f\nMimeType=text/plain;\n",
            "[Desktop Entry]\r\nType=Application\r\nName=A \r\nExec=a\r\nHidden=yes\r\n",
            "[Desktop Entry]\nName=A\nExec=a\n[Desktop Action x]\nExec=b\n[Desktop Entry]\nType=Application\nExec=c\n",
            "[Other]\nType=Application\n[Desktop Entry]\nName=A\n",
            "Type=Application\n# no group\n",
            "",
            "[Desktop Entry\nType=Application\n",
            "[Desktop Entry]\n  Type =  Application  \nName[sr@latin] = C\nTryExec=missing-program\nOnlyShowIn=GNOME;;KDE\n",
            "[Desktop Entry]\nType=Application\nExec\nNoDisplay=true\nNotShowIn=XFCE;\nDBusActivatable=true\n=x\n",
            "[Desktop Entry]\nType=Application\nName=A\nName=B\nExec=\"a b\" %U\nMimeType=image/png;image/png;\n",
            // Lines passed over by their first byte, among lines that are not.
            "[Desktop Entry]\nComment=c\n\tType=Application\nKeywords[de]=k\nXName=x\ntype=lower\n\u{C9}Name=e\nName[\u{E9}]=f\n"
                + "GenericName=g\n Name = A\nExec=a\n#Name=B\n\r\nName[de]=C\nName[K]=D\n",
        ])
    func oddFilesAgree(text: String) throws {
        let tree = try TemporaryXDGTree()
        expectSameAnswer(path: try tree.write("odd.desktop", text), id: "odd.desktop")
    }

    @Test("a file that cannot be read or is not UTF-8 is refused as the full parse refuses it")
    func unreadableAgrees() throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write("bad.desktop", bytes: Array("[Desktop Entry]\nName=".utf8) + [0xFF, 0x0A])
        expectSameAnswer(path: path, id: "bad.desktop")
        expectSameAnswer(path: tree.root + "/absent.desktop", id: "absent.desktop")
    }
}
