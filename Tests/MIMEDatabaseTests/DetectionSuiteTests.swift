import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// One line of shared-mime-info's `tests/mime-detection/list`.
struct SuiteEntry {
    var file: String
    var expected: String
    /// 'x' at position 0, 1, 2: the name, data, file lookup is expected to fail.
    var flags: [Character]

    func expectsFailure(_ column: Int) -> Bool { column < flags.count && flags[column] == "x" }
}

/// Reads the list as xdgmime's test-mime-data.c does: '#' and blank lines skipped, fields split on spaces.
func suiteEntries(_ list: String) throws -> [SuiteEntry] {
    try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = fields.first, !first.hasPrefix("#"), fields.count >= 2 else { return nil }
        return SuiteEntry(
            file: String(fields[0]), expected: String(fields[1]),
            flags: fields.count >= 3 ? Array(fields[2]) : [])
    }
}

let suiteDirectory = Corpus.path("shared-mime-info/tests/mime-detection")
let suitePackage = Corpus.path("shared-mime-info/data/freedesktop.org.xml")

@Suite("shared-mime-info's own detection suite", .enabled(if: suiteDirectory != nil && suitePackage != nil && canCompile))
struct DetectionSuiteTests {
    enum Mode: String, CaseIterable {
        case name = "N"
        case data = "D"
        case file = "F"
        var column: Int { self == .name ? 0 : (self == .data ? 1 : 2) }
    }

    /// A way to open the database and reach its rules.
    enum Reading: String, CaseIterable, CustomStringConvertible {
        /// The XML packages.
        case xml
        /// The cache, validated whole, its globs and magic read in place.
        case cacheInPlace
        /// The cache, validated whole, every list decoded and indexed.
        case cacheIndexed
        /// The cache, only its header checked at open, everything read in place.
        case cachePerRead

        var description: String { rawValue }

        func detector(_ directory: String) -> TypeDetector {
            let source: DatabaseSource = self == .xml ? .xml : .cache
            let checking: CacheChecking = self == .cachePerRead ? .perRead : .whole
            let database = MIMEDatabase(mimeDirectories: [directory], source: source, checking: checking)
            return TypeDetector(database: database, globs: self == .cacheIndexed ? .indexed : .inPlaceWhenPossible)
        }
    }

    @Test(
        "every entry passes or fails as the list expects, in every mode, on both sources, read in place or decoded",
        arguments: Reading.allCases)
    func wholeSuite(reading: Reading) throws {
        let tree = try TemporaryXDGTree()
        let directory = try tree.installMIMEPackages([try #require(suitePackage)], compile: reading != .xml)
        let detector = reading.detector(directory)
        if reading != .xml { #expect(detector.database.directories.first?.source == .cache) }
        let base = try #require(suiteDirectory)
        let entries = try suiteEntries(base + "/list")
        #expect(entries.count == 835)
        var failures: [String] = []
        var passes = 0
        for entry in entries {
            let path = base + "/" + entry.file
            let data = try FileBytes.readPrefix(path, count: max(detector.maxExtent, 4096))
            for mode in Mode.allCases {
                let answer: String
                switch mode {
                case .name: answer = detector.detect(name: entry.file).type
                case .data: answer = detector.detect(data: data).type
                case .file: answer = try detector.detect(path: path, options: DetectionOptions(useAttribute: false)).type
                }
                let matched = answer.lowercased() == entry.expected.lowercased()
                if matched == entry.expectsFailure(mode.column) {
                    failures.append(
                        "\(mode.rawValue) \(entry.file): expected \(entry.expected)"
                            + "\(entry.expectsFailure(mode.column) ? " to fail" : ""), got \(answer)")
                } else {
                    passes += 1
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(20).joined(separator: "; "))")
        #expect(passes == 3 * 835)
    }
}

@Suite("bulk typing from the bytes of paths", .enabled(if: suiteDirectory != nil && suitePackage != nil && canCompile))
struct BulkBytesSuiteTests {
    @Test(
        "every suite file, as named and renamed in upper case, is typed as one detection of its path types it",
        arguments: DetectionSuiteTests.Reading.allCases)
    func bulkAgrees(reading: DetectionSuiteTests.Reading) throws {
        let tree = try TemporaryXDGTree()
        let directory = try tree.installMIMEPackages([try #require(suitePackage)], compile: reading != .xml)
        let detector = reading.detector(directory)
        let base = try #require(suiteDirectory)
        var paths: [String] = []
        for (index, entry) in try suiteEntries(base + "/list").enumerated() {
            paths.append(base + "/" + entry.file)
            // The upper-cased name folds back to the name's globs, or meets the case-sensitive ones.
            let folder = tree.path("upper/\(index)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let renamed = folder + "/" + (entry.file.split(separator: "/").last.map(String.init) ?? entry.file).uppercased()
            try FileManager.default.copyItem(atPath: base + "/" + entry.file, toPath: renamed)
            paths.append(renamed)
        }
        paths += [tree.path("upper"), tree.path("missing"), tree.path("upper/")]
        for options in [
            DetectionOptions(useAttribute: false, recordsTrace: false),
            DetectionOptions(useName: false, recordsTrace: false),
            DetectionOptions(useContent: false, recordsTrace: false),
        ] {
            var answers: [String] = []
            BulkDetector(detector: detector, options: options, workers: 2, batchSize: 500).detect(PathList(paths)) { _, result in
                answers.append(Self.describe(result))
            }
            let expected = paths.map { path in
                Self.describe(Result { () throws(DetectionError) in try detector.detect(path: path, options: options) })
            }
            #expect(answers.count == expected.count)
            let differences = zip(paths, zip(answers, expected)).filter { $1.0 != $1.1 }
            #expect(differences.isEmpty, "\(differences.prefix(10))")
        }
    }

    private static func describe(_ result: Result<Detection, DetectionError>) -> String {
        switch result {
        case .success(let detection): return "\(detection.type) \(detection.source) \(detection.uncertain)"
        case .failure(let error): return "error: \(error)"
        }
    }
}
