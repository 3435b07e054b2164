import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing

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
}
