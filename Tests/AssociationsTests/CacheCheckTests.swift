import AssocTestSupport
import Foundation
import Testing

@testable import Associations

/// Runs `update-desktop-database` on an `applications/` directory of `tree`.
private func indexEntries(_ tree: TemporaryXDGTree, _ directory: String) throws {
    let tool = try requireProgram("update-desktop-database")
    let result = try ProcessRunner.run(tool, [tree.path(directory)], environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.standardError)")
}

/// The `stale-mimeinfo-cache` problems of `tree`.
private func staleCaches(_ tree: TemporaryXDGTree) -> [ConfigurationProblem] {
    checkProblems(tree).filter { $0.kind == .staleMimeInfoCache }
}

/// Entries of every kind `update-desktop-database` treats in its own way.
private let entries: [String: String] = [
    "plain.desktop": CheckFixtures.entry("Plain", types: "text/plain;application/pdf;"),
    "nodisplay.desktop": CheckFixtures.entry("NoDisplay", types: "text/plain;", extra: "NoDisplay=true\n"),
    "hidden.desktop": CheckFixtures.entry("Hidden", types: "text/plain;", extra: "Hidden=true\n"),
    "tryexec.desktop": CheckFixtures.entry("TryExec", types: "text/plain;", extra: "TryExec=assoc-no-such-program\n"),
    "link.desktop": "[Desktop Entry]\nType=Link\nName=Link\nURL=https://example.org/\nMimeType=text/html;\n",
    "noexec.desktop": "[Desktop Entry]\nType=Application\nName=No Exec\nMimeType=text/csv;\n",
    "vendor/sub.desktop": CheckFixtures.entry("Sub", types: "image/png;"),
    "junk.desktop": "[Desktop Entry]\nthis is no key\nType=Application\nName=Junk\nExec=true\nMimeType=text/plain;\n",
    "notypes.desktop": "[Desktop Entry]\nType=Application\nName=No types\nExec=true\n",
    // Two files with one ID: the tool indexes both.
    "twice-app.desktop": CheckFixtures.entry("Twice 1", types: "application/zip;"),
    "twice/app.desktop": CheckFixtures.entry("Twice 2", types: "application/x-tar;"),
    "types.desktop": CheckFixtures.entry(
        "Types",
        types: ([
            "notatype", "TEXT/Plain", "font/ttf", "X-Foo/bar", "x-/bar", "example/x", "image/*", "message/x-foo",
            "multipart/related", "zz-application/zz-winassoc-xls", "zz-application/zz-winassoc-foo", "misc/ultravox",
            "misc/other", "flv-application/octet-stream", "chemical/x-pdb", "x-directory/normal", "text/a=b",
            "inode/directory", "x-scheme-handler/https", "x-content/image-dcf", "model/stl", "vms/exe",
            "text/\u{301}x", "\u{301}/x",
        ] as [String]).joined(separator: ";") + ";"),
]

@Suite(
    "assoc check compares mimeinfo.cache with what update-desktop-database writes",
    .enabled(if: Corpus.program("update-desktop-database") != nil))
