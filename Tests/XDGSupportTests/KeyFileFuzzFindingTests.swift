import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// Inputs the fuzz targets in Fuzz/ found, replayed as tests; each fixture is the input itself.
@Suite("key-file fuzz findings")
struct KeyFileFuzzFindingTests {
    @Test("a file whose lines end in CRLF ends with a newline and has no phantom last line")
    func crlfLineEnds() throws {
        // Fuzz/Targets/keyfile.swift: the check of the line count failed on this entry from the
        // corpus, because "\r\n" is one Character and so hasSuffix("\n") said no.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Corpus.fixtures + "/fuzz/keyfile/crlf-line-ends.desktop"))
        let text = String(decoding: bytes, as: UTF8.self)
        var diagnostics: [Diagnostic] = []
        var file = KeyFile(parsing: text, path: "crlf.desktop", diagnostics: &diagnostics)
        let lineCount = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
        #expect(file.lines.count == lineCount)
        #expect(file.endsWithNewline)
        #expect(file.text == text)
        #expect(diagnostics.isEmpty)
        file.set("x.desktop;", for: "text/plain", in: "Default Applications")
        // The file ends with a blank line already: the group follows it, in the file's CRLF endings.
        #expect(
            file.text == text + "[Default Applications]\r\ntext/plain=x.desktop;\r\n",
            "the new group after the blank line, in CRLF; nothing else changes")
    }

    @Test("a '[' followed by a combining mark in a group name is reported")
    func bracketWithCombiningMark() throws {
        // The keyfile target's reference check: the earlier parser compared Characters, and
        // "[\u{341}" is one Character that is not "[", so the bad name went unreported.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Corpus.fixtures + "/fuzz/keyfile/bracket-with-combining-mark.list"))
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: "b.list", diagnostics: &diagnostics)
        #expect(file.groupNames == ["[\u{341}"])
        #expect(diagnostics.map(\.message) == ["group name '[\u{341}' contains '[' or a control character"])
    }
}
