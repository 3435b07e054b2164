import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// A package with one good type.
let goodPackage = """
    <?xml version="1.0" encoding="UTF-8"?>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <mime-type type="application/x-good">
        <comment>Good</comment>
        <glob pattern="*.good"/>
      </mime-type>
    </mime-info>
    """

@Suite("assoc types update: broken packages, --newer, fsync, atomic replacement")
struct DatabaseUpdateBehaviourTests {
    @Test("a package that is not well-formed is reported with its file and line and left out; the rest is compiled")
    func brokenPackage() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("mime/packages/a-good.xml", goodPackage)
        let broken = try tree.write(
            "mime/packages/b-broken.xml",
            "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
                + "  <mime-type type=\"application/x-broken\">\n    <glob pattern=\"*.broken\">\n  </mime-type>\n</mime-info>\n")
        let invalid = try tree.write(
            "mime/packages/c-invalid.xml",
            "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
                + "  <mime-type type=\"application/x-partial\">\n    <glob pattern=\"*.kept\"/>\n    <glob weight=\"10\"/>\n"
                + "    <glob pattern=\"*.lost\"/>\n  </mime-type>\n</mime-info>\n")
        let report = try DatabaseUpdate.run(directory: tree.path("mime"), options: DatabaseUpdate.Options(synchronize: false))
        #expect(report.rejectedPackages == [broken])
        let brokenProblem = try #require(report.problems.first { $0.path == broken })
        #expect(brokenProblem.line == 4)
        #expect(brokenProblem.message.contains("left out"))
        let invalidProblem = try #require(report.problems.first { $0.path == invalid })
        #expect(invalidProblem.line == 4)
        #expect(invalidProblem.message.contains("application/x-partial"))
        let globs = try String(contentsOfFile: tree.path("mime/globs2"), encoding: .utf8)
        #expect(globs.contains("50:application/x-good:*.good\n"))
        #expect(globs.contains("50:application/x-partial:*.kept\n"))
        #expect(!globs.contains("*.lost"))
        #expect(!globs.contains("broken"))
        // The cache compiled alongside is read by assoc's own reader.
        let database = MIMEDatabase(mimeDirectories: [tree.path("mime")], source: .cache)
        #expect(database.directories.first?.source == .cache)
        #expect(TypeDetector(database: database).detect(name: "x.good").type == "application/x-good")
    }

    @Test("--newer does nothing while the version file is at least as new as every package, and compiles once one is newer")
    func onlyIfNewer() throws {
        let tree = try TemporaryXDGTree()
        let package = try tree.write("mime/packages/a-good.xml", goodPackage)
        let directory = tree.path("mime")
        let newer = DatabaseUpdate.Options(onlyIfNewer: true, synchronize: false)
        #expect(try DatabaseUpdate.run(directory: directory, options: newer).skipped == false)
        let version = directory + "/version"
        #expect(FileBytes.exists(version))
        try setModificationTime(version, secondsAgo: 100)
        try setModificationTime(package, secondsAgo: 200)
        try setModificationTime(directory + "/packages", secondsAgo: 200)
        let skipped = try DatabaseUpdate.run(directory: directory, options: newer)
        #expect(skipped.skipped)
        #expect(skipped.writtenFiles.isEmpty)
        try setModificationTime(package, secondsAgo: 10)
        let compiled = try DatabaseUpdate.run(directory: directory, options: newer)
        #expect(!compiled.skipped)
        // The package's bytes did not change, so neither does the cache; its time and version's do.
        #expect(compiled.unchangedFiles.suffix(2) == ["mime.cache", "version"])
        let versionTime = try #require(FileBytes.modificationTime(version))
        #expect(versionTime >= (try #require(FileBytes.modificationTime(package))))
        #expect(try DatabaseUpdate.run(directory: directory, options: newer).skipped)
    }

    @Test("compiled again in place: only the files whose bytes change are replaced; the stamps get the new time")
    func writesOnlyWhatChanges() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("mime/packages/a-good.xml", goodPackage)
        let directory = tree.path("mime")
        let options = DatabaseUpdate.Options(synchronize: true)
        let first = try DatabaseUpdate.run(directory: directory, options: options)
        #expect(first.unchangedFiles.isEmpty)
        let files = first.writtenFiles
        let inodes = try files.map { try inode(directory + "/" + $0) }
        for stamp in ["mime.cache", "version"] { try setModificationTime(directory + "/" + stamp, secondsAgo: 100) }

        let again = try DatabaseUpdate.run(directory: directory, options: options)
        #expect(again.writtenFiles.isEmpty)
        #expect(again.unchangedFiles == files)
        #expect(try files.map { try inode(directory + "/" + $0) } == inodes)
        let now = Int64(Date().timeIntervalSince1970) * 1_000_000_000
        for stamp in ["mime.cache", "version"] {
            #expect(try #require(FileBytes.modificationTime(directory + "/" + stamp)) >= now - 10_000_000_000)
        }

        // A glob renamed changes the type's file, both globs files and the cache, nothing else;
        // `types`, its bytes the same but its mode not a new file's, is made anew.
        try tree.write(
            "mime/packages/a-good.xml",
            goodPackage.replacingOccurrences(of: "<glob pattern=\"*.good\"/>", with: "<glob pattern=\"*.better\"/>"))
        chmod(directory + "/types", 0o600)
        let changed = try DatabaseUpdate.run(directory: directory, options: options)
        #expect(changed.writtenFiles == ["application/x-good.xml", "globs", "globs2", "types", "mime.cache"])
        #expect(changed.unchangedFiles.contains("aliases"))
        #expect(changed.unchangedFiles.last == "version")
        var info = stat()
        #expect(stat(directory + "/types", &info) == 0)
        #expect(info.st_mode & 0o7777 == AtomicFile.creationMode())
        let leftovers = try FileBytes.directoryEntries(directory + "/application").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("a generated file replaced by a symbolic link or a directory is an error, not followed")
    func refusesLinksAndDirectories() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("mime/packages/a-good.xml", goodPackage)
        let directory = tree.path("mime")
        _ = try DatabaseUpdate.run(directory: directory, options: DatabaseUpdate.Options(synchronize: false))
        let elsewhere = try tree.write("elsewhere", "not the database")
        try FileManager.default.removeItem(atPath: directory + "/globs")
        symlink(elsewhere, directory + "/globs")
        #expect(throws: DatabaseUpdate.Failure.self) {
            try DatabaseUpdate.run(directory: directory, options: DatabaseUpdate.Options(synchronize: false))
        }
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "not the database")
        try FileManager.default.removeItem(atPath: directory + "/globs")
        try tree.makeDirectory("mime/globs")
        #expect(throws: DatabaseUpdate.Failure.self) {
            try DatabaseUpdate.run(directory: directory, options: DatabaseUpdate.Options(synchronize: false))
        }
    }

    private func inode(_ path: String) throws -> UInt {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SetupError("cannot stat \(path)") }
        return UInt(info.st_ino)
    }

    private func setModificationTime(_ path: String, secondsAgo: Int) throws {
        let date = Date(timeIntervalSinceNow: -Double(secondsAgo))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
    }

    @Test(
        "PKGSYSTEM_ENABLE_FSYNC turns syncing off when its leading number is 0, as update-mime-database reads it",
        arguments: [(nil, true), ("0", false), ("1", true), ("", false), ("no", false), (" 2", true), ("00", false)]
            as [(String?, Bool)])
    func fsyncVariable(value: String?, synchronizes: Bool) {
        let environment = value.map { ["PKGSYSTEM_ENABLE_FSYNC": $0] } ?? [:]
        #expect(DatabaseUpdate.Options.synchronizes(environment: environment) == synchronizes)
    }

    @Test("files are renamed into place, the cache after the others and version last; stale per-type files go, others stay")
    func atomicReplacement() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("mime/packages/a-good.xml", goodPackage)
        try tree.write("mime/application/x-gone.xml", "<old/>")
        try tree.write("mime/application/notes.txt", "kept")
        try tree.write("mime/mime.cache", String(repeating: "old cache ", count: 10_000))
        let report = try DatabaseUpdate.run(directory: tree.path("mime"), options: DatabaseUpdate.Options(synchronize: true))
        #expect(report.writtenFiles.suffix(2) == ["mime.cache", "version"])
        #expect(report.writtenFiles.first == "application/x-good.xml")
        #expect(!FileBytes.exists(tree.path("mime/application/x-gone.xml")))
        #expect(FileBytes.exists(tree.path("mime/application/notes.txt")))
        let leftovers = try FileBytes.directoryEntries(tree.path("mime")).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        let cache = try FileBytes.read(tree.path("mime/mime.cache"))
        #expect(Array(cache.prefix(4)) == [0, 1, 0, 2])
        #expect(cache.count < 10_000)
    }

    @Test("a missing directory or packages directory is an error naming it")
    func missingDirectories() throws {
        let tree = try TemporaryXDGTree()
        #expect(throws: DatabaseUpdate.Failure.missingDirectory(tree.path("nothing"))) {
            try DatabaseUpdate.run(directory: tree.path("nothing/"))
        }
        try tree.makeDirectory("empty")
        #expect(throws: DatabaseUpdate.Failure.missingPackages(tree.path("empty/packages"))) {
            try DatabaseUpdate.run(directory: tree.path("empty"))
        }
    }
}