struct MimeInfoCacheCheckTests {
    /// A tree whose user directory has `entries`, indexed by the real tool.
    private func indexedTree() throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        for (name, text) in entries { try tree.write("data/applications/" + name, text) }
        try indexEntries(tree, "data/applications")
        return tree
    }

    @Test("a cache the tool just wrote is not stale, whatever the kinds of entries")
    func freshCache() throws {
        let tree = try indexedTree()
        defer { withExtendedLifetime(tree) {} }
        #expect(staleCaches(tree).map(\.message) == [])
    }

    @Test("the types the tool indexes are the ones assoc expects it to")
    func indexedTypes() throws {
        let tree = try indexedTree()
        defer { withExtendedLifetime(tree) {} }
        let cache = try String(contentsOfFile: tree.path("data/applications/mimeinfo.cache"), encoding: .utf8)
        let written = Set(
            cache.split(separator: "\n").filter { $0.hasSuffix("types.desktop;") && !$0.contains("notypes") }
                .map { String($0.prefix { $0 != "=" }) })
        let declared = entries["types.desktop"]!.split(separator: "\n").first { $0.hasPrefix("MimeType=") }!
            .dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        #expect(written.count > 10 && written.count < declared.count, "\(written)")
        for type in declared {
            #expect(TypeIndexing.isIndexed(type) == written.contains(type), "\(type)")
        }
    }

    @Test("an entry without types newer than the cache changes nothing")
    func newerEntryWithoutTypes() throws {
        let tree = try indexedTree()
        defer { withExtendedLifetime(tree) {} }
        let cache = tree.path("data/applications/mimeinfo.cache")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: cache)
        try tree.write("data/applications/launcher.desktop", "[Desktop Entry]\nType=Application\nName=Game\nExec=true\n")
        #expect(staleCaches(tree).isEmpty)
    }

    @Test("a removed entry, one installed with an old date, a changed MimeType are each found")
    func outOfDate() throws {
        let tree = try indexedTree()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.removeItem(atPath: tree.path("data/applications/plain.desktop"))
        var stale = staleCaches(tree)
        #expect(stale.count == 1)
        #expect(stale.first?.message.contains("it lists plain.desktop for application/pdf, and there is no such entry") == true)
        #expect(stale.first?.severity == .warning && stale.first?.fix?.suggestion.hasPrefix("update-desktop-database") == true)

        try indexEntries(tree, "data/applications")
        let old = try tree.write("data/applications/old.desktop", CheckFixtures.entry("Old", types: "text/x-tex;"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_577_836_800)], ofItemAtPath: old)
        stale = staleCaches(tree)
        #expect(stale.first?.message.contains("it does not list old.desktop for text/x-tex") == true, "\(stale)")

        try indexEntries(tree, "data/applications")
        try tree.write("data/applications/nodisplay.desktop", CheckFixtures.entry("NoDisplay", types: "text/markdown;"))
        stale = staleCaches(tree)
        #expect(
            stale.first?.message.contains("it lists nodisplay.desktop for text/plain, which its MimeType no longer has") == true)
        #expect(stale.first?.message.contains("(and 1 more)") == true, "the new type is missing too")
    }

    @Test("no cache where entries declare types is reported; none where they declare nothing is not")
    func missingCache() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("data/applications/launcher.desktop", "[Desktop Entry]\nType=Application\nName=Game\nExec=true\n")
        try tree.write("usr-share/applications/viewer.desktop", CheckFixtures.entry("Viewer", types: "application/pdf;"))
        let stale = staleCaches(tree)
        #expect(stale.map(\.path) == [tree.path("usr-share/applications/mimeinfo.cache")])
        #expect(stale.first?.message.contains("does not exist") == true && stale.first?.severity == .note)
    }
}

@Suite("assoc check: a mime.cache missing beside its packages", .enabled(if: CheckFixtures.available))
struct MissingMIMECacheTests {
    @Test("packages without mime.cache are reported until update-mime-database runs")
    func missing() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.installMIMEPackages([CheckFixtures.systemPackage], compile: true)
        try tree.write(
            "data/mime/packages/mine.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-assoc-mine"><comment>Mine</comment><glob pattern="*.mine"/></mime-type>
            </mime-info>
            """ + "\n")
        var problems = checkProblems(tree).filter { $0.kind == .staleMIMECache }
        #expect(problems.map(\.path) == [tree.path("data/mime/mime.cache")])
        #expect(problems.first?.message.contains("mine.xml") == true && problems.first?.severity == .warning)
        try tree.installMIMEPackages([], dataDir: "data", compile: true)
        problems = checkProblems(tree).filter { $0.kind == .staleMIMECache }
        #expect(problems.isEmpty, "\(problems)")
    }
}
