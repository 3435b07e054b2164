import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// `update-mime-database`, the reference compiler, when installed.
let referenceCompiler = Corpus.program("update-mime-database")

/// Compiles the same packages with `update-mime-database` and with `DatabaseUpdate`, each in a copy
/// of its own, and lists every file that differs.
struct CompiledPair {
    let tree: TemporaryXDGTree
    let reference: String
    let native: String
    let report: DatabaseUpdate.Report

    /// `packages` are (file name, bytes) pairs.
    init(packages: [(name: String, bytes: [UInt8])]) throws {
        tree = try TemporaryXDGTree()
        reference = try tree.makeDirectory("reference")
        native = try tree.makeDirectory("native")
        for (name, bytes) in packages {
            try tree.write("reference/packages/" + name, bytes: bytes)
            try tree.write("native/packages/" + name, bytes: bytes)
        }
        let result = try ProcessRunner.run(
            try #require(referenceCompiler), [reference],
            environment: ["PATH": "/usr/bin:/bin", "PKGSYSTEM_ENABLE_FSYNC": "0", "HOME": tree.root])
        guard result.status == 0 else { throw SetupError("update-mime-database failed: \(result.standardError)") }
        report = try DatabaseUpdate.run(directory: native, options: DatabaseUpdate.Options(synchronize: false))
    }

    /// Replaces both sides' packages with `packages` and compiles each directory again in place,
    /// over what the last run left there.
    func recompile(_ packages: [(name: String, bytes: [UInt8])]) throws -> DatabaseUpdate.Report {
        for side in ["reference", "native"] {
            try FileManager.default.removeItem(atPath: tree.path(side + "/packages"))
            for (name, bytes) in packages { try tree.write(side + "/packages/" + name, bytes: bytes) }
        }
        let result = try ProcessRunner.run(
            try #require(referenceCompiler), [reference],
            environment: ["PATH": "/usr/bin:/bin", "PKGSYSTEM_ENABLE_FSYNC": "0", "HOME": tree.root])
        guard result.status == 0 else { throw SetupError("update-mime-database failed: \(result.standardError)") }
        return try DatabaseUpdate.run(directory: native, options: DatabaseUpdate.Options(synchronize: false))
    }

    /// Copies the files at `paths` in as packages.
    init(copying paths: [String]) throws {
        try self.init(
            packages: paths.map { ((($0 as NSString).lastPathComponent), Array(try Data(contentsOf: URL(fileURLWithPath: $0)))) })
    }

    /// Every generated file, relative to its directory.
    static func files(in directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var result: [String] = []
        while let next = enumerator?.nextObject() as? String {
            guard !next.hasPrefix("packages/"), !FileBytes.isDirectory(directory + "/" + next) else { continue }
            result.append(next)
        }
        return result.sorted()
    }

    /// What differs: files only one side wrote, and files whose bytes differ (with the first offset).
    var differences: [String] {
        let referenceFiles = Self.files(in: reference)
        let nativeFiles = Self.files(in: native)
        var found: [String] = []
        for missing in Set(referenceFiles).subtracting(nativeFiles).sorted() { found.append("\(missing) not written") }
        for extra in Set(nativeFiles).subtracting(referenceFiles).sorted() {
            found.append("\(extra) written, not by update-mime-database")
        }
        for file in referenceFiles where nativeFiles.contains(file) {
            let a = (try? FileBytes.read(reference + "/" + file)) ?? []
            let b = (try? FileBytes.read(native + "/" + file)) ?? []
            if a != b {
                let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                found.append("\(file) differs at byte \(offset) (\(a.count) vs \(b.count) bytes)")
            }
        }
        return found
    }

    /// The generated files that make up a database (the formats, without the per-type files).
    static let formats = [
        "mime.cache", "globs", "globs2", "magic", "aliases", "subclasses", "types", "icons", "generic-icons",
        "XMLnamespaces", "treemagic", "version",
    ]
}

