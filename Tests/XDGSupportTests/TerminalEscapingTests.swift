import Foundation
import Testing
import XDGSupport

/// The one rule of what may not reach a terminal raw, as names are shown and as JSON writes it.
@Suite("escaping untrusted text for a terminal")
struct TerminalEscapingTests {
    /// Every character of Unicode's Bidi_Control property.
    static let bidiControls: [Unicode.Scalar] = [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}",
        "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    @Test("C0, DEL, C1 and every bidirectional control are shown as \\u{…}, carried bytes as \\xNN; a tab and letters stay")
    func names() {
        #expect(Terminal.sanitized("a\u{1B}]52;c;SGk=\u{07}b") == "a\\u{1b}]52;c;SGk=\\u{7}b")
        #expect(Terminal.sanitized("x\nassoc: fake") == "x\\u{a}assoc: fake")
        #expect(Terminal.sanitized("\u{9B}31m\u{9D}0;t\u{9C}\u{85}\u{7F}") == "\\u{9b}31m\\u{9d}0;t\\u{9c}\\u{85}\\u{7f}")
        for scalar in Self.bidiControls {
            let escaped = Terminal.sanitized("a" + String(scalar) + "b")
            #expect(escaped == "a\\u{\(String(scalar.value, radix: 16))}b", "U+\(String(scalar.value, radix: 16))")
            #expect(Terminal.needsEscaping(scalar))
        }
        #expect(Terminal.sanitized("tab\there é 東 \u{A0}\u{2028}") == "tab\there é 東 \u{A0}\u{2028}")
        #expect(Terminal.sanitized(PathCoding.decode([0x62, 0xFF, 0x9B])) == "b\\xFF\\x9B")
    }

    @Test("escaping twice changes nothing, and text of several lines keeps its line feeds")
    func idempotentAndLines() {
        let hostile = "n\u{1B}[2J\u{202E}\u{85}\u{7}" + PathCoding.decode([0xFE])
        let once = Terminal.sanitized(hostile)
        #expect(Terminal.sanitized(once) == once)
        #expect(!once.unicodeScalars.contains { Terminal.needsEscaping($0) })
        #expect(Terminal.sanitizedLines("one \u{1B}x\ntwo \u{202E}\r\n") == "one \\u{1b}x\ntwo \\u{202e}\\u{d}\n")
    }

    @Test("JSON strings carry C0, DEL, C1 and bidirectional controls as \\uXXXX and read back the same")
    func json() throws {
        let text = "a\u{1B}]52;c;SGk=\u{07}\u{85}\u{9B}\u{202E}\u{2066}\u{200F}\u{061C}\u{7F}\n\"\\é"
        let rendered = JSONValue.string(text).rendered
        #expect(
            rendered
                == "\"a\\u001b]52;c;SGk=\\u0007\\u0085\\u009b\\u202e\\u2066\\u200f\\u061c\\u007f\\n\\\"\\\\é\"")
        #expect(!rendered.unicodeScalars.contains { Terminal.needsEscaping($0) })
        #expect(try JSONReader().read(Array(rendered.utf8)) == .string(text))
        let foundation = try JSONSerialization.jsonObject(with: Data(rendered.utf8), options: .fragmentsAllowed) as? String
        #expect(foundation == text)
        // Keys too.
        let object = JSONValue.object([("k\u{85}", .string("v"))]).rendered
        #expect(object == "{\"k\\u0085\":\"v\"}")
    }
}
