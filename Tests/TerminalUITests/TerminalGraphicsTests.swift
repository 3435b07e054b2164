import DocumentProvider
import TerminalUI
import Testing

@Suite("asking the terminal which images it draws, and drawing the thumbnail only when it said so")
struct TerminalGraphicsTests {
    func parse(_ text: String) -> (graphics: TerminalGraphics, complete: Bool) {
        TerminalGraphics.parse(reply: Array(text.utf8))
    }

    @Test("kitty answers the graphics query with OK before its device attributes")
    func kittyReply() {
        // kitty 0.3x: the graphics answer, then DA1 `CSI ? 62 ; c`.
        #expect(parse("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c") == (.kitty, true))
    }

    @Test("a device attributes reply with 4 says sixel; without it, neither")
    func sixelReplies() {
        // xterm -ti vt340, foot and WezTerm list 4 (sixel); VTE, Alacritty and tmux 3.3a do not.
        #expect(parse("\u{1B}[?63;1;2;4;6;9;15;22c") == (.sixel, true))
        #expect(parse("\u{1B}[?62;4;22c") == (.sixel, true))
        #expect(parse("\u{1B}[?65;4;6;18;22c") == (.sixel, true))
        #expect(parse("\u{1B}[?65;1;9c") == (.none, true))
        #expect(parse("\u{1B}[?6c") == (.none, true))
        #expect(parse("\u{1B}[?1;2c") == (.none, true))
        // 14 and 42 contain the digit 4 but are other attributes.
        #expect(parse("\u{1B}[?64;14;42c") == (.none, true))
    }

    @Test("a reply not yet complete says none and asks to wait; an error answer is not support; typed keys are skipped")
    func partialAndNoise() {
        #expect(parse("\u{1B}_Gi=31;OK\u{1B}\\") == (.none, false))
        #expect(parse("\u{1B}[?62;") == (.none, false))
        #expect(parse("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;c") == (.none, true))
        #expect(parse("jj\u{1B}_Gi=31;OK\u{1B}\\x\u{1B}[?62;4c") == (.kitty, true))
    }

    func picker(graphics: TerminalGraphics, thumbnail: String?) throws -> PickerModel {
        let folders = FakeFolders()
        folders.add("/docs/a.png", type: "image/png")
        var source = folders.source(prefixes: [])
        source.thumbnail = { _ in thumbnail }
        var model = try PickerModel(configuration: PickerConfiguration(), source: source, directory: "/docs")
        _ = model.handle(.graphics(graphics))
        _ = model.handle(.resize(lines: 30, columns: 100))
        return model
    }

    @Test(
        "with kitty or sixel and a thumbnail, the image is placed at the right of the rows, which are narrowed to leave it room",
        arguments: [TerminalGraphics.kitty, .sixel])
    func placesTheThumbnail(graphics: TerminalGraphics) throws {
        let model = try picker(graphics: graphics, thumbnail: "/cache/thumbnails/normal/x.png")
        let images = model.images(lines: 30, columns: 100)
        #expect(images == [ImagePlacement(path: "/cache/thumbnails/normal/x.png", line: 2, column: 77, lines: 12, columns: 22)])
        let lines = model.render(lines: 30, columns: 100).map(\.text)
        let row = try #require(lines.first { $0.contains("a.png") })
        #expect(TextLayout.width(row) <= 76)
        #expect(lines.contains { $0.contains("thumbnail: /cache/thumbnails/normal/x.png") })
    }

    @Test("no protocol, no thumbnail or a narrow screen: no image, and the path is shown")
    func otherwiseThePath() throws {
        let model = try picker(graphics: .none, thumbnail: "/t.png")
        #expect(model.images(lines: 30, columns: 100).isEmpty)
        #expect(model.render(lines: 30, columns: 100).contains { $0.text.contains("thumbnail: /t.png") })
        #expect(try picker(graphics: .kitty, thumbnail: nil).images(lines: 30, columns: 100).isEmpty)
        #expect(try picker(graphics: .kitty, thumbnail: "/t.png").images(lines: 30, columns: 50).isEmpty)
    }
}
