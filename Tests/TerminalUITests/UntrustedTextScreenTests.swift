import DocumentProvider
import Testing
import XDGSupport

@testable import TerminalUI

/// What a type's package, a file and a portal request may put on a screen: each is drawn escaped.
@Suite("untrusted text on the screens")
struct UntrustedTextScreenTests {
    /// A right-to-left override, OSC 52, a C1 CSI and a line feed.
    static let hostile = "\u{202E}fdp.exe\u{1B}]52;c;SGk=\u{07}\u{9B}41m\nassoc: fake"
    /// The same, as a screen shows it.
    static let shown = "\\u{202e}fdp.exe\\u{1b}]52;c;SGk=\\u{7}\\u{9b}41m\\u{a}assoc: fake"

    /// Whether no line of `lines` has a character that may not reach a terminal raw.
    static func allEscaped(_ lines: [StyledLine]) -> Bool {
        !lines.contains { $0.text.unicodeScalars.contains(where: Terminal.needsEscaping) }
    }

    /// A picker over `/docs` holding one document of type `type`, whose comment and whose reason
    /// for not passing the filter are hostile.
    static func picker(type: String, configuration: PickerConfiguration = PickerConfiguration()) throws -> PickerModel {
        let document = Document(
            path: "/docs/report.pdf", type: type, isDirectory: false, size: 10, modifiedSeconds: 1, location: .local,
            available: true)
        let source = PickerSource(
            list: { path, _ in path == "/docs" ? .success(FolderListing(documents: [document])) : .failure(PickerProblem("no")) },
            nonConformance: { _, _ in "reason " + hostile }, comment: { _ in "comment " + hostile },
            makeDirectory: { _ in nil }, exists: { _ in false }, now: 2)
        var filtered = configuration
        filtered.filterNames = ["PDF"]
        // The document does not pass the filter: shown, as `a` shows it, so that its reason is drawn.
        if filtered.showsUnavailable == nil { filtered.showsUnavailable = true }
        var model = try PickerModel(configuration: filtered, source: source, directory: "/docs")
        _ = model.handle(.resize(lines: 20, columns: 400))
        return model
    }

    @Test("the picker's detail line shows the type, its comment and the reason escaped")
    func pickerDetailLine() throws {
        let model = try Self.picker(type: "application/x-" + Self.hostile)
        let lines = model.render(lines: 20, columns: 400)
        let detail = try #require(lines.first { $0.text.hasPrefix("application/x-") }, "\(lines.map(\.text))")
        #expect(detail.text.contains("application/x-" + Self.shown), "\(detail.text)")
        #expect(detail.text.contains("comment " + Self.shown), "\(detail.text)")
        #expect(detail.text.contains("unavailable: reason " + Self.shown), "\(detail.text)")
        #expect(Self.allEscaped(lines), "\(lines.map(\.text))")
    }

    @Test("a dialog's accept label is escaped on the action row and the detail line, as its title is")
    func acceptLabel() throws {
        var configuration = PickerConfiguration(mode: .save, fileName: "a.txt")
        configuration.actionLabel = "Save " + Self.hostile
        configuration.title = "Title " + Self.hostile
        let model = try Self.picker(type: "application/pdf", configuration: configuration)
        let lines = model.render(lines: 20, columns: 400).map(\.text)
        #expect(lines.contains { $0.contains("[Save " + Self.shown + "]") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Save " + Self.shown + ": /docs") }, "\(lines)")
        #expect(lines[0].hasPrefix("Title " + Self.shown), "\(lines)")
        #expect(Self.allEscaped(model.render(lines: 20, columns: 400)), "\(lines)")
    }

    @Test("the settings screen shows a type and its extensions escaped")
    func settings() {
        let row = SettingsType(
            type: "text/x-" + Self.hostile, group: "text", comment: "comment " + Self.hostile, extensions: [".x" + Self.hostile],
            defaultApplication: "app" + Self.hostile + ".desktop", origin: "/lists/" + Self.hostile,
            roles: [
                .edit: SettingsRoleAnswer(
                    application: "editor" + Self.hostile, name: "Editor " + Self.hostile, basis: .inferred,
                    reason: "reason " + Self.hostile)
            ], pinnedTo: "pinned" + Self.hostile)
        let source = SettingsSource(
            applications: { _ in ([:], []) }, setDefault: { _, _, _ in .failure(SettingsProblem("no")) },
            setForAllTypes: { _, _ in .failure(SettingsProblem("no")) })
        var model = SettingsModel(types: [row], applications: [], source: source)
        _ = model.handle(.resize(lines: 20, columns: 400))
        let lines = model.render(lines: 20, columns: 400)
        let text = lines.map(\.text)
        #expect(text.contains { $0.contains("text/x-" + Self.shown.prefix(20)) }, "\(text)")
        #expect(text.contains { $0.contains(".x" + Self.shown) }, "\(text)")
        #expect(Self.allEscaped(lines), "\(text)")
        // The edit column, and its detail line with the reason and the pin.
        _ = model.handle(.tab)
        let edit = model.render(lines: 20, columns: 400)
        #expect(edit.contains { $0.text.contains("~Editor " + Self.shown.prefix(14)) }, "\(edit.map(\.text))")
        #expect(edit.contains { $0.text.contains("reason " + Self.shown) })
        #expect(text.contains { $0.contains("(pinned to pinned" + Self.shown + ")") }, "\(text)")
        #expect(Self.allEscaped(edit), "\(edit.map(\.text))")
    }
}
