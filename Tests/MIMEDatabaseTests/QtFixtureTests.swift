import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

let qtFixtures = Corpus.path("qt/fixtures")
let canCompile = Corpus.program("update-mime-database") != nil

/// The system database with the given Qt fixture packages in a more important data directory,
/// read from XML (`compile` false) or from a cache compiled here.
func databaseWithQtFixtures(_ names: [String], compile: Bool) throws -> (MIMEDatabase, TemporaryXDGTree) {
    let tree = try TemporaryXDGTree()
    let fixtures = try #require(qtFixtures)
    try tree.installMIMEPackages(names.map { fixtures + "/" + $0 }, dataDir: "local", compile: compile)
    let database = MIMEDatabase(
        mimeDirectories: [systemMIME, tree.path("local/mime")],
        source: compile ? .cache : .xml)
    return (database, tree)
}

@Suite("Qt's loading fixtures", .enabled(if: qtFixtures != nil && hasSystemFiles && canCompile))
struct QtFixtureTests {
    @Test("glob-deleteall in a more important directory removes the system's *.webm", arguments: [false, true])
    func webmGlobDeleteAll(compile: Bool) throws {
        let (database, _) = try databaseWithQtFixtures(["webm-glob-deleteall.xml"], compile: compile)
        #expect(database.globs(of: "video/webm").map(\.pattern) == ["*.videowebm"])
        #expect(!database.contents.globs.contains { $0.pattern == "*.webm" })
    }

    @Test("glob-deleteall with no new glob leaves the type without globs (QTBUG-85436)", arguments: [false, true])
    func objcGlobDeleteAll(compile: Bool) throws {
        let (database, _) = try databaseWithQtFixtures(["text-x-objcsrc.xml"], compile: compile)
        #expect(database.isKnown("text/x-objcsrc"))
        #expect(database.globs(of: "text/x-objcsrc").isEmpty)
        #expect(database.description(of: "text/x-objcsrc")?.comment == "Objective-C source code")
    }

    @Test("patterns are merged across directories (QTBUG-116905)", arguments: [false, true])
    func mergedPatterns(compile: Bool) throws {
        let (database, _) = try databaseWithQtFixtures(["add-extension.xml"], compile: compile)
        let patterns = Set(database.globs(of: "image/jpeg").map(\.pattern))
        #expect(patterns.isSuperset(of: ["*.jpg", "*.jpeg", "*.jpe", "*.jnewext"]))
    }

    @Test("circular inheritance is reported and never loops", arguments: [false, true])
    func circularInheritance(compile: Bool) throws {
        let (database, _) = try databaseWithQtFixtures(["circular-inheritance.xml"], compile: compile)
        let ancestors = database.ancestors(of: "text/javascript")
        #expect(ancestors.last == "application/octet-stream")
        #expect(database.isA("text/javascript", "application/ecmascript"))
        #expect(database.isA("application/ecmascript", "text/javascript"))
        #expect(database.diagnostics.contains { $0.message.contains("cycle") })
    }

    @Test("the case of a mixed-case type name is kept, and lookups ignore case", arguments: [false, true])
    func mixedCase(compile: Bool) throws {
        let (database, _) = try databaseWithQtFixtures(["yast2-metapackage-handler-mimetypes.xml"], compile: compile)
        #expect(database.isKnown("text/x-SuSE-ymu"))
        #expect(database.canonicalName("text/x-suse-ymu") == "text/x-SuSE-ymu")
        #expect(database.globs(of: "text/x-SuSE-ymu").map(\.pattern) == ["*.ymu"])
    }

    @Test("invalid magic drops the magic with a warning naming the file and line, never the type")
    func invalidMagic() throws {
        let names = ["invalid-magic1.xml", "invalid-magic2.xml", "invalid-magic3.xml"]
        let (database, tree) = try databaseWithQtFixtures(names, compile: false)
        for (index, name) in names.enumerated() {
            let type = "text/invalid-magic\(index + 1)"
            #expect(database.isKnown(type))
            #expect(!database.contents.magic.contains { $0.mimeType == type })
            let warning = database.diagnostics.first { $0.path == tree.path("local/mime/packages/\(name)") }
            #expect(warning?.line == 6, "\(name): \(String(describing: warning))")
        }
    }

    @Test("names, files and data against the fixtures", arguments: [false, true])
    func detectionFixtures(compile: Bool) throws {
        let (database, _) = try databaseWithQtFixtures(
            [
                "webm-glob-deleteall.xml", "yast2-metapackage-handler-mimetypes.xml", "qml-again.xml",
                "magic-and-hierarchy.xml", "magic-tie-break.xml", "hex-escape-magic.xml",
            ], compile: compile)
        let detector = TypeDetector(database: database)
        let fixtures = try #require(qtFixtures)
        #expect(detector.detect(name: "foo.webm").type == "application/octet-stream")
        #expect(detector.detect(name: "foo.videowebm").type == "video/webm")
        #expect(detector.detect(name: "foo.ymu").type == "text/x-SuSE-ymu")
        let qml = try detector.detect(path: fixtures + "/test.qml")
        #expect(qml.type == "text/x-qml")
        #expect(qml.trace.bytesRead == nil, "a double definition must not cause sniffing")
        #expect(try detector.detect(path: fixtures + "/magic-and-hierarchy.foo").type == "application/foo")
        #expect(try detector.detect(path: fixtures + "/magic-and-hierarchy2.foo").type == "application/vnd.qnx.bar-descriptor")
        #expect(detector.detect(data: Array("TIEBREAK-ORDER".utf8)).type == "application/x-tiebreak-order-a")
        #expect(detector.detect(data: [0x0A, 0, 0, 0] + Array("HEX".utf8)).type == "application/x-hex-escape")
        #expect(detector.detect(data: Array("xZJJ\u{4}\nHEX2".utf8)).type == "application/x-hex-escape")
    }
}
