import AssocTestSupport
import Foundation
import Testing

/// docs/library.md shows the example package's code, and `make examples` compiles that package:
/// so the documentation's examples compile against the libraries as they are.
@Suite("The libraries' documentation and the example package")
struct LibraryDocumentationTests {
    static let document = "docs/library.md"
    static let example = "Examples/assoc-example"
    /// The line before each example block: `<!-- example: PATH -->`, PATH from the package root.
    static let marker = "<!-- example: "

    /// Each marked block of the document: the file it shows and its text.
    func blocks() throws -> [(path: String, text: String)] {
        let text = try String(contentsOfFile: Corpus.packageRoot + "/" + Self.document, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [(path: String, text: String)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].hasPrefix(Self.marker), lines[index].hasSuffix(" -->") else { continue }
            let path = String(lines[index].dropFirst(Self.marker.count).dropLast(" -->".count))
            index += 1
            try #require(index < lines.count && lines[index] == "```swift", "\(path): a ```swift block follows its marker")
            let start = index + 1
            guard let end = lines[start...].firstIndex(of: "```") else {
                Issue.record("\(path): its block is not closed")
                return blocks
            }
            blocks.append((path, lines[start..<end].joined(separator: "\n") + "\n"))
            index = end
        }
        return blocks
    }

    @Test("every block of docs/library.md is a file of the example package, as it is")
    func blocksAreTheExample() throws {
        let shown = try blocks()
        #expect(!shown.isEmpty)
        for block in shown {
            #expect(block.path.hasPrefix(Self.example + "/"), "\(block.path) is not in the example package")
            let file = try String(contentsOfFile: Corpus.packageRoot + "/" + block.path, encoding: .utf8)
            #expect(block.text == file, "\(block.path) differs from its block in \(Self.document)")
        }
    }

    @Test("every source of the example package is shown in docs/library.md")
    func everySourceIsShown() throws {
        let shown = Set(try blocks().map(\.path))
        let root = Corpus.packageRoot + "/" + Self.example
        var sources = [Self.example + "/Package.swift"]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root + "/Sources"))
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            sources.append(Self.example + "/Sources/" + path)
        }
        #expect(sources.count > 1)
        for source in sources { #expect(shown.contains(source), "\(source) is not shown in \(Self.document)") }
    }
}
