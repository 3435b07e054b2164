import Testing

@testable import TerminalUI

@Suite("keys typed during the start-up question, decoded before they are given back to the key reader")
struct TypeAheadTests {
    // A terminal's keys as terminfo gives them to ncurses in keypad mode (tmux-256color's
    // kcuu1 \EOA, kcud1 \EOB, knp \E[6~, kmous \E[M), with ncurses' codes.
    static let table: [String: Int32] = ["\u{1B}OA": 259, "\u{1B}OB": 258, "\u{1B}[6~": 338, "\u{1B}[M": 409]

    func codes(_ text: String) -> [Int32] {
        TypeAhead.codes(Array(text.utf8), mouse: 409) { sequence in
            let text = String(decoding: sequence, as: UTF8.self)
            if let code = Self.table[text] { return code }
            return Self.table.keys.contains { $0.hasPrefix(text) } ? -1 : 0
        }
    }

    @Test("a known sequence is its key; a cursor key in the other cursor key mode is the same key")
    func knownKeys() {
        #expect(codes("\u{1B}OB\u{1B}[6~") == [258, 338])
        // Typed before the screen set the keypad mode, Down comes as CSI B.
        #expect(codes("\u{1B}[B\u{1B}[B\u{1B}[A") == [258, 258, 259])
    }

    @Test("characters stay bytes (UTF-8 for the key reader); Escape alone or before a key stays Escape")
    func characters() {
        #expect(codes("aé/") == [0x61, 0xC3, 0xA9, 0x2F])
        #expect(codes("\u{1B}") == [0x1B])
        #expect(codes("\u{1B}q") == [0x1B, 0x71])
    }

    @Test("a mouse report and an unknown control sequence are left out, never read as Escape")
    func leftOut() {
        #expect(codes("\u{1B}[M !!j") == [0x6A])
        #expect(codes("\u{1B}[1;5Xk\u{1B}[<0;3;4Mj") == [0x6B, 0x6A])
        #expect(codes("\u{1B}OZ") == [])
    }
}
