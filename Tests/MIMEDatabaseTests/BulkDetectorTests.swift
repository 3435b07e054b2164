import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

@Suite("typing many files on several threads")
struct BulkDetectorTests {
    @Test(
        "every worker count and batch size gives the answers of one detection per path, in order",
        arguments: [(1, 1), (2, 7), (3, 64), (8, 2048)])
    func matchesSequential(workers: Int, batchSize: Int) throws {
        let suite = try #require(Corpus.path("shared-mime-info/tests/mime-detection"), "the corpus is needed")
        let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"])
        try #require(!database.allTypes.isEmpty, "needs the system MIME database")
        let detector = TypeDetector(database: database)
        let names = try FileManager.default.contentsOfDirectory(atPath: suite).sorted()
        let paths = names.map { suite + "/" + $0 } + [suite + "/no-such-file"]
        let options = DetectionOptions(useAttribute: false, recordsTrace: false)
        let bulk = BulkDetector(detector: detector, options: options, workers: workers, batchSize: batchSize)
        var delivered: [Int] = []
        var answers: [String] = []
        bulk.detect(paths) { index, result in
            delivered.append(index)
            switch result {
            case .success(let detection): answers.append(detection.type)
            case .failure(let error): answers.append("error: \(error)")
            }
        }
        let sequential = paths.map { path in
            do { return try detector.detect(path: path, options: options).type } catch { return "error: \(error)" }
        }
        #expect(delivered == Array(paths.indices))
        #expect(answers == sequential)
        #expect(answers.last?.hasPrefix("error: cannot read") == true)
    }

    @Test("paths looked up from the directory held open give the answers of their whole paths")
    func heldDirectoryAgrees() throws {
        let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"])
        try #require(!database.allTypes.isEmpty, "needs the system MIME database")
        let detector = TypeDetector(database: database, globs: .indexed)
        let tree = try TemporaryXDGTree()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 24)
        var paths: [String] = []
        for folder in ["a", "b", "a", "a/inner"] {
            _ = try tree.makeDirectory(folder)
            paths += [
                try tree.write(folder + "/notes.txt", "plain words\n"), try tree.write(folder + "/picture", bytes: png),
                try tree.write(folder + "/script", "#!/bin/sh\necho\n"), try tree.write(folder + "/empty", ""),
                // No glob: magic names them, and what the hierarchy says of its type is remembered.
                try tree.write(folder + "/launcher", "[Desktop Entry]\nType=Application\nName=Launcher\nExec=true\n"),
                try tree.write(folder + "/drawing", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
            ]
        }
        let marked = try tree.write("a/marked.txt", "words")
        try ExtendedAttributes.set("user.mime_type", to: "image/png", on: marked)
        try FileManager.default.createSymbolicLink(atPath: tree.path("link"), withDestinationPath: tree.path("a"))
        paths += [
            marked, tree.path("a/inner"), tree.path("a/missing"), tree.path("a/notes.txt/below"), tree.path("link/picture"),
            tree.path("link/notes.txt"), tree.path("gone/notes.txt"), tree.path("gone/script"), tree.path("a/picture"),
            // By name alone: two types' globs match the first, a full pattern the second (`*.[1-9]`),
            // and a name that is not ASCII is typed from its string. The relative paths are looked
            // up from the working directory (none exists there); `a//notes.txt` exists.
            tree.path("a/tool.py"), tree.path("a/page.1"), tree.path("a/\u{E9}t\u{E9}.txt"), "tool.py", "README",
            "nowhere//notes.txt", tree.path("a//notes.txt"),
        ]
        for options in [
            DetectionOptions(recordsTrace: false), DetectionOptions(useAttribute: false, recordsTrace: false),
            DetectionOptions(useName: false, recordsTrace: false), DetectionOptions(useContent: false, recordsTrace: false),
        ] {
            let scratch = DetectionScratch(for: detector)
            for path in paths {
                let bytes = Array(path.utf8)
                let held = bytes.withUnsafeBufferPointer { detector.detect(path: $0, options: options, scratch: scratch) }
                let whole = Result { () throws(DetectionError) in try detector.detect(path: path, options: options) }
                #expect(Self.describe(held) == Self.describe(whole), "\(path)")
            }
        }
    }

    private static func describe(_ result: Result<Detection, DetectionError>) -> String {
        switch result {
        case .success(let detection): return "\(detection.type) \(detection.source) \(detection.uncertain)"
        case .failure(let error): return "error: \(error)"
        }
    }

    @Test("a list is cut at its separators, empty entries left out, the last one kept without a separator after it")
    func listSplitting() {
        let lists: [[UInt8]] = [
            [], [10], [10, 10], Array("a".utf8), Array("a\n".utf8), Array("\na\n\nbc\nd".utf8), Array("/x y\n/z\u{0}w\n".utf8),
            Array("a\u{0}\u{0}b\u{0}".utf8),
        ]
        for list in lists {
            for separator: UInt8 in [10, 0] {
                let paths = PathList(splitting: list, separator: separator)
                let expected = list.split(separator: separator).map { Array($0) }
                #expect((0..<paths.count).map { index in paths.withPath(at: index) { Array($0) } } == expected, "\(list)")
            }
        }
    }

    @Test("a trace that is not recorded changes no answer")
    func traceDoesNotChangeAnswers() throws {
        let suite = try #require(Corpus.path("shared-mime-info/tests/mime-detection"), "the corpus is needed")
        let detector = TypeDetector(database: MIMEDatabase(mimeDirectories: ["/usr/share/mime"]))
        for name in try FileManager.default.contentsOfDirectory(atPath: suite).sorted() {
            let path = suite + "/" + name
            let quiet = try detector.detect(path: path, options: DetectionOptions(useAttribute: false, recordsTrace: false))
            let traced = try detector.detect(path: path, options: DetectionOptions(useAttribute: false))
            #expect(quiet.type == traced.type, "\(name)")
            #expect(quiet.source == traced.source, "\(name)")
            #expect(quiet.trace.reason.isEmpty && !traced.trace.reason.isEmpty)
        }
    }

    @Test("bytes past the first 4 KiB are read when a rule or an XML root wants them, and change no answer")
    func partialReads() throws {
        let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"])
        try #require(!database.allTypes.isEmpty, "needs the system MIME database")
        let detector = TypeDetector(database: database, globs: .indexed)
        let tree = try TemporaryXDGTree()
        let paths = try PartialReadFiles.write(in: tree)
        let options = DetectionOptions(useAttribute: false, recordsTrace: false)
        var answers: [String] = []
        BulkDetector(detector: detector, options: options, workers: 1).detect(paths) { _, result in
            answers.append((try? result.get().type) ?? "error")
        }
        let expected = try paths.map { try detector.detect(path: $0, options: options).type }
        #expect(answers == expected)
        #expect(expected.prefix(2) == ["audio/vnd.dts.hd", "audio/vnd.dts"], "the rule past 4 KiB is in the database")
        #expect(expected[3] == "image/svg+xml")
    }
}
