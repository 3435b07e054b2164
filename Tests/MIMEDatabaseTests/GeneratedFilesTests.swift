import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// The text files update-mime-database writes beside mime.cache.
private let generatedNames = [
    "globs2", "globs", "magic", "aliases", "subclasses", "icons", "generic-icons", "XMLnamespaces", "types",
]

/// A `mime/` directory in `tree` holding only the generated files of the system database.
private func systemTextFiles(_ tree: TemporaryXDGTree) throws -> String {
    let directory = try tree.makeDirectory("usr-share/mime")
    for name in generatedNames where FileManager.default.fileExists(atPath: "/usr/share/mime/" + name) {
        try tree.copy("/usr/share/mime/" + name, to: "usr-share/mime/" + name)
    }
    return directory
}

/// Reads `bytes` as a magic file.
private func readMagic(_ bytes: [UInt8], diagnostics: inout [Diagnostic]) throws(MIMEDatabaseError) -> [MagicRule] {
    var contents = DirectoryContents()
    try MagicFileReader.read(bytes, path: "/t/magic", into: &contents, diagnostics: &diagnostics)
    return contents.magic
}

private let hasSystemTextFiles =
    FileManager.default.fileExists(atPath: "/usr/share/mime/magic")
    && FileManager.default.fileExists(atPath: "/usr/share/mime/globs2")

