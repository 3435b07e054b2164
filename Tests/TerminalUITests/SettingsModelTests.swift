import Associations
import Testing

@testable import TerminalUI

/// The actions the settings screen asked of its source, in order.
final class SettingsCalls: @unchecked Sendable {
    var calls: [String] = []
}

@Suite("the settings screen's roles, pins and undo, without a terminal")
struct SettingsModelTests {
    static let pdf = SettingsType(
        type: "application/pdf", group: "documents", comment: "PDF document", extensions: [".pdf"],
        defaultApplication: "viewer.desktop", defaultApplicationName: "Viewer", origin: "/config/mimeapps.list:2",
        roles: [
            .edit: SettingsRoleAnswer(
                application: "editor.desktop", name: "Editor", basis: .explicit,
                reason: "[Edit Applications] application/pdf in /config/assoc/roles.list:2"),
            .markup: SettingsRoleAnswer(
                application: "annotator.desktop", name: "Annotator", basis: .inferred,
                reason: "no markup default; inferred: its Keywords say 'annotate'"),
        ])
    static let png = SettingsType(
        type: "image/png", group: "images", comment: "PNG image", extensions: [".png"], defaultApplication: "viewer.desktop",
        defaultApplicationName: "Viewer", origin: "/config/mimeapps.list:3",
        roles: [
            .edit: SettingsRoleAnswer(
                application: "viewer.desktop", name: "Viewer", basis: .fallback,
                reason: "no edit default, none inferred: the view default"),
            .markup: SettingsRoleAnswer(application: nil, basis: .fallback, reason: "no markup application"),
        ], pinnedTo: "viewer.desktop")

    /// A model over the two rows whose source records each call and answers with `rows`.
    static func model(_ calls: SettingsCalls, failing: Bool = false) -> SettingsModel {
        func change(_ call: String, _ rows: [SettingsType]) -> Result<SettingsChange, SettingsProblem> {
            calls.calls.append(call)
            return failing ? .failure(SettingsProblem("refused: " + call)) : .success(SettingsChange(rows: rows, message: call))
        }
        let offers: [Role: [ChooserApplication]] = [
            .view: [ChooserApplication(id: "viewer.desktop", name: "Viewer", source: "default")],
            .edit: [ChooserApplication(id: "editor.desktop", name: "Editor", source: "role default")],
            .markup: [ChooserApplication(id: "annotator.desktop", name: "Annotator", source: "inferred")],
        ]
        let source = SettingsSource(
            applications: { _ in (offers, []) },
            setDefault: { type, role, app in
                var row = type == pdf.type ? pdf : png
                row.roles[role] = SettingsRoleAnswer(application: app, name: app, basis: .explicit, reason: "set")
                return change("set \(type) \(role.rawValue) \(app)", [row])
            },
            setForAllTypes: { app, role in change("all \(app) \(role.rawValue)", []) },
            pin: { type in
                var row = type == pdf.type ? pdf : png
                row.pinnedTo = row.defaultApplication
                return change("pin \(type)", [row])
            },
            unpin: { type in
                var row = type == pdf.type ? pdf : png
                row.pinnedTo = nil
                return change("unpin \(type)", [row])
            },
            undo: { type in change("undo \(type)", []) })
        var model = SettingsModel(types: [pdf, png], applications: [], source: source)
        _ = model.handle(.resize(lines: 24, columns: 80))
        return model
    }

