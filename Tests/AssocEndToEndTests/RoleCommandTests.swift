import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// A world of recording applications for the roles: a viewer (`Categories=Graphics;Viewer;`), an
/// editor (`Categories=Graphics;2DGraphics;`), an annotator (`Keywords=PDF Annotation;Markup;`), a
/// painter (`Categories=Graphics;`) and a text editor; the viewer is the view default of PDFs and
/// PNGs. Each stub records its argv as `recorded(_:_:)` reads it.
func rolesLaunchWorld() throws -> (TemporaryXDGTree, [String: String]) {
    let (tree, variables) = try recordingWorld([
        ("viewer", "%f", "MimeType=application/pdf;image/png;\nCategories=Graphics;Viewer;\n"),
        ("editor", "%f", "MimeType=image/png;application/pdf;\nCategories=Graphics;2DGraphics;\n"),
        ("annotator", "%f", "MimeType=application/pdf;\nCategories=Office;\nKeywords=PDF Annotation;Markup;\n"),
        ("painter", "%f", "MimeType=image/png;\nCategories=Graphics;\n"),
        ("texteditor", "%f", "MimeType=text/plain;\nCategories=Utility;TextEditor;\n"),
    ])
    try tree.write(
        "config/mimeapps.list",
        "[Default Applications]\napplication/pdf=viewer.desktop;\nimage/png=viewer.desktop;\n")
    return (tree, variables)
}

@Suite("roles: view, edit and mark up, run as processes", .enabled(if: hasSystemDatabase))
struct RoleCommandTests {
    /// What GIO and xdg-mime answer for `type`, asked of the real tools (nil for an absent one).
    func peerAnswers(_ type: String, _ variables: [String: String]) throws -> [String?] {
        var answers: [String?] = []
        if let gio = Corpus.program("gio") {
            answers.append(try ProcessRunner.run(gio, ["mime", type], environment: variables).standardOutput)
        } else {
            answers.append(nil)
        }
        if let xdgMime = Corpus.program("xdg-mime") {
            answers.append(try ProcessRunner.run(xdgMime, ["query", "default", type], environment: variables).standardOutput)
        } else {
            answers.append(nil)
        }
        return answers
    }