@Suite("the generated text files of a mime directory (globs2, magic, aliases…)")
struct GeneratedFilesTests {
    @Test(
        "a directory with only its generated files is read from them, and types the corpus as the cache does",
        .enabled(if: hasSystemTextFiles && FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")))
    func textOnlyDirectory() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let directory = try systemTextFiles(tree)
        let text = MIMEDatabase(mimeDirectories: [directory], source: .auto)
        #expect(text.directories.map(\.source) == [.text])
        #expect(text.diagnostics.isEmpty, "\(text.diagnostics)")
        let cache = MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .cache)
        let suite = try #require(Corpus.path("shared-mime-info/tests/mime-detection"), "the corpus is needed")
        let files = try FileManager.default.contentsOfDirectory(atPath: suite).sorted()
        #expect(files.count > 100)
        let (byText, byCache) = (TypeDetector(database: text), TypeDetector(database: cache))
        var differing: [String] = []
        for name in files {
            let path = suite + "/" + name
            let options = DetectionOptions(useAttribute: false)
            if (try? byText.detect(path: path, options: options).type) != (try? byCache.detect(path: path, options: options).type)
            {
                differing.append(name)
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    @Test(
        "a corrupt mime.cache with no packages beside it falls back to the text files, with a warning",
        .enabled(if: hasSystemTextFiles))
    func corruptCacheFallsBackToText() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let directory = try systemTextFiles(tree)
        try tree.write("usr-share/mime/mime.cache", "not a cache at all")
        let database = MIMEDatabase(mimeDirectories: [directory], source: .auto)
        #expect(database.directories.map(\.source) == [.text])
        #expect(
            database.diagnostics.contains {
                $0.path == directory + "/mime.cache" && $0.message.contains("reading the text files beside it instead")
            })
        #expect(database.canonicalName("application/x-pdf") == "application/pdf")
        #expect(TypeDetector(database: database).detect(name: "a.png").type == "image/png")
        #expect(TypeDetector(database: database).detect(data: Array("%PDF-1.7\n".utf8)).type == "application/pdf")
    }

    @Test("a corrupt mime.cache alone is skipped with a warning that says so")
    func corruptCacheAlone() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("usr-share/mime/mime.cache", "not a cache at all")
        let database = MIMEDatabase(mimeDirectories: [tree.path("usr-share/mime")], source: .auto)
        #expect(database.directories.isEmpty)
        #expect(
            database.diagnostics.count == 1 && database.diagnostics[0].message.hasSuffix("; directory skipped"),
            "\(database.diagnostics)")
    }

    @Test("a magic file without its header is skipped with a warning on line 1; the globs still answer")
    func magicWithoutHeader() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("usr-share/mime/magic", "[50:image/png]\n>0=\u{0}\u{4}\u{89}PNG\n")
        try tree.write("usr-share/mime/globs2", "50:image/png:*.png\n")
        let database = MIMEDatabase(mimeDirectories: [tree.path("usr-share/mime")], source: .auto)
        #expect(
            database.diagnostics.map(\.description) == [
                tree.path("usr-share/mime/magic") + ":1: does not start with the MIME-Magic header; file skipped"
            ])
        #expect(database.contents.magic.isEmpty)
        #expect(TypeDetector(database: database).detect(name: "a.png").type == "image/png")
    }

    @Test("a line ending in an unknown character is ignored with the lines nested under it; the rest is kept")
    func unknownCharacter() throws {
        let file =
            MagicFileReader.header + Array("[50:image/x-a]\n>0=".utf8) + [0, 2] + Array("AB\n1>2=".utf8) + [0, 1]
            + Array("C!future\n2>3=".utf8) + [0, 1] + Array("D\n1>2=".utf8) + [0, 1] + Array("E~2+4\n[40:image/x-b]\n>0=".utf8)
            + [0, 2] + Array("Z\n&".utf8) + [0xFF, 0x0F] + Array("\n".utf8)
        var diagnostics: [Diagnostic] = []
        let rules = try readMagic(file, diagnostics: &diagnostics)
        #expect(rules.map(\.mimeType) == ["image/x-a", "image/x-b"])
        #expect(
            rules[0].matchlets == [
                Matchlet(
                    rangeStart: 0, value: Array("AB".utf8),
                    children: [Matchlet(rangeStart: 2, rangeLength: 4, wordSize: 2, value: Array("E".utf8))])
            ])
        // The value of image/x-b holds a newline: the file is walked by lengths, not lines.
        #expect(rules[1].matchlets == [Matchlet(rangeStart: 0, value: Array("Z\n".utf8), mask: [0xFF, 0x0F])])
        #expect(diagnostics.map(\.description) == ["/t/magic:4: an unknown character where the line should end; line ignored"])
    }

    @Test("a value holding a newline and a mask are read by their lengths; blank lines are skipped")
    func binaryValues() throws {
        let file =
            MagicFileReader.header + Array("\n[60:application/x-b]\n>8=".utf8) + [0, 3] + [0x0A, 0x00, 0x5B]
            + Array("&".utf8) + [0xFF, 0x0F, 0xFF] + Array("+16\n\n".utf8)
        var diagnostics: [Diagnostic] = []
        let rules = try readMagic(file, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(
            rules == [
                MagicRule(
                    priority: 60, mimeType: "application/x-b",
                    matchlets: [
                        Matchlet(rangeStart: 8, rangeLength: 16, value: [0x0A, 0x00, 0x5B], mask: [0xFF, 0x0F, 0xFF])
                    ])
            ])
    }

    @Test("a last line the file cuts short ends the reading, dropping its section")
    func lastLineCutShort() throws {
        let first = MagicFileReader.header + Array("[50:image/x-a]\n>0=".utf8) + [0, 1] + Array("A\n".utf8)
        for tail in ["[40:image/x-b]\n>0=\u{0}\u{1}B", "[40:image/x-b]\n>0=\u{0}\u{1}B~", "[40:image/x-b]\n>0=\u{0}\u{1}B!x"] {
            var diagnostics: [Diagnostic] = []
            let rules = try readMagic(first + Array(tail.utf8), diagnostics: &diagnostics)
            #expect(rules.map(\.mimeType) == ["image/x-a"])
            #expect(diagnostics.map(\.description) == ["/t/magic:5: the last line is cut short; the rest of the file is ignored"])
        }
    }

    @Test("every cut of the real magic file keeps the sections before the cut, unchanged", .enabled(if: hasSystemTextFiles))
    func truncations() throws {
        let bytes = try FileBytes.read("/usr/share/mime/magic")
        var diagnostics: [Diagnostic] = []
        let full = try readMagic(bytes, diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        #expect(full.count > 300)
        for step in 0..<400 {
            let length = MagicFileReader.header.count + (bytes.count - MagicFileReader.header.count) * step / 400
            var cutDiagnostics: [Diagnostic] = []
            let cut = try readMagic(Array(bytes.prefix(length)), diagnostics: &cutDiagnostics)
            #expect(Array(cut.dropLast()) == Array(full.prefix(max(cut.count - 1, 0))), "cut at \(length)")
            #expect(cutDiagnostics.count <= 1, "cut at \(length): \(cutDiagnostics)")
            #expect(cutDiagnostics.allSatisfy { $0.line != nil && $0.path == "/t/magic" })
        }
    }

    @Test("bad globs2 lines are ignored with one warning naming the first; flags and future fields are read")
    func globs2Lines() {
        let text =
            "50:text/plain\nabc:text/x-a:*.a\n50:not a type:*.y\n# a comment\n\n"
            + "80:text/x-good:*.Good:cs,future:more\n50:text/x-good:*.Good\n50:text/x-b:__NOGLOBS__\n"
        var contents = DirectoryContents()
        var diagnostics: [Diagnostic] = []
        Globs2Reader.read(Array(text.utf8), path: "/t/globs2", weighted: true, into: &contents, diagnostics: &diagnostics)
        #expect(contents.globs == [GlobRule(pattern: "*.Good", mimeType: "text/x-good", weight: 80, caseSensitive: true)])
        #expect(contents.globDeleteAll == ["text/x-b"])
        #expect(
            diagnostics.map(\.description) == [
                "/t/globs2:1: expected 'weight:type:pattern'; line ignored (and 2 more lines ignored)"
            ])
    }

    @Test(
        "the one-rule-a-line files: bad lines warned about, good ones read",
        arguments: [
            (SimpleListReader.Kind.aliases, "application/x-pdf application/pdf\nbroken\n", 1),
            (.subclasses, "image/svg+xml application/xml\nimage/svg+xml text/plain\nnot-a-type x\n", 2),
            (.icons, "application/pdf:pdf-icon\napplication/pdf\n", 1),
            (.namespaces, "http://www.w3.org/2000/svg svg image/svg+xml\nurn:any  application/x-any\nonly two\n", 2),
        ])
    func simpleLists(kind: SimpleListReader.Kind, text: String, rules: Int) {
        var contents = DirectoryContents()
        var diagnostics: [Diagnostic] = []
        SimpleListReader.read(kind, Array(text.utf8), path: "/t/list", into: &contents, diagnostics: &diagnostics)
        let read =
            contents.aliases.count + contents.parents.values.map(\.count).reduce(0, +) + contents.icons.count
            + contents.rootXML.count
        #expect(read == rules)
        #expect(diagnostics.count == 1 && diagnostics[0].line == rules + 1, "\(diagnostics)")
        if kind == .namespaces {
            #expect(contents.rootXML.last == RootXMLRule(namespaceURI: "urn:any", localName: "", mimeType: "application/x-any"))
        }
    }

    @Test("a dangling link and a directory in place of a file are warned about; the other files answer")
    func unreadableFiles() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("usr-share/mime/magic", bytes: MagicFileReader.header)
        try FileManager.default.createSymbolicLink(atPath: tree.path("usr-share/mime/globs2"), withDestinationPath: "nowhere")
        try tree.write("usr-share/mime/globs", "image/png:*.png\n")
        try tree.makeDirectory("usr-share/mime/aliases")
        try tree.write("usr-share/mime/subclasses", "application/x-a application/x-b\napplication/x-b application/x-a\n")
        let database = MIMEDatabase(mimeDirectories: [tree.path("usr-share/mime")], source: .auto)
        let messages = database.diagnostics.map(\.description)
        #expect(
            messages.contains(
                tree.path("usr-share/mime/globs2") + ": a symbolic link to 'nowhere', which does not exist; file skipped"))
        #expect(messages.contains { $0.hasPrefix(tree.path("usr-share/mime/aliases") + ": cannot read") })
        // Without globs2, the older globs file is read.
        #expect(TypeDetector(database: database).detect(name: "a.png").type == "image/png")
        // A cycle in subclasses is cut and named with its file and line.
        #expect(database.ancestors(of: "application/x-a").contains("application/x-b"))
        #expect(
            database.diagnostics.contains {
                $0.path == tree.path("usr-share/mime/subclasses") && $0.line != nil && $0.message.contains("cycle")
            },
            "\(messages)")
    }
}
