import Testing
import XDGSupport

/// One entry line and the key and locale it must give.
struct KeySplitCase: Sendable, CustomStringConvertible {
    var line: String
    var key: String
    var locale: String?
    var description: String { line }
}

@Suite("how an entry line's key and locale are told apart")
struct KeyFileKeySplitTests {
    @Test(
        "ASCII keys are split on their bytes, others by Character, with the same answers",
        arguments: [
            KeySplitCase(line: "Name=x", key: "Name", locale: nil),
            KeySplitCase(line: "  Name[de] =x", key: "Name", locale: "de"),
            KeySplitCase(line: "Name [ fr ]=x", key: "Name", locale: " fr "),
            KeySplitCase(line: "a[b]c]=x", key: "a", locale: "b]c"),
            KeySplitCase(line: "]=x", key: "]", locale: nil),
            KeySplitCase(line: "a]=x", key: "a]", locale: nil),
            KeySplitCase(line: "Name[]=x", key: "Name", locale: ""),
            KeySplitCase(line: "Name[sr@latin]=x", key: "Name", locale: "sr@latin"),
            // A combining mark after ']' makes one Character that is not ']': no locale.
            KeySplitCase(line: "Name[de]\u{301}=x", key: "Name[de]\u{301}", locale: nil),
            // A combining mark after '[' makes one Character that is not '[': no open bracket.
            KeySplitCase(line: "N\u{E9}[\u{301}de]=x", key: "N\u{E9}[\u{301}de]", locale: nil),
            KeySplitCase(line: "N\u{E9}[de]=x", key: "N\u{E9}", locale: "de"),
        ])
    func keySplit(_ example: KeySplitCase) {
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: "[G]\n" + example.line + "\n", path: "k", diagnostics: &diagnostics)
        let entry = file.entries(in: "G").first
        #expect(entry?.key == example.key)
        #expect(entry?.locale == example.locale)
        #expect(entry?.value == "x")
    }
}