@Suite(
    "the detection suite answers the same from the cache assoc wrote as from update-mime-database's",
    .enabled(if: referenceCompiler != nil && suiteDirectory != nil && suitePackage != nil))
struct CompiledCacheDetectionTests {
    @Test("every entry, by name, by data and by file")
    func sameAnswers() throws {
        let pair = try CompiledPair(copying: [try #require(suitePackage)])
        let detectors = [pair.reference, pair.native].map { directory in
            TypeDetector(database: MIMEDatabase(mimeDirectories: [directory], source: .cache, checking: .whole))
        }
        for detector in detectors { #expect(detector.database.directories.first?.source == .cache) }
        let base = try #require(suiteDirectory)
        let entries = try suiteEntries(base + "/list")
        #expect(entries.count > 800)
        var disagreements: [String] = []
        for entry in entries {
            let path = base + "/" + entry.file
            let answers = try detectors.map { detector in
                let data = try FileBytes.readPrefix(path, count: max(detector.maxExtent, 4096))
                return [
                    detector.detect(name: entry.file).type, detector.detect(data: data).type,
                    try detector.detect(path: path, options: DetectionOptions(useAttribute: false)).type,
                ]
            }
            if answers[0] != answers[1] { disagreements.append("\(entry.file): \(answers[0]) vs \(answers[1])") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
