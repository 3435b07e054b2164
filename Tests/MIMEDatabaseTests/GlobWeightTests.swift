import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Only the heaviest globs survive (shared-mime-info specification, "Recommended checking order":
/// the biggest weight, then the longest pattern), on every path glob matches are chosen on: the
/// decoded rules, the cache read in place, and the bulk path on a name's bytes. A lighter glob of
/// the same pattern stays a candidate content may choose ("The glob files": a pattern provided by
/// two or more types is settled by magic).
@Suite("only the heaviest globs survive", .enabled(if: suitePackage != nil && canCompile))
struct GlobWeightTests {
    /// Every way a name's globs are matched, over the corpus database compiled in `tree`.
    static func detectors(_ tree: TemporaryXDGTree) throws -> [(String, TypeDetector)] {
        let directory = try tree.installMIMEPackages([try #require(suitePackage)], compile: true)
        let xml = MIMEDatabase(mimeDirectories: [directory], source: .xml)
        let cache = MIMEDatabase(mimeDirectories: [directory], source: .cache)
        return [
            ("xml", TypeDetector(database: xml)), ("cache in place", TypeDetector(database: cache)),
            ("cache decoded", TypeDetector(database: cache, globs: .indexed)),
        ]
    }

    /// Files named by a heavy suffix and a light full pattern (`README*`, weight 10), holding a
    /// word of text, with the type each must have.
    static let files: [(name: String, type: String)] = [
        ("README.doc", "application/msword"), ("README.pdf", "application/pdf"), ("README.txt", "text/plain"),
        ("readme.DOC", "application/msword"), ("ReadMe.Pdf", "application/pdf"), ("README", "text/x-readme"),
        ("README.zzz", "text/x-readme"), ("Makefile.doc", "application/msword"),
    ]

    @Test("the names' candidates, typed by name, by name and content, and in bulk")
    func heaviestSurvive() throws {
        let tree = try TemporaryXDGTree()
        var paths: [String] = []
        for (index, file) in Self.files.enumerated() {
            paths.append(try tree.write("files/\(index)/\(file.name)", "hello\n"))
        }
        for (label, detector) in try Self.detectors(tree) {
            for (file, path) in zip(Self.files, paths) {
                #expect(detector.detect(name: file.name).type == file.type, "\(label) \(file.name) by name")
                let byContent = try detector.detect(path: path, options: DetectionOptions(useAttribute: false))
                #expect(byContent.type == file.type, "\(label) \(file.name) with 'hello': \(byContent.trace.reason)")
            }
            // README.doc: one candidate; README* is discarded for its weight, and content is not read.
            let doc = try detector.detect(path: paths[0], options: DetectionOptions(useAttribute: false))
            #expect(doc.trace.globSurvivors.map(\.rule.mimeType) == ["application/msword"], "\(label)")
            #expect(doc.trace.globDiscarded.map(\.rule.pattern) == ["readme*"], "\(label)")
            #expect(doc.trace.bytesRead == nil && !doc.uncertain, "\(label)")
            let options = DetectionOptions(useAttribute: false, recordsTrace: false)
            var bulk: [String] = []
            BulkDetector(detector: detector, options: options, workers: 2).detect(paths) { _, result in
                bulk.append((try? result.get().type) ?? "error")
            }
            #expect(bulk == Self.files.map(\.type), "\(label) in bulk")
            var names: [String] = []
            BulkDetector(detector: detector, options: DetectionOptions(useContent: false, recordsTrace: false))
                .detect(paths) { _, result in names.append((try? result.get().type) ?? "error") }
            #expect(names == Self.files.map(\.type), "\(label) in bulk by name")
        }
    }

    @Test("a longer pattern beats a shorter one; a lighter glob of the same pattern is an alternative")
    func samePatternAlternatives() throws {
        let tree = try TemporaryXDGTree()
        for (label, detector) in try Self.detectors(tree) {
            let tarball = detector.detect(name: "x.tar.gz")
            #expect(tarball.type == "application/x-compressed-tar" && !tarball.uncertain, "\(label)")
            #expect(tarball.trace.globDiscarded.map(\.rule.pattern) == ["*.gz"], "\(label)")
            // *.smf: weight 50 for the StarDivision type, 40 for x-starmath; the name alone says the
            // heavier, and content may choose the lighter (the suite's so3.smf and so4.smf).
            let formula = detector.detect(name: "formula.smf")
            #expect(formula.type == "application/vnd.stardivision.math" && formula.uncertain, "\(label)")
            #expect(
                formula.trace.globSurvivors.map(\.rule.mimeType)
                    == ["application/vnd.stardivision.math", "application/x-starmath"], "\(label)")
            // *.so.[0-9]* (60) over *.[1-9] (50): a full pattern beats a full pattern by weight.
            #expect(detector.detect(name: "libz.so.1").type == "application/x-sharedlib", "\(label)")
            let library = detector.detect(name: "libz.so.1", data: Array("plain words\n".utf8))
            #expect(library.type == "application/x-sharedlib", "\(label): \(library.trace.reason)")
        }
    }

    @Test("a suffix is matched before a full pattern; a desktop entry under conflicting globs counts as text")
    func suffixBeforeFullPatterns() throws {
        let tree = try TemporaryXDGTree()
        let entry = Array("[Desktop Entry]\nType=Application\nName=x\nExec=true\n".utf8)
        for (label, detector) in try Self.detectors(tree) {
            // *.png is met before *.so.[0-9]* (weight 60) and sconscript.* (a longer pattern).
            #expect(detector.detect(name: "x.so.1.png").type == "image/png", "\(label)")
            #expect(detector.detect(name: "SConscript.bz2").type == "application/x-bzip2", "\(label)")
            let discarded = detector.detect(name: "x.so.1.png").trace.globDiscarded.map(\.rule.pattern)
            #expect(discarded == ["*.so.[0-9]*"], "\(label)")
            // *.sdp: application/sdp (a text type) and a lighter StarDivision type; neither is a
            // desktop entry, so the entry's magic settles nothing and its text picks the text type.
            let sdp = detector.detect(name: "x.sdp", data: entry)
            #expect(sdp.type == "application/sdp", "\(label): \(sdp.trace.reason)")
        }
    }
}
