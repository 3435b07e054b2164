import AssocTestSupport
import DesktopEntry
import Foundation
import Launching
import Testing
import XDGSupport

/// An entry parsed from literal text.
func entry(exec: String, id: String = "app.desktop", extra: String = "") throws -> DesktopEntry {
    var diagnostics: [Diagnostic] = []
    return try DesktopEntry.parse(
        "[Desktop Entry]\nType=Application\nName=App\nIcon=app-icon\nExec=\(exec)\n\(extra)",
        path: "/apps/\(id)", id: id, diagnostics: &diagnostics)
}

let hostileNames = [
    "with space.pdf", "quote\"double.pdf", "quote'single.pdf", "semi;colon.pdf", "$(touch pwned).pdf", "`id`.pdf",
    "hash#frag.pdf", "-leading-dash.pdf", "new\nline.pdf", "back\\slash.pdf", "percent%f.pdf", "tab\there.pdf",
]

@Suite("Exec expansion (SPECS rules 74–78)")
struct ExecExpanderTests {
    @Test("each target is exactly one argument, whatever its name", arguments: ["%f", "%F", "%u", "%U"])
    func hostileNamesStayWhole(code: String) throws {
        let app = try entry(exec: "viewer --flag \(code)")
        let targets = hostileNames.map { LaunchTarget.file("/tmp/dir/" + $0) }
        let plans = try ExecExpander.plans(for: app, targets: targets)
        let perTarget = code == "%f" || code == "%u"
        #expect(plans.count == (perTarget ? targets.count : 1))
        let passed = plans.flatMap { Array($0.argv.dropFirst(2)) }
        let asURLs = code == "%u" || code == "%U"
        #expect(passed == targets.map { asURLs ? FileURL.url(forAbsolutePath: $0.text) : $0.text })
        #expect(plans.allSatisfy { Array($0.argv.prefix(2)) == ["viewer", "--flag"] })
    }

    @Test("field codes: %i, %c, %k, %%, deprecated codes dropped")
    func fieldCodes() throws {
        let app = try entry(exec: "app %i --name=%c --from %k 100%% %d %N %f")
        let plan = try #require(try ExecExpander.plans(for: app, targets: [.file("/x")]).first)
        #expect(plan.argv == ["app", "--icon", "app-icon", "--name=App", "--from", "/apps/app.desktop", "100%", "/x"])
    }

    @Test(
        "an unknown field code, two file codes, or %F inside an argument make the entry invalid",
        arguments: [
            "app %z", "app %f %U", "app --files=%F", "app %",
        ])
    func invalid(exec: String) throws {
        let app = try entry(exec: exec)
        #expect(throws: LaunchError.self) { try ExecExpander.plans(for: app, targets: [.file("/x")]) }
    }

    @Test("with no file code the targets are appended, one process each; a URL to a %f app is refused")
    func appendAndURLs() throws {
        let plans = try ExecExpander.plans(for: try entry(exec: "app --new"), targets: [.file("/a"), .file("/b")])
        #expect(plans.map(\.argv) == [["app", "--new", "/a"], ["app", "--new", "/b"]])
        #expect(throws: LaunchError.self) {
            try ExecExpander.plans(for: try entry(exec: "app %f"), targets: [.url("https://x/")])
        }
        let url = try ExecExpander.plans(for: try entry(exec: "browser %u"), targets: [.url("https://x/a b")])
        #expect(url.first?.argv == ["browser", "https://x/a b"])
    }

    @Test(
        "quoting: escapes inside quotes, and the two-level escaping of emacsclient-mail.desktop",
        .enabled(if: Corpus.path("freedesktop-debian/applications/emacsclient-mail.desktop") != nil))
    func emacsclientMail() throws {
        let path = try #require(Corpus.path("freedesktop-debian/applications/emacsclient-mail.desktop"))
        var diagnostics: [Diagnostic] = []
        let mail = try DesktopEntry.load(path: path, id: "emacsclient-mail.desktop", diagnostics: &diagnostics)
        let plan = try #require(try ExecExpander.plans(for: mail, targets: [.url("mailto:a@b.c")]).first)
        // Key-file unescaping turns \\ into \, then the quoting rules turn \$ \" \\ into $ " \.
        #expect(
            plan.argv == [
                "bash", "-c",
                "u=${1//\\\\/\\\\\\\\}; u=${u//\\\"/\\\\\\\"}; exec emacsclient --alternate-editor= --display=\"$DISPLAY\" --eval \"(message-mailto \\\"$u\\\")\"",
                "bash", "mailto:a@b.c",
            ])
    }

    @Test("every Exec line of the corpus expands", .enabled(if: Corpus.path("freedesktop-debian/applications") != nil))
    func corpusExecLines() throws {
        let root = try #require(Corpus.path("freedesktop-debian/applications"))
        let files =
            FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".desktop") } ?? []
        #expect(files.count >= 350)
        var failures: [String] = []
        var expanded = 0
        for file in files {
            var diagnostics: [Diagnostic] = []
            guard let app = try? DesktopEntry.load(path: root + "/" + file, id: file, diagnostics: &diagnostics),
                app.exec != nil
            else { continue }
            do {
                _ = try ExecExpander.plans(for: app, targets: [.file("/tmp/some file.txt")])
                expanded += 1
            } catch LaunchError.urlToFileApplication {
                expanded += 1
            } catch {
                failures.append("\(file): \(error)")
            }
        }
        #expect(expanded >= 340)
        #expect(failures.isEmpty, "\(failures)")
    }
}
