import Testing

@testable import MIMEDatabase

@Suite("a detection trace: its fields shared between copies until one is written")
struct DetectionTraceTests {
    /// A trace with every field written, as `explain` gets it.
    static func fullTrace() -> DetectionTrace {
        var trace = DetectionTrace()
        trace.attribute = "text/plain"
        trace.kind = "regular file, 12 bytes"
        trace.name = "notes.txt"
        trace.globSurvivors = [GlobMatch(rule: GlobRule(pattern: "*.txt", mimeType: "text/plain", weight: 50))]
        trace.globDiscarded = [GlobMatch(rule: GlobRule(pattern: "notes*", mimeType: "text/x-readme", weight: 10))]
        trace.bytesRead = 12
        trace.magicMatches = [MagicMatch(mimeType: "text/x-log", priority: 50)]
        trace.xmlRoot = ("http://www.w3.org/2000/svg", "svg")
        trace.setReason("one glob")
        trace.note(", and more")
        return trace
    }

    @Test("a written copy leaves the original as it was, field by field")
    func copiesAreIndependent() {
        let original = Self.fullTrace()
        var copy = original
        #expect(copy == original)
        copy.attribute = nil
        copy.kind = "inode/directory"
        copy.name = "other"
        copy.globSurvivors.append(GlobMatch(rule: GlobRule(pattern: "*.c", mimeType: "text/x-c", weight: 50)))
        copy.globDiscarded = []
        copy.magicMatches = []
        copy.xmlRoot = nil
        copy.note(" still")
        #expect(copy != original)
        #expect(original.attribute == "text/plain")
        #expect(original.kind == "regular file, 12 bytes")
        #expect(original.name == "notes.txt")
        #expect(original.globSurvivors.map(\.rule.pattern) == ["*.txt"])
        #expect(original.globDiscarded.map(\.rule.pattern) == ["notes*"])
        #expect(original.magicMatches.map(\.mimeType) == ["text/x-log"])
        #expect(original.xmlRoot?.localName == "svg")
        #expect(original.reason == "one glob, and more")
        #expect(copy.reason == "one glob, and more still")
        #expect(copy.globSurvivors.map(\.rule.pattern) == ["*.txt", "*.c"])
    }

    @Test("equality compares every field, and an empty trace equals a new one")
    func equality() {
        #expect(DetectionTrace() == DetectionTrace())
        var written = DetectionTrace()
        written.name = nil
        #expect(written == DetectionTrace(), "a field written to its default is still the default")
        let full = Self.fullTrace()
        let changes: [(inout DetectionTrace) -> Void] = [
            { $0.attribute = "x/y" }, { $0.kind = nil }, { $0.name = "n" }, { $0.globSurvivors = [] },
            { $0.globDiscarded = [] }, { $0.bytesRead = 13 }, { $0.magicMatches = [] },
            { $0.xmlRoot = ("urn:x", "svg") }, { $0.xmlRoot = ("http://www.w3.org/2000/svg", "html") },
            { $0.note(".") },
        ]
        for change in changes {
            var other = full
            change(&other)
            #expect(other != full)
        }
    }

    @Test("a trace that is not recording keeps no sentences, but keeps what the steps saw")
    func notRecording() {
        var trace = DetectionTrace(recording: false)
        trace.setReason("never built")
        trace.note("nor this")
        trace.name = "a.txt"
        trace.bytesRead = 3
        #expect(trace.reason == "")
        #expect(trace.name == "a.txt")
        #expect(trace.bytesRead == 3)
        #expect(!trace.isRecording)
    }
}