@Suite("assoc types update writes what update-mime-database 2.2 writes, byte for byte", .enabled(if: referenceCompiler != nil))
struct DatabaseUpdateIdentityTests {
    @Test("the installed Debian database: every file, the per-type XML included")
    func installedDatabase() throws {
        let directory = "/usr/share/mime/packages"
        let names = try #require(try? FileBytes.directoryEntries(directory)).filter { $0.hasSuffix(".xml") }
        try #require(!names.isEmpty, "no packages installed in \(directory)")
        let pair = try CompiledPair(copying: names.map { directory + "/" + $0 })
        #expect(pair.differences.isEmpty, "\(pair.differences.prefix(10))")
        #expect(pair.report.problems.isEmpty)
        let written = Set(CompiledPair.files(in: pair.native))
        for format in CompiledPair.formats { #expect(written.contains(format)) }
        #expect(written.contains("text/plain.xml"))
    }

    @Test("shared-mime-info's freedesktop.org.xml")
    func sharedMimeInfoPackage() throws {
        let package = try #require(Corpus.path("shared-mime-info/data/freedesktop.org.xml"))
        let pair = try CompiledPair(copying: [package])
        #expect(pair.differences.isEmpty, "\(pair.differences.prefix(10))")
        #expect(pair.report.typeCount > 1000)
    }

    @Test("text and attribute values with every character libxml2 escapes, written without libxml2's help")
    func escapedCharacters() throws {
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-esc&amp;aped">
                <comment>a &lt;b&gt; &amp; "c" 'd' &#13;&#10;e&#9;f ü 日本</comment>
                <comment xml:lang="de">zwei</comment>
                <comment xml:lang="de">drei &gt;</comment>
                <glob pattern="*.q&quot;&gt;&#13;&#10;&#9;&lt;&amp;'ü"/>
                <glob pattern="*.plain" weight="60" case-sensitive="true"/>
                <comment/>
                <acronym></acronym>
                <expanded-acronym>x</expanded-acronym>
                <icon name="a&quot;b"/>
              </mime-type>
            </mime-info>

            """
        let pair = try CompiledPair(packages: [("escapes.xml", Array(package.utf8))])
        #expect(pair.differences.isEmpty, "\(pair.differences)")
        let file = try FileBytes.read(pair.native + "/application/x-esc&aped.xml")
        #expect(String(decoding: file, as: UTF8.self).contains("&#13;"))
    }

    @Test("the application packages of the Debian corpus, merged with each other")
    func applicationPackages() throws {
        let directory = try #require(Corpus.path("freedesktop-debian/mime/packages"))
        let names = try FileBytes.directoryEntries(directory).filter { $0.hasSuffix(".xml") }
        #expect(names.count >= 10)
        let pair = try CompiledPair(copying: names.map { directory + "/" + $0 })
        #expect(pair.differences.isEmpty, "\(pair.differences.prefix(10))")
        #expect(pair.report.packages.count == names.count)
    }

    @Test(
        "generated package sets: shared types, weights, case-sensitive globs, nested masked magic, deleteall, roots, tree magic")
    func generatedSets() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["ASSOC_TYPES_UPDATE_SETS"].flatMap { Int($0) } ?? 500
        let seed = environment["ASSOC_TYPES_UPDATE_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        print("types update: \(count) generated package sets, seed \(seed) (ASSOC_TYPES_UPDATE_SEED to replay)")
        var generator = RandomPackages(random: SplitMix(seed: seed))
        var failures: [String] = []
        var reported = 0
        for index in 0..<count {
            let packages = generator.packageSet()
            let pair = try CompiledPair(packages: packages.map { ($0.name, Array($0.text.utf8)) })
            reported += pair.report.problems.count
            if !pair.differences.isEmpty {
                failures.append("set \(index): \(pair.differences.prefix(3).joined(separator: "; "))")
                if failures.count == 1 {
                    for package in packages { print("--- \(package.name)\n\(package.text)") }
                }
            }
        }
        print("types update: \(count) sets compared, \(reported) problems reported on the way")
        #expect(failures.isEmpty, "seed \(seed): \(failures.count) of \(count) sets differ: \(failures.prefix(5))")
    }

    @Test("compiled again and again in place, over what the last run left, as the packages change: the same bytes")
    func recompiledInPlace() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["ASSOC_TYPES_UPDATE_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
        print("types update in place: seed \(seed) (ASSOC_TYPES_UPDATE_SEED to replay)")
        var generator = RandomPackages(random: SplitMix(seed: seed))
        let encode: ([(name: String, text: String)]) -> [(name: String, bytes: [UInt8])] = { set in
            set.map { ($0.name, Array($0.text.utf8)) }
        }
        var packages = encode(generator.packageSet())
        let pair = try CompiledPair(packages: packages)
        var failures: [String] = []
        var unchangedSeen = 0
        for round in 0..<40 {
            // Every third round compiles the same packages again: nothing changes but the stamps.
            if round % 3 != 2 { packages = encode(generator.packageSet()) }
            let report = try pair.recompile(packages)
            unchangedSeen += report.unchangedFiles.count
            if round % 3 == 2 && report.writtenFiles != [] {
                failures.append("round \(round): the same packages rewrote \(report.writtenFiles.prefix(3))")
            }
            if !pair.differences.isEmpty {
                failures.append("round \(round): \(pair.differences.prefix(3).joined(separator: "; "))")
            }
        }
        #expect(unchangedSeen > 0)
        #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(5))")
    }
}
