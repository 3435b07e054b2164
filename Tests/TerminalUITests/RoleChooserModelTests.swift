import Associations
import TerminalUI
import Testing

@Suite("the chooser's roles, without a terminal")
struct RoleChooserModelTests {
    let offers: [Role: [ChooserApplication]] = [
        .view: [ChooserApplication(id: "viewer.desktop", name: "Viewer", source: "default")],
        .edit: [ChooserApplication(id: "editor.desktop", name: "Editor", source: "its Categories say 2DGraphics")],
        .markup: [
            ChooserApplication(id: "annotator.desktop", name: "Annotator", source: "its Keywords say 'PDF Annotation'"),
            ChooserApplication(id: "editor.desktop", name: "Editor", source: "handles application/pdf"),
        ],
    ]

    @Test("Tab goes Open → Edit with… → Mark up with… → Open, each with its own rows, and 80×24 shows the keys")
    func tabs() {
        var model = ChooserModel(
            subject: "a.pdf", offers: offers, roles: Role.allCases, role: .view, everything: [], allowsPerFile: true)
        var lines = model.render(lines: 24, columns: 80).map(\.text)
        #expect(lines[0].hasPrefix("[Open] Edit with…  Mark up with…  (Tab)  Open with: a.pdf"), "\(lines[0])")
        #expect(lines[2].hasPrefix("> Viewer"))
        #expect(lines[23].contains("d always use this app"))
        _ = model.handle(.tab)
        #expect(model.role == .edit && model.current?.id == "editor.desktop")
        _ = model.handle(.tab)
        lines = model.render(lines: 24, columns: 80).map(\.text)
        #expect(lines[0].contains("[Mark up with…]") && lines[0].contains("Mark up with: a.pdf"))
        #expect(lines[2].hasPrefix("> Annotator"))
        _ = model.handle(.tab)
        #expect(model.role == .view)
    }

    @Test("the answer carries the role shown: d on Mark up with… asks for the markup default")
    func answerRole() {
        var model = ChooserModel(
            subject: "a.pdf", offers: offers, roles: Role.allCases, role: .markup, everything: [], allowsPerFile: true)
        guard case .finish(let always) = model.handle(.character("d")) else {
            Issue.record("d did not finish")
            return
        }
        #expect(always == ChooserAnswer(id: "annotator.desktop", action: .always, role: .markup))
        var view = ChooserModel(subject: "a.pdf", offered: offers[.view]!, everything: [], allowsPerFile: false)
        _ = view.handle(.tab)
        #expect(view.role == .view, "a chooser of one role has no tabs")
        guard case .finish(let once) = view.handle(.enter) else {
            Issue.record("Enter did not finish")
            return
        }
        #expect(once == ChooserAnswer(id: "viewer.desktop", action: .once))
    }
}