    @Test(
        "set --role markup writes roles.list; gio mime and xdg-mime query default answer as before",
        .enabled(if: Corpus.program("gio") != nil || Corpus.program("xdg-mime") != nil, "neither gio nor xdg-mime is installed"))
    func peersUnchanged() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        let mimeapps = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        let before = try peerAnswers("application/pdf", variables)
        #expect(before.compactMap { $0 }.allSatisfy { $0.contains("viewer.desktop") }, "\(before)")
        let set = try ProcessRunner.assoc(
            ["set", "--role", "markup", "application/pdf", "annotator.desktop"], environment: variables)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(
            set.standardOutput.contains("+ application/pdf=annotator.desktop; (in [Markup Applications])"),
            "\(set.standardOutput)")
        #expect(
            try String(contentsOfFile: tree.path("config/assoc/roles.list"), encoding: .utf8)
                == "[Markup Applications]\napplication/pdf=annotator.desktop;\n")
        #expect(try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == mimeapps)
        #expect(try peerAnswers("application/pdf", variables) == before)
        let role = try ProcessRunner.assoc(["default", "--role", "markup", "application/pdf"], environment: variables)
        #expect(role.standardOutput == "annotator.desktop\n")
        let view = try ProcessRunner.assoc(["default", "application/pdf"], environment: variables)
        #expect(view.standardOutput == "viewer.desktop\n")
    }

    @Test(
        "open --markup on a downloaded report.pdf launches the annotator on 'report (marked up).pdf', an identical copy",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes, "the temporary directory's file system refuses user.* attributes"))
    func downloadedOnACopy() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        let bytes = Array("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n".utf8) + (0..<64).map { UInt8($0) }
        let report = try tree.write("Downloads/report.pdf", bytes: bytes)
        try ExtendedAttributes.set(ExtendedAttributes.originURL, to: "https://example.org/report.pdf", on: report)
        _ = try ProcessRunner.assoc(["set", "--role", "markup", "application/pdf", "annotator.desktop"], environment: variables)
        let result = try ProcessRunner.assoc(["open", "--markup", report], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        let copy = tree.path("Downloads/report (marked up).pdf")
        #expect(result.standardOutput.contains(copy), "the copy's path is printed: \(result.standardOutput)")
        #expect(recorded(tree, "annotator") == [copy])
        #expect(recorded(tree, "viewer") == nil)
        #expect(FileManager.default.contents(atPath: copy).map(Array.init) == bytes)
        #expect(FileManager.default.contents(atPath: report).map(Array.init) == bytes)
        // Again: the first copy is never overwritten; the next one is numbered.
        let again = try ProcessRunner.assoc(["open", "--markup", report], environment: variables)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains(tree.path("Downloads/report (marked up) (2).pdf")), "\(again.standardOutput)")
        #expect(FileManager.default.contents(atPath: copy).map(Array.init) == bytes)
    }

    @Test("open --markup on a local file works in place; --copy makes a copy all the same")
    func localInPlace() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        let report = try tree.write("docs/report.pdf", "%PDF-1.4\n")
        let result = try ProcessRunner.assoc(["open", "--markup", report], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        // No markup default: the annotator is inferred from its Keywords.
        #expect(recorded(tree, "annotator") == [report])
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("docs")) == ["report.pdf"])
        let copy = try ProcessRunner.assoc(["open", "--markup", "--copy", "--dry-run", report], environment: variables)
        #expect(copy.standardOutput.contains("annotator.desktop: annotator-stub '\(tree.path("docs/report (marked up).pdf"))'"))
    }

    @Test("open --edit: an image/* edit line applies to image/png, a text/plain line to text/x-python (a supertype)")
    func wildcardAndSupertype() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write(
            "config/assoc/roles.list", "[Edit Applications]\nimage/*=painter.desktop;\ntext/plain=texteditor.desktop;\n")
        let png = try tree.write("a.png", bytes: TestPNG.image(texts: []))
        let python = try tree.write("b.py", "print(1)\n")
        let result = try ProcessRunner.assoc(["open", "--edit", png, python], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recorded(tree, "painter") == [png])
        #expect(recorded(tree, "texteditor") == [python])
        let explained = try ProcessRunner.assoc(["explain", "--role", "edit", "image/png"], environment: variables)
        #expect(explained.standardOutput.contains("keys tried, most specific first: image/png, image/*"))
        #expect(explained.standardOutput.contains("[Edit Applications] image/*=painter.desktop;"))
        #expect(explained.standardOutput.contains("edit: painter.desktop (role default"), "\(explained.standardOutput)")
    }

    @Test(
        "open --edit x.png, image/png given a supertype by a package: the supertype's line before image/*, then image/* alone")
    func supertypeBeforeWildcard() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        // The real database gives image/png no supertype: a package in XDG_DATA_HOME gives it one,
        // compiled by assoc's own compiler, as the person would.
        try tree.write(
            "data/mime/packages/test-raster.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="image/x-test-raster"><comment>test raster image</comment></mime-type>
              <mime-type type="image/png"><sub-class-of type="image/x-test-raster"/></mime-type>
            </mime-info>

            """)
        let update = try ProcessRunner.assoc(["types", "update"], environment: variables)
        #expect(update.status == 0, "\(update.standardError)")
        #expect(try ProcessRunner.assoc(["is-a", "image/png", "image/x-test-raster"], environment: variables).status == 0)
        let png = try tree.write("x.png", bytes: TestPNG.image(texts: []))
        let roles = tree.path("config/assoc/roles.list")
        // The wildcard's line comes first in the file: the order is the rule's, not the file's.
        try tree.write(
            "config/assoc/roles.list", "[Edit Applications]\nimage/*=viewer.desktop;\nimage/x-test-raster=painter.desktop;\n")
        let result = try ProcessRunner.assoc(["open", "--edit", png], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recorded(tree, "painter") == [png])
        #expect(recorded(tree, "viewer") == nil && recorded(tree, "editor") == nil)
        let explained = try ProcessRunner.assoc(["explain", "--role", "edit", "image/png"], environment: variables).standardOutput
        let lines = explained.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let steps = [
            "keys tried, most specific first: image/png, image/x-test-raster, image/*",
            "\(roles):3: [Edit Applications] image/x-test-raster=painter.desktop;",
            "\(roles):2: [Edit Applications] image/*=viewer.desktop;",
            "then the inference from the applications that handle image/png (docs/roles.md):",
            "editor.desktop: proposed (an editor): its Categories say 2DGraphics, an editing category, and not Viewer",
            "last, the view default: viewer.desktop",
            "edit: painter.desktop (role default: [Edit Applications] image/x-test-raster in \(roles):3)",
        ]
        let found = steps.map { step in lines.firstIndex(of: step) }
        #expect(found.allSatisfy { $0 != nil } && found.map { $0 ?? 0 } == found.map { $0 ?? 0 }.sorted(), "\(explained)")

        // Only the wildcard: it wins over the inference (the editor) and the view default (the viewer).
        try FileManager.default.removeItem(atPath: tree.path("records/painter"))
        try tree.write("config/assoc/roles.list", "[Edit Applications]\nimage/*=painter.desktop;\n")
        let wildcard = try ProcessRunner.assoc(["open", "--edit", png], environment: variables)
        #expect(wildcard.status == 0, "\(wildcard.standardError)")
        #expect(recorded(tree, "painter") == [png])
        #expect(recorded(tree, "viewer") == nil && recorded(tree, "editor") == nil)
        let alone = try ProcessRunner.assoc(["explain", "--role", "edit", png], environment: variables).standardOutput
        #expect(alone.contains("keys tried, most specific first: image/png, image/x-test-raster, image/*"), "\(alone)")
        #expect(alone.contains("\(roles):2: [Edit Applications] image/*=painter.desktop;"), "\(alone)")
        #expect(!alone.contains("image/x-test-raster="), "\(alone)")
        #expect(alone.contains("edit: painter.desktop (role default: [Edit Applications] image/* in \(roles):2)"), "\(alone)")
    }

    @Test("with no edit default, the inference picks the 2DGraphics editor, never the Viewer, and explain says why")
    func inference() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        let png = try tree.write("a.png", bytes: TestPNG.image(texts: []))
        let result = try ProcessRunner.assoc(["open", "--edit", png], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recorded(tree, "editor") == [png])
        #expect(recorded(tree, "viewer") == nil)
        let explained = try ProcessRunner.assoc(["explain", "--role", "edit", png], environment: variables).standardOutput
        #expect(explained.contains("viewer.desktop: not proposed: its Categories say Viewer"), "\(explained)")
        #expect(explained.contains("editor.desktop: proposed (an editor): its Categories say 2DGraphics"), "\(explained)")
        #expect(explained.contains("  edit: editor.desktop (inference:"), "\(explained)")
        let apps = try ProcessRunner.assoc(["apps", "--role", "edit", "image/png"], environment: variables).standardOutput
        #expect(apps.contains("1. editor.desktop (editor) — inference"), "\(apps)")
        #expect(!apps.contains("viewer.desktop (viewer) — inference"), "\(apps)")
    }

    @Test("check reports a role default that is not installed, and one that does not declare its type")
    func check() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/assoc/roles.list", "[Edit Applications]\nimage/png=gone.desktop;\ntext/plain=annotator.desktop;\n")
        let result = try ProcessRunner.assoc(["check", "--json"], environment: variables)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.contains("'gone.desktop' is not installed") }, "\(result.standardOutput)")
        #expect(
            lines.contains { $0.contains("annotator.desktop") && $0.contains("declares neither") }, "\(result.standardOutput)")
    }
}

@Suite(
    "the chooser's roles in a real terminal (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct RoleChooserScreenTests {
    @Test("Tab to \"Mark up with…\", then d (Always use) writes roles.list and leaves mimeapps.list alone")
    func markUpAlwaysUse() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        let mimeapps = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        let document = try tree.write("report.pdf", "%PDF-1.4\n")
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--print", document], environment: environment, directory: tree.root)
        let opened = try session.waitFor("Open with:")
        #expect(opened.contains("[Open]") && opened.contains("Edit with…") && opened.contains("Mark up with…"), "\(opened)")
        try session.send("Tab")
        try session.send("Tab")
        let markup = try session.waitFor("Mark up with: ")
        let rows = markup.split(separator: "\n").map(String.init)
        #expect(rows.first?.contains("[Mark up with…]") == true, "\(markup)")
        #expect(rows.count > 2 && rows[2].hasPrefix("> annotator") && rows[2].contains("PDF Annotation"), "\(markup)")
        try session.send("d")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("annotator.desktop\n"), "\(result.standardOutput)")
        #expect(
            try String(contentsOfFile: tree.path("config/assoc/roles.list"), encoding: .utf8)
                == "[Markup Applications]\napplication/pdf=annotator.desktop;\n")
        #expect(try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == mimeapps)
    }
}

@Suite(
    "assoc pick hands its choice to the markup role (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct RolePickScreenTests {
    @Test("m on a document opens it as open --markup does: the annotator, on the file itself")
    func markUpKey() throws {
        let (tree, variables) = try rolesLaunchWorld()
        defer { withExtendedLifetime(tree) {} }
        let report = try tree.write("docs/report.pdf", "%PDF-1.4\n")
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick", tree.path("docs")], environment: environment, directory: tree.root)
        try session.waitFor("report.pdf")
        try session.send("m")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recorded(tree, "annotator") == [report])
    }
}
