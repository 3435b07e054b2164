import AssocTestSupport
import Associations
import DesktopEntry
import Foundation
import Testing
import XDGSupport

/// The evidence of `docs/roles.md`: the inference rule run over the Debian corpus's desktop entries.
@Suite("the role inference over the Debian corpus")
struct RoleInferenceCorpusTests {
    /// The corpus's applications that declare `MimeType=`, by file name.
    static func applications() throws -> [String: DesktopEntry] {
        let corpus = try requireCorpus("freedesktop-debian")
        let sources = try String(contentsOfFile: corpus + "/SOURCES.tsv", encoding: .utf8)
        var result: [String: DesktopEntry] = [:]
        for line in sources.split(separator: "\n").dropFirst() {
            let file = String(line.split(separator: "\t").first ?? "")
            guard file.hasSuffix(".desktop") else { continue }
            var diagnostics: [Diagnostic] = []
            let name = (file as NSString).lastPathComponent
            guard let entry = try? DesktopEntry.load(path: corpus + "/" + file, id: name, diagnostics: &diagnostics),
                entry.isApplication, !entry.mimeTypes.isEmpty
            else { continue }
            result[name] = entry
        }
        return result
    }

    @Test("the classes and their sizes are those docs/roles.md gives")
    func classes() throws {
        let entries = try Self.applications()
        #expect(entries.count == 189)
        var viewers: [String] = []
        var editors: [String] = []
        var broad: [String] = []
        var none: [String] = []
        var annotators: [String] = []
        for (name, entry) in entries {
            if RoleInference.classify(entry, for: .markup).rank == .annotator { annotators.append(name) }
            switch RoleInference.classify(entry, for: .edit) {
            case (.editor?, _): editors.append(name)
            case (.broad?, _): broad.append(name)
            case (nil, let reason) where reason.contains("Viewer"): viewers.append(name)
            default: none.append(name)
            }
        }
        #expect(viewers.count == 45, "\(viewers.sorted())")
        #expect(editors.count == 34, "\(editors.sorted())")
        #expect(broad.count == 41, "\(broad.sorted())")
        #expect(none.count == 69, "\(none.sorted())")
        #expect(annotators == ["com.github.xournalpp.xournalpp.desktop"])
        for viewer in ["org.gnome.eog.desktop", "org.gnome.Evince.desktop", "okularApplication_pdf.desktop", "qpdfview.desktop"] {
            #expect(viewers.contains(viewer))
        }
        for editor in ["gimp.desktop", "org.inkscape.Inkscape.desktop", "libreoffice-draw.desktop", "mypaint.desktop"] {
            #expect(editors.contains(editor))
        }
        #expect(none.contains("nsxiv.desktop") && none.contains("firefox-esr.desktop"))
    }

    @Test("for image/png, the editors GIMP and MyPaint come first and no viewer is proposed")
    func png() throws {
        let entries = try Self.applications().filter { $0.value.mimeTypes.contains("image/png") }
        let ranked = entries.compactMap { name, entry in RoleInference.classify(entry, for: .edit).rank.map { (name, $0) } }
        #expect(Set(ranked.filter { $0.1 == .editor }.map(\.0)) == ["gimp.desktop", "mypaint.desktop"])
        #expect(
            Set(ranked.filter { $0.1 == .broad }.map(\.0)) == [
                "org.darktable.darktable.desktop", "krita_png.desktop", "com.github.jeromerobert.pdfarranger.desktop",
            ])
        #expect(!ranked.contains { entries[$0.0]?.categories.contains("Viewer") == true })
    }
}
