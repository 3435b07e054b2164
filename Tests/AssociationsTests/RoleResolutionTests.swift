import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// A world with a viewer (`Categories=Graphics;Viewer;`), an editor (`Graphics;2DGraphics;`) and
/// an annotator (`Keywords=PDF Annotation;Markup;`, as Xournal++ says), on the system's database.
func rolesWorld() throws -> (TemporaryXDGTree, [String: String]) {
    let tree = try TemporaryXDGTree()
    try tree.linkSystemMIMEDatabase()
    for (name, types, extra) in [
        ("viewer", "application/pdf;image/png;text/plain;", "Categories=Graphics;Viewer;\n"),
        ("editor", "image/png;application/pdf;", "Categories=Graphics;2DGraphics;\n"),
        ("annotator", "application/pdf;", "Categories=Office;\nKeywords=PDF Annotation;Markup;\n"),
        ("texteditor", "text/plain;", "Categories=Utility;TextEditor;\n"),
    ] {
        try tree.write(
            "usr-share/applications/\(name).desktop",
            "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(name)-stub %f\nMimeType=\(types)\n\(extra)")
        let stub = try tree.write("bin/\(name)-stub", "#!/bin/sh\nexit 0\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
    }
    var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
    variables["PATH"] = tree.path("bin") + ":/usr/bin:/bin"
    return (tree, variables)
}

@Suite("edit and markup roles: resolution and the editor", .enabled(if: hasSystemMIME))
struct RoleResolutionTests {
    func resolver(_ variables: [String: String]) -> AssociationResolver {
        let environment = XDGEnvironment(variables)
        return AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
    }

    @Test("with no role default, edit is inferred: the 2DGraphics editor, never the Viewer")
    func inferredEditor() throws {
        let (tree, variables) = try rolesWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("config/mimeapps.list", "[Default Applications]\nimage/png=viewer.desktop;\n")
        let answer = RoleResolver(resolver: resolver(variables)).resolve("image/png", role: .edit)
        #expect(answer.application == "editor.desktop")
        #expect(answer.candidates.map(\.id) == ["editor.desktop", "viewer.desktop"])
        #expect(answer.candidates.last?.source == .viewDefault)
        #expect(answer.steps.contains { $0.contains("viewer.desktop: not proposed: its Categories say Viewer") })
    }

    @Test("markup prefers the annotator's keyword, then the edit default, before the other editors")
    func markupOrder() throws {
        let (tree, variables) = try rolesWorld()
        defer { withExtendedLifetime(tree) {} }
        var answer = RoleResolver(resolver: resolver(variables)).resolve("application/pdf", role: .markup)
        #expect(answer.candidates.map(\.id).prefix(2) == ["annotator.desktop", "editor.desktop"])
        try tree.write("config/assoc/roles.list", "[Edit Applications]\napplication/pdf=viewer.desktop;\n")
        answer = RoleResolver(resolver: resolver(variables)).resolve("application/pdf", role: .markup)
        #expect(answer.application == "viewer.desktop")
        #expect(answer.candidates.first?.source == .editDefault)
    }

    @Test("image/png with only an image/* edit line: the type's key, then its supertypes', then the wildcard")
    func wildcardAfterSupertypes() throws {
        let (tree, variables) = try rolesWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("etc-xdg/assoc/roles.list", "[Edit Applications]\nimage/*=viewer.desktop;\n")
        let roles = RoleResolver(resolver: resolver(variables))
        #expect(roles.keys(for: "image/png") == ["image/png", "image/*"])
        let answer = roles.resolve("image/png", role: .edit)
        #expect(answer.application == "viewer.desktop")
        #expect(answer.candidates.first?.reason.contains("image/*") == true)
        // A supertype's line comes before any wildcard: text/x-python is a kind of text/plain.
        try tree.write("config/assoc/roles.list", "[Edit Applications]\ntext/*=viewer.desktop;\ntext/plain=texteditor.desktop;\n")
        let python = RoleResolver(resolver: resolver(variables)).resolve("text/x-python", role: .edit)
        #expect(python.candidates.map(\.id).prefix(2) == ["texteditor.desktop", "viewer.desktop"])
    }

    @Test("the user's list comes before a system one, and a desktop's list before the plain one")
    func precedence() throws {
        let (tree, variables) = try rolesWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("etc-xdg/assoc/roles.list", "[Edit Applications]\nimage/png=viewer.desktop;\n")
        try tree.write("config/assoc/roles.list", "[Edit Applications]\nimage/png=absent.desktop;editor.desktop;\n")
        #expect(RoleResolver(resolver: resolver(variables)).resolve("image/png", role: .edit).application == "editor.desktop")
        var gnome = variables
        gnome["XDG_CURRENT_DESKTOP"] = "GNOME"
        try tree.write("config/assoc/gnome-roles.list", "[Edit Applications]\nimage/png=viewer.desktop;\n")
        #expect(RoleResolver(resolver: resolver(gnome)).resolve("image/png", role: .edit).application == "viewer.desktop")
    }

    @Test("the editor writes a role default to roles.list losslessly and leaves mimeapps.list alone")
    func editorWrites() throws {
        let (tree, variables) = try rolesWorld()
        defer { withExtendedLifetime(tree) {} }
        let original = "# mine\n[Markup Applications]\ntext/plain=texteditor.desktop;\n\n[X-Other]\nkey=value\n"
        try tree.write("config/assoc/roles.list", original)
        let resolver = resolver(variables)
        let editor = DefaultsEditor(environment: resolver.environment, database: resolver.database, resolver: resolver)
        let report = try editor.apply(
            EditRequest(.set, .target("application/pdf"), application: "annotator.desktop", role: .markup))
        #expect(report.file == tree.path("config/assoc/roles.list"))
        let text = try String(contentsOfFile: tree.path("config/assoc/roles.list"), encoding: .utf8)
        #expect(
            text
                == "# mine\n[Markup Applications]\ntext/plain=texteditor.desktop;\napplication/pdf=annotator.desktop;\n\n[X-Other]\nkey=value\n"
        )
        #expect(!FileManager.default.fileExists(atPath: tree.path("config/mimeapps.list")))
        _ = try editor.apply(EditRequest(.unset, .target("application/pdf"), role: .markup))
        #expect(try String(contentsOfFile: tree.path("config/assoc/roles.list"), encoding: .utf8) == original)
        #expect(throws: EditRefusal.notForRole(.add, .edit)) {
            try editor.apply(EditRequest(.add, .target("image/png"), application: "editor.desktop", role: .edit))
        }
    }
}
