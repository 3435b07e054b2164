import TerminalUI
import Testing

@Suite("the Open-with chooser's model, without a terminal")
struct ChooserModelTests {
    let offered = [
        ChooserApplication(id: "viewer.desktop", name: "Viewer", source: "default"),
        ChooserApplication(id: "other.desktop", name: "Other", source: "recommended for application/pdf"),
    ]
    let everything = [
        ChooserApplication(id: "editor.desktop", name: "Editor", source: "installed"),
        ChooserApplication(id: "viewer.desktop", name: "Viewer", source: "installed"),
    ]

    @Test("the default comes first, then the others, then All applications…, which lists every other installed one")
    func sections() {
        var model = ChooserModel(subject: "a.pdf", offered: offered, everything: everything, allowsPerFile: true)
        let lines = model.render(lines: 10, columns: 80).map(\.text)
        #expect(lines[2].hasPrefix("> Viewer") && lines[2].contains("viewer.desktop") && lines[2].contains("default"))
        #expect(lines[4].contains("All applications…"))
        _ = model.handle(.end)
        _ = model.handle(.enter)
        #expect(model.rows.map(\.id) == ["viewer.desktop", "other.desktop", "editor.desktop"])
        #expect(model.current?.id == "editor.desktop")
    }

    @Test("Enter opens once, d always uses the app, f only for these files; Esc cancels")
    func actions() {
        var model = ChooserModel(subject: "a.pdf", offered: offered, everything: everything, allowsPerFile: true)
        _ = model.handle(.down)
        guard case .finish(let once) = model.handle(.enter), case .finish(let always) = model.handle(.character("d")),
            case .finish(let files) = model.handle(.character("f"))
        else {
            Issue.record("an action did not finish")
            return
        }
        #expect(once == ChooserAnswer(id: "other.desktop", action: .once))
        #expect(always.action == .always && files.action == .theseFiles)
        guard case .cancel = model.handle(.escape) else {
            Issue.record("Esc did not cancel")
            return
        }
    }

    @Test("/ searches by name or desktop ID")
    func search() {
        var model = ChooserModel(subject: "a.pdf", offered: offered, everything: everything, allowsPerFile: false)
        for key: Key in [.character("/"), .character("o"), .character("t"), .character("h"), .enter] { _ = model.handle(key) }
        #expect(model.current?.id == "other.desktop")
        #expect(model.list.visible.count == 1)
    }
}
