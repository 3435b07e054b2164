import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

@Suite("the real desktop entries of the corpus", .enabled(if: CorpusEntries.isPresent))
struct CorpusParsingTests {
    @Test("every file of applications/ and extra/ loads, except files that are not desktop entries at all")
    func everyFileLoads() throws {
        let files = CorpusEntries.all()
        #expect(files.count >= 370, "the corpus walk found only \(files.count) files")
        var loaded = 0
        var notEntries: [String] = []
        for file in files {
            var diagnostics: [Diagnostic] = []
            if CorpusEntries.firstGroup(of: file.path) != DesktopEntry.mainGroup {
                // Not a desktop entry: the parser must say so rather than invent one.
                notEntries.append(file.path)
                #expect(throws: DesktopEntryError.self, "\(file.path) is not a desktop entry") {
                    try DesktopEntry.load(path: file.path, id: file.id, diagnostics: &diagnostics)
                }
                continue
            }
            do {
                let entry = try DesktopEntry.load(path: file.path, id: file.id, diagnostics: &diagnostics)
                loaded += 1
                #expect(entry.id == file.id)
                #expect(entry.path == file.path)
                #expect(entry.type == Self.rawMainValue("Type", in: file.path) ?? "", "\(file.path): Type")
                #expect(diagnostics.allSatisfy { $0.path == file.path }, "\(file.path): a diagnostic names another file")
            } catch {
                Issue.record("\(file.path) did not load: \(error)")
            }
        }
        #expect(loaded >= 370)
        #expect(loaded + notEntries.count == files.count)
    }

    @Test("the index gives files in subdirectories IDs that join the folders with '-'")
    func subdirectoryIDs() throws {
        let applications = try #require(CorpusEntries.applications)
        let tree = try TemporaryXDGTree()
        let dataDir = (applications as NSString).deletingLastPathComponent
        let index = ApplicationIndex(environment: tree.environment(dataDirs: [dataDir]))
        let directory = try #require(index.directories.first { $0.path == applications })

        let relative = CorpusEntries.relativePaths(under: applications)
        let expected = Dictionary(
            uniqueKeysWithValues: relative.map {
                ($0.replacingOccurrences(of: "/", with: "-"), applications + "/" + $0)
            })
        #expect(directory.files == expected)
        let nested = expected.keys.filter { $0.hasPrefix("screensavers-") }
        #expect(!nested.isEmpty, "the corpus has entries in applications/screensavers/")
        #expect(!directory.files.keys.contains { $0.contains("/") })

        for id in nested {
            let application = try #require(index.application(id))
            #expect(application.path == expected[id])
            #expect(application.entry?.id == id)
            #expect(DesktopFileID.isValid(id))
        }
        #expect(index.allApplications().count == expected.count)
        #expect(index.allApplications().allSatisfy { $0.entry != nil })
    }

    /// The last unlocalised value of `key` in `[Desktop Entry]`, read line by line without the parser.
    static func rawMainValue(_ key: String, in path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var inMain = false
        var value: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                inMain = trimmed == "[Desktop Entry]"
                continue
            }
            guard inMain, let equals = trimmed.firstIndex(of: "="),
                trimmed[..<equals].trimmingCharacters(in: .whitespaces) == key
            else { continue }
            value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return value
    }
}