    @Test("at 80 columns every line fits, the three role columns and the marks are drawn, the legend is on the title line")
    func eightyColumns() {
        let model = Self.model(SettingsCalls())
        let lines = model.render(lines: 24, columns: 80).map(\.text)
        #expect(lines.count == 24)
        for line in lines { #expect(TextLayout.width(line) <= 80, "\(line)") }
        #expect(
            lines[0].hasPrefix("assoc settings: Default apps by file type")
                && lines[0].hasSuffix("P pinned  ~ inferred  = fallback"))
        #expect(
            lines[1].contains("TYPE") && lines[1].contains("[VIEW]") && lines[1].contains(" EDIT ")
                && lines[1].contains(" MARKUP"))
        let pdf = lines[2]
        #expect(pdf.hasPrefix(">   documents") && pdf.contains(" Viewer ") && pdf.contains(" Editor "), "\(pdf)")
        #expect(pdf.contains(" ~Annotator"), "an inferred answer is marked: \(pdf)")
        let png = lines[3]
        #expect(png.hasPrefix("  P images"), "a pinned type is marked: \(png)")
        #expect(png.contains(" =Viewer ") && png.contains(" (none)"), "a fallen-back answer is marked: \(png)")
        #expect(lines[22].hasPrefix("viewer.desktop  ·  default from /config/mimeapps.list:2"))
        #expect(lines[23] == TextLayout.fit("Enter choose the view app  Tab role  p pin  u undo  / search  ? keys  q quit", 80))
    }

    @Test("the columns fit every width from 40 to 200, and the comment comes back on a wide terminal")
    func columnWidths() {
        for columns in 40...200 {
            let widths = SettingsModel.typeColumns(columns)
            if columns >= 70 { #expect(widths.total <= columns, "\(columns): \(widths)") }
            #expect(widths.application >= 8 && widths.type >= 18 && widths.group >= 9)
        }
        #expect(SettingsModel.typeColumns(80).comment == 0)
        #expect(SettingsModel.typeColumns(200).comment == 26)
        #expect(SettingsModel.typeColumns(200).application == 24)
    }

    @Test("Tab cycles the role Enter edits: its heading in brackets, its name on the status line, its detail line")
    func tabCyclesTheRole() {
        var model = Self.model(SettingsCalls())
        _ = model.handle(.tab)
        #expect(model.role == .edit)
        var lines = model.render(lines: 24, columns: 80).map(\.text)
        #expect(lines[1].contains("[EDIT]") && !lines[1].contains("[VIEW]"))
        #expect(lines[22].hasPrefix("edit: editor.desktop  ·  [Edit Applications] application/pdf in /config/assoc/"))
        #expect(lines[23].hasPrefix("Enter choose the edit app  Tab role"))
        _ = model.handle(.tab)
        lines = model.render(lines: 24, columns: 80).map(\.text)
        #expect(model.role == .markup && lines[1].contains("[MARKUP]"))
        #expect(lines[22].hasPrefix("markup: annotator.desktop  ·  no markup default; inferred:"), "\(lines[22])")
        _ = model.handle(.down)
        lines = model.render(lines: 24, columns: 80).map(\.text)
        #expect(lines[22] == TextLayout.fit("markup: no markup application", 80), "\(lines[22])")
        _ = model.handle(.tab)
        #expect(model.role == .view)
    }

    @Test("Enter on the edit role opens the chooser on its tab; d writes the edit default and the row changes")
    func enterEditsTheRole() {
        let calls = SettingsCalls()
        var model = Self.model(calls)
        _ = model.handle(.tab)
        _ = model.handle(.enter)
        let chooser = model.render(lines: 24, columns: 80).map(\.text)
        #expect(chooser[0].hasPrefix(" Open [Edit with…] Mark up with…  (Tab)  Edit with: application/pdf"), "\(chooser[0])")
        #expect(chooser[2].hasPrefix("> Editor"))
        #expect(chooser[23].hasPrefix("Enter make it the default"))
        _ = model.handle(.character("d"))
        #expect(calls.calls == ["set application/pdf edit editor.desktop"])
        #expect(model.chooser == nil && model.savedCount == 1)
        #expect(model.types[0].roles[.edit]?.reason == "set")
        #expect(model.render(lines: 24, columns: 80)[23].text.hasPrefix("set application/pdf edit editor.desktop"))
    }

    @Test("the chooser writes the role of the tab it shows: Tab to Mark up with…, then Enter")
    func chooserTabWritesItsRole() {
        let calls = SettingsCalls()
        var model = Self.model(calls)
        _ = model.handle(.enter)
        _ = model.handle(.tab)
        _ = model.handle(.tab)
        _ = model.handle(.enter)
        #expect(calls.calls == ["set application/pdf markup annotator.desktop"])
    }

    @Test("p pins an unpinned type and unpins a pinned one; the row's mark follows")
    func pinAndUnpin() {
        let calls = SettingsCalls()
        var model = Self.model(calls)
        _ = model.handle(.character("p"))
        #expect(model.types[0].pinnedTo == "viewer.desktop")
        #expect(model.render(lines: 24, columns: 80)[2].text.hasPrefix("> P documents"))
        _ = model.handle(.down)
        _ = model.handle(.character("p"))
        #expect(calls.calls == ["pin application/pdf", "unpin image/png"])
        #expect(model.types[1].pinnedTo == nil && model.savedCount == 2)
        _ = model.handle(.up)
        #expect(model.render(lines: 24, columns: 80)[22].text.hasPrefix("viewer.desktop (pinned)  ·  default from"))
        #expect(model.render(lines: 24, columns: 80)[23].text.hasPrefix("unpin image/png"))
    }

    @Test("u undoes the highlighted type's last change; a refusal is on the status line and counts as no change")
    func undo() {
        let calls = SettingsCalls()
        var model = Self.model(calls, failing: true)
        _ = model.handle(.down)
        _ = model.handle(.character("u"))
        #expect(calls.calls == ["undo image/png"])
        #expect(model.savedCount == 0)
        #expect(model.render(lines: 24, columns: 80)[23].text.hasPrefix("refused: undo image/png"))
    }

    @Test("by application, Enter sets the role shown for all its types; p and u do nothing there; ? shows keys and marks")
    func byApplicationAndHelp() {
        let calls = SettingsCalls()
        let source = SettingsSource(
            applications: { _ in ([:], []) },
            setDefault: { _, _, _ in .failure(SettingsProblem("no")) },
            setForAllTypes: { app, role in
                calls.calls.append("all \(app) \(role.rawValue)")
                return .success(SettingsChange(rows: [], message: "done"))
            })
        var model = SettingsModel(
            types: [Self.pdf], applications: [ChooserApplication(id: "editor.desktop", name: "Editor", source: "installed")],
            source: source)
        _ = model.handle(.character("a"))
        _ = model.handle(.tab)
        _ = model.handle(.tab)
        #expect(model.render(lines: 24, columns: 80)[23].text.hasPrefix("Enter set for all its types (markup)  Tab role"))
        _ = model.handle(.character("p"))
        _ = model.handle(.character("u"))
        _ = model.handle(.enter)
        #expect(calls.calls == ["all editor.desktop markup"])
        _ = model.handle(.character("?"))
        let help = model.render(lines: 24, columns: 80).map(\.text)
        #expect(help[0].hasPrefix("assoc settings: keys"))
        #expect(
            help.contains { $0.hasPrefix("  p ") } && help.contains { $0.hasPrefix("  u ") }
                && help.contains { $0.hasPrefix("  ~ ") })
        _ = model.handle(.character("x"))
        #expect(!model.showsHelp)
    }
}
