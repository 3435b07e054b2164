import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Undoes the C escapes the peers' fixture files use (`\n`, `\t`, `\xAB`, octal `\320`).
func cUnescape(_ text: String) -> [UInt8] {
    (try? MagicValueCompiler.unescape(text)) ?? Array(text.utf8)
}

/// A detector over the shared-mime-info corpus database (newer than the system's).
func corpusDetector() throws -> (TypeDetector, TemporaryXDGTree) {
    let tree = try TemporaryXDGTree()
    let directory = try tree.installMIMEPackages([try #require(suitePackage)], compile: true)
    return (TypeDetector(database: MIMEDatabase(mimeDirectories: [directory], source: .cache)), tree)
}

@Suite("the peers' detection cases", .enabled(if: suitePackage != nil && canCompile))
struct PeerCaseTests {
    @Test("GLib's g_content_type_guess cases", .enabled(if: Corpus.path("glib/contenttype-cases.tsv") != nil))
    func glibCases() throws {
        let (detector, _) = try corpusDetector()
        let rows = try String(contentsOfFile: try #require(Corpus.path("glib/contenttype-cases.tsv")), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            }
        #expect(rows.count >= 12)
        for row in rows where row.count >= 4 {
            let name = row[0] == "(null)" ? nil : row[0]
            var data: [UInt8]? = row[1] == "(null)" ? nil : cUnescape(row[1])
            if let length = Int(row[2]), length >= 0, let bytes = data { data = Array(bytes.prefix(length)) }
            let detection = detector.detect(name: name, data: data)
            let expected = detector.database.canonicalName(row[3])
            #expect(detection.type == expected, "\(row[0]) | \(row[1]): got \(detection.type)")
        }
    }

    /// Qt rows that this database answers as Qt's newer one does; the others are documented in
    /// docs/compatibility.md's detection decisions.
    static let qtKinds: Set<String> = ["name", "data", "name+data", "file-content"]

    @Test("Qt's name, data and file rows", .enabled(if: Corpus.path("qt/expectations.tsv") != nil))
    func qtRows() throws {
        let (detector, tree) = try corpusDetector()
        let rows = try String(contentsOfFile: try #require(Corpus.path("qt/expectations.tsv")), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        var checked = 0
        for row in rows where row.count >= 3 && Self.qtKinds.contains(row[0]) {
            let expected = String(row[2].split(separator: " ").first ?? "")
            let got: String
            switch row[0] {
            case "name":
                got = row[1] == "/" ? try detector.detect(path: "/").type : detector.detect(name: row[1]).type
            case "data":
                got = detector.detect(data: cUnescape(row[1])).type
            case "name+data":
                let parts = row[1].components(separatedBy: " | ")
                got = detector.detect(name: parts[0], data: cUnescape(parts[1])).type
            default:
                let parts = row[1].components(separatedBy: " | ")
                let path = try tree.write("qt-files/" + parts[0], bytes: cUnescape(parts[1]))
                got = try detector.detect(path: path).type
            }
            checked += 1
            if row[2].contains("or a type inheriting it") {
                #expect(detector.database.isA(got, expected), "\(row[0]) \(row[1]): got \(got)")
            } else {
                #expect(got == expected, "\(row[0]) \(row[1]): got \(got), Qt expects \(row[2])")
            }
        }
        #expect(checked >= 30)
    }
}
