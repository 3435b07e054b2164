import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// `DefaultsEditor` on `set .EXT APP` for an extension no type claims: the library defines GIO's
/// type and says so in the report; the front ends only render it.
@Suite("set of an extension no type claims defines GIO's type", .enabled(if: hasSystemMIME))
struct ExtensionTypeEditTests {
    /// A tree with the system's database, an editor application and a hidden one, and an editor over it.
    private func world() throws -> (TemporaryXDGTree, XDGEnvironment) {
        let tree = try TemporaryXDGTree()
        let system = try tree.linkSystemMIMEDatabase()
        try tree.write(
            "apps/applications/editor.desktop",
            "[Desktop Entry]\nType=Application\nName=Editor\nExec=true %f\nMimeType=text/plain;\n")
        try tree.write(
            "apps/applications/hidden.desktop", "[Desktop Entry]\nType=Application\nName=Hidden\nExec=true %f\nHidden=true\n")
        var variables = tree.variables(dataDirs: ["apps", system])
        variables["PKGSYSTEM_ENABLE_FSYNC"] = "0"
        return (tree, XDGEnvironment(variables))
    }

    private func editor(_ environment: XDGEnvironment) -> DefaultsEditor {
        let database = MIMEDatabase(environment: environment)
        return DefaultsEditor(
            environment: environment, database: database,
            resolver: AssociationResolver(environment: environment, database: database))
    }

    @Test("the type is defined, compiled and made the default; the report tells; a second set finds it defined")
    func defines() throws {
        let (tree, environment) = try world()
        let report = try editor(environment).apply(EditRequest(.set, .target(".foo"), application: "editor.desktop"))
        let package = tree.path("data/mime/packages/user-extension-foo.xml")
        #expect(report.types == ["application/x-extension-foo"])
        #expect(
            report.definedType
                == DefinedType(
                    type: "application/x-extension-foo", pattern: "*.foo", package: package, written: true, problems: []))
        #expect(report.answers.map(\.after) == ["editor.desktop"])
        #expect(report.request.targetText == ".foo")
        let after = MIMEDatabase(environment: environment)
        #expect(TypeDetector(database: after).detect(name: "x.foo").type == "application/x-extension-foo")
        let rules = try String(contentsOfFile: tree.path("config/assoc/rules.list"), encoding: .utf8)
        #expect(rules.contains(".foo=editor.desktop;all;"), "the rule covers the type made for the application")
        let again = try editor(environment).apply(EditRequest(.set, .target(".foo"), application: "editor.desktop"))
        #expect(again.definedType == nil)
        #expect(again.types == ["application/x-extension-foo"])
    }

    @Test("a dry run defines nothing; an unusable application is refused before anything is written")
    func dryRunAndRefusal() throws {
        let (tree, environment) = try world()
        let dry = try editor(environment).apply(EditRequest(.set, .target(".foo"), application: "editor.desktop", dryRun: true))
        #expect(dry.definedType?.written == false)
        guard case .wouldWrite(let diff) = dry.change else {
            Issue.record("a dry run wrote: \(dry.change)")
            return
        }
        #expect(diff.contains("+application/x-extension-foo=editor.desktop;"))
        #expect(!FileManager.default.fileExists(atPath: tree.path("data/mime")))
        #expect(throws: EditRefusal.self) {
            try editor(environment).apply(EditRequest(.set, .target(".foo"), application: "hidden.desktop"))
        }
        #expect(!FileManager.default.fileExists(atPath: tree.path("data/mime")))
        // An extension some type claims is read as before: no type is made.
        let known = try editor(environment).apply(
            EditRequest(.set, .target(".txt"), application: "editor.desktop", dryRun: true))
        #expect(known.definedType == nil)
        #expect(known.types == ["text/plain"])
    }
}
