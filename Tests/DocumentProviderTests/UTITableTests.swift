import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing

@testable import DocumentProvider

@Suite("the UTI table")
struct UTITableTests {
    @Test("the embedded table is data/uti.tsv byte for byte (run data/embed-uti-table.sh after editing it)")
    func embeddedCopyMatches() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: Corpus.packageRoot + "/data/uti.tsv"))
        #expect(Array(UTITable.embeddedText.utf8) == Array(file))
    }

    @Test(
        "every MIME type of the table is in the database or is an alias of a type in it",
        .enabled(if: hasSystemMIME))
    func typesExist() {
        var missing: [String] = []
        for entry in UTITable.standard.entries {
            for type in entry.mimeTypes {
                if type.hasSuffix("/*") {
                    let media = type.dropLast(2)
                    if !systemDatabase.allTypes.contains(where: { $0.hasPrefix(media + "/") }) { missing.append(type) }
                } else if !systemDatabase.contents.types.contains(type) && systemDatabase.contents.aliases[type] == nil {
                    missing.append("\(entry.identifier): \(type)")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("every parent is defined, and the hierarchy has no cycle and reaches public.item")
    func parentsDefined() {
        let table = UTITable.standard
        #expect(table.entries.count > 100)
        for entry in table.entries {
            for parent in entry.parents { #expect(table.entry(parent) != nil, "\(entry.identifier) → \(parent)") }
            var current = [entry.identifier]
            var seen: Set<String> = []
            while !current.isEmpty {
                current = current.flatMap { table.entry($0)?.parents ?? [] }.filter { seen.insert($0).inserted }
            }
            #expect(entry.identifier == "public.item" || seen.contains("public.item"), "\(entry.identifier)")
            #expect(!seen.contains(entry.identifier), "cycle through \(entry.identifier)")
        }
    }

    @Test("a UTI stands for its own types and those of every UTI below it")
    func closure() throws {
        let table = UTITable.standard
        let image = try #require(table.mimeTypes(conformingTo: "public.image"))
        #expect(image.first == "image/*")
        let composite = try #require(table.mimeTypes(conformingTo: "public.composite-content"))
        #expect(composite.contains("application/pdf"))
        #expect(!composite.contains("application/vnd.oasis.opendocument.spreadsheet"))
        let content = try #require(table.mimeTypes(conformingTo: "public.content"))
        #expect(content.contains("application/vnd.oasis.opendocument.spreadsheet"))
        #expect(content.contains("image/*") && !content.contains("application/octet-stream"))
        #expect(table.mimeTypes(conformingTo: "PUBLIC.PNG") == ["image/png"])
        #expect(table.mimeTypes(conformingTo: "org.example.unknown") == nil)
    }

    @Test("malformed table text is refused with its line")
    func malformed() {
        #expect(throws: UTITable.Failure.malformedLine(line: 2, text: "public.x image/png")) {
            try UTITable(text: "# comment\npublic.x image/png\n")
        }
        #expect(throws: UTITable.Failure.duplicate(line: 2, identifier: "a.b")) {
            try UTITable(text: "a.b\t-\t-\na.b\t-\t-\n")
        }
    }
}
