import TerminalUI
import Testing

@Suite("the terminal's answers to the start-up question: image protocol, cell size, and the keys typed meanwhile")
struct TerminalReplyTests {
    func reply(_ text: String) -> TerminalReply { TerminalReply(parsing: Array(text.utf8)) }

    @Test("the cell size answer CSI 6 ; height ; width t gives the cell in pixels; without it there is none")
    func cellSize() {
        // xterm answers `CSI 16 t` before the device attributes, as asked.
        let xterm = reply("\u{1B}[6;17;8t\u{1B}[?63;1;2;4;6;9;15;22c")
        #expect(xterm.complete && xterm.graphics == .sixel && xterm.cellSize == TerminalReply.CellSize(width: 8, height: 17))
        let kitty = reply("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;40;20t\u{1B}[?62;c")
        #expect(kitty.graphics == .kitty && kitty.cellSize == TerminalReply.CellSize(width: 20, height: 40))
        // tmux 3.3a does not answer it: no size, and the caller assumes 10 × 20.
        let tmux = reply("\u{1B}[?1;2c")
        #expect(tmux.complete && tmux.cellSize == nil && tmux.typed.isEmpty)
        #expect(TerminalReply.CellSize.assumed == TerminalReply.CellSize(width: 10, height: 20))
        for nonsense in ["\u{1B}[6;0;0t", "\u{1B}[6;20t", "\u{1B}[6;;10t", "\u{1B}[6;99999;10t", "\u{1B}[6;20;10;5t"] {
            let answer = reply(nonsense + "\u{1B}[?62c")
            #expect(answer.complete && answer.cellSize == nil && answer.typed.isEmpty, "\(nonsense)")
        }
    }

    @Test("keys typed while waiting are kept in order, escape sequences and UTF-8 included; the answers are not")
    func typedKeys() {
        let answer = reply("jj\u{1B}[B\u{1B}_Gi=31;OK\u{1B}\\é\u{1B}OA\u{1B}[6;20;10t/x\u{1B}[?62;4ck\u{1B}[5~")
        #expect(answer.complete && answer.graphics == .kitty)
        #expect(answer.typed == Array("jj\u{1B}[Bé\u{1B}OA/xk\u{1B}[5~".utf8))
        // Escape alone, or Alt and a key, is a key too.
        #expect(reply("\u{1B}q\u{1B}[?1;2c").typed == Array("\u{1B}q".utf8))
        // Alt+_ sends `ESC _`, which begins an APC string only when the kitty answer's `G` follows:
        // the answers after it are still read, and the key is kept.
        let alt = reply("\u{1B}_x\u{1B}[6;20;10t\u{1B}[?62;4c")
        #expect(alt.complete && alt.graphics == .sixel && alt.cellSize == TerminalReply.CellSize(width: 10, height: 20))
        #expect(alt.typed == Array("\u{1B}_x".utf8))
    }

    @Test("while incomplete, a sequence at the end that may still be an answer is neither answer nor key; once complete, a key")
    func pendingSequences() {
        for partial in ["\u{1B}", "\u{1B}[", "\u{1B}[?62;", "\u{1B}[6;20", "\u{1B}_", "\u{1B}_Gi=31;OK"] {
            let answer = reply("ab" + partial)
            #expect(!answer.complete && answer.graphics == .none && answer.typed == Array("ab".utf8), "\(partial)")
        }
        #expect(reply("\u{1B}[?62cab\u{1B}").typed == Array("ab\u{1B}".utf8))
        #expect(reply("\u{1B}[?62c\u{1B}[").typed == Array("\u{1B}[".utf8))
    }

    @Test("the question asks the cell size between the kitty query and the device attributes, which end the wait")
    func question() {
        #expect(TerminalGraphics.query.hasSuffix("\u{1B}[16t\u{1B}[c"))
        #expect(TerminalGraphics.query.hasPrefix("\u{1B}_G"))
    }
}
