import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Compiles a `mime/` directory's `packages/*.xml` into every file `update-mime-database` 2.2
/// writes, with the same bytes (shared-mime-info specification, "The source XML files" and "The
/// generated files"): `globs`, `globs2`, `magic`, `treemagic`, `aliases`, `subclasses`, `types`,
/// `icons`, `generic-icons`, `XMLnamespaces`, the per-type `MEDIA/SUBTYPE.xml` files, `mime.cache`
/// and `version`.
///
/// Packages are read in byte order of their names, `Override.xml` last. Each file that changes
/// goes to a temporary beside it and is renamed into place, and one that already holds its new
/// bytes is left (`GeneratedFileWriter` says why that keeps the update atomic); `mime.cache`, the
/// file readers take first, is replaced after every other file, and `version`, the stamp
/// `--newer` compares, after it, so a reader never mixes an old cache with new files and an
/// interrupted run is redone. Per-type files of types no package defines any more are removed.
public enum DatabaseUpdate {
    /// How a run behaves.
    public struct Options: Sendable, Equatable {
        /// Do nothing when `version` is at least as new as `packages/` and every entry in it.
        public var onlyIfNewer: Bool
        /// Sync each file (`fdatasync`) before it is renamed into place, and the directories after.
        public var synchronize: Bool
        /// The process exits right after the run: the parsed packages and the model built from them
        /// are left for the exit to reclaim rather than freed piece by piece, which costs about a
        /// twelfth of a compile of Debian's database. Only a front end that exits next sets it.
        public var leavesModelToExit = false

        /// Creates options.
        public init(onlyIfNewer: Bool = false, synchronize: Bool = true) {
            self.onlyIfNewer = onlyIfNewer
            self.synchronize = synchronize
        }

        /// Whether files are synced under `environment`: yes unless `PKGSYSTEM_ENABLE_FSYNC` is set
        /// to a value whose leading number is 0, as `update-mime-database` reads it.
        public static func synchronizes(environment: [String: String]) -> Bool {
            guard let value = environment["PKGSYSTEM_ENABLE_FSYNC"] else { return true }
            return CNumbers.atoi(value) != 0
        }
    }

    /// What a run did.
    public struct Report: Sendable, Equatable {
        /// Whether `onlyIfNewer` found nothing to do.
        public var skipped = false
        /// The packages read, in order.
        public var packages: [String] = []
        /// Packages left out whole (not well-formed, or not a package).
        public var rejectedPackages: [String] = []
        /// Every problem found, with its file and line.
        public var problems: [Diagnostic] = []
        /// How many types the database defines.
        public var typeCount = 0
        /// The files written (renamed into place), relative to the directory.
        public var writtenFiles: [String] = []
        /// The files that already held their bytes and were left, relative to the directory
        /// (`mime.cache` and `version` among them get this run's time).
        public var unchangedFiles: [String] = []
    }

    /// Why nothing could be compiled, or a file not written.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The `mime/` directory does not exist.
        case missingDirectory(String)
        /// It has no `packages/` directory.
        case missingPackages(String)
        /// `packages/` could not be listed.
        case unreadablePackages(path: String, reason: String)
        /// A generated file could not be written.
        case notWritten(AtomicFile.Failure)

        /// The message, naming the directory or file.
        public var description: String {
            switch self {
            case .missingDirectory(let path): return "the directory '\(path)' does not exist"
            case .missingPackages(let path): return "the directory '\(path)' does not exist; there are no packages to compile"
            case .unreadablePackages(let path, let reason): return "cannot list '\(path)': \(reason)"
            case .notWritten(let failure): return failure.description
            }
        }
    }

    /// The media directories whose per-type files are removed when no package defines the type.
    static let mediaDirectories = [
        "all", "uri", "print", "text", "application", "image", "audio", "inode", "video", "message", "model",
        "multipart", "x-content", "x-epoc", "x-scheme-handler", "font",
    ]

    /// Compiles `directory/packages` into `directory`.
    ///
    /// - Throws: `Failure`; a broken package is no failure but a problem in the report.
    public static func run(directory given: String, options: Options = Options()) throws(Failure) -> Report {
        var directory = given
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        let packagesDirectory = directory + "/packages"
        guard FileBytes.exists(directory) else { throw .missingDirectory(directory) }
        guard FileBytes.exists(packagesDirectory) else { throw .missingPackages(packagesDirectory) }
        var report = Report()
        if options.onlyIfNewer && isUpToDate(directory: directory, packages: packagesDirectory) {
            report.skipped = true
            return report
        }
        report.packages = try packageFiles(packagesDirectory)
        var merger = PackageMerger()
        for package in report.packages { merger.load(path: package) }
        var database = merger.database
        report.problems = merger.problems
        report.rejectedPackages = merger.rejectedPackages
        report.typeCount = database.types.count

        // Types whose names differ only in case share one file, which the last of them fills.
        let typeFiles = database.types.entries.map { _, type in
            TypeFileWriting.Job(
                media: String(decoding: type.media.map(ASCIIBytes.lowercased), as: UTF8.self),
                name: String(decoding: type.name.map(ASCIIBytes.lowercased), as: UTF8.self) + ".xml", type: type)
        }
        var lastOfFile: [String: Int] = [:]
        for (index, file) in typeFiles.enumerated() { lastOfFile[file.name] = index }
        removeStaleTypeFiles(directory: directory, database: database, written: lastOfFile)
        let jobs = typeFiles.indices.filter { lastOfFile[typeFiles[$0].name] == $0 }.map { typeFiles[$0] }
        let typeFilesOutcome = try TypeFileWriting.write(
            jobs, directory: directory, synchronize: options.synchronize, processors: BulkDetector.processorCount)
        var writer = GeneratedFileWriter(directory: directory, synchronize: options.synchronize)
        var problems: [Diagnostic] = []
        try writer.write("globs", TextFileWriter.globs(database, problems: &problems, directory: directory))
        try writer.write("globs2", TextFileWriter.globs2(database, problems: &problems, directory: directory))
        report.problems += problems
        database.sortMagic()
        try writer.write("magic", TextFileWriter.magic(database))
        try writer.write("XMLnamespaces", TextFileWriter.namespaces(database))
        try writer.write("subclasses", TextFileWriter.subclasses(database))
        try writer.write("aliases", TextFileWriter.aliases(database))
        try writer.write("types", TextFileWriter.types(database))
        try writer.write("generic-icons", TextFileWriter.icons(database.genericIcons))
        try writer.write("icons", TextFileWriter.icons(database.icons))
        database.sortTreeMagic()
        try writer.write("treemagic", TextFileWriter.treeMagic(database))
        try writer.writeStamp("mime.cache", CacheWriter.image(of: database))
        try writer.writeStamp("version", TextFileWriter.version())
        if options.leavesModelToExit { _ = Unmanaged.passRetained(LeftToExit(merger: merger, database: database, jobs: jobs)) }
        report.writtenFiles = typeFilesOutcome.written + writer.written
        report.unchangedFiles = typeFilesOutcome.unchanged + writer.unchanged
        return report
    }

    /// The packages of `path` in the order they are merged: names ending `.xml` in byte order,
    /// `Override.xml` last.
    static func packageFiles(_ path: String) throws(Failure) -> [String] {
        let names: [String]
        do { names = try FileBytes.directoryEntries(path) } catch {
            throw .unreadablePackages(path: path, reason: error.reason)
        }
        // `directoryEntries` lists names in the order of their bytes, the order `strcmp` gives.
        let packages = names.filter { $0.hasSuffix(".xml") && $0 != "Override.xml" }
        let override = names.contains("Override.xml") ? ["Override.xml"] : []
        return (packages + override).map { path + "/" + $0 }
    }

    /// Whether `version` is at least as new (to the second) as `packages/` and everything in it.
    static func isUpToDate(directory: String, packages: String) -> Bool {
        let seconds: (String) -> Int64? = { FileBytes.modificationTime($0).map { Self.floorSeconds($0) } }
        guard let version = seconds(directory + "/version"), var newest = seconds(packages) else { return false }
        for name in (try? FileBytes.directoryEntries(packages)) ?? [] {
            if let time = seconds(packages + "/" + name) { newest = max(newest, time) }
        }
        return newest >= 0 && version >= newest
    }

    private static func floorSeconds(_ nanoseconds: Int64) -> Int64 {
        nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds - 999_999_999) / 1_000_000_000
    }

    /// Removes `MEDIA/NAME.xml` in the known media directories when `MEDIA/NAME` is no type. A file
    /// about to be written again (`written`: the lower-case `MEDIA/NAME.xml` of every type, such as
    /// that of a type spelt `MEDIA/Name`) is left for the writer, which leaves it alone when it
    /// already holds its new bytes.
    private static func removeStaleTypeFiles(directory: String, database: CompiledDatabase, written: [String: Int]) {
        for media in mediaDirectories {
            let folder = directory + "/" + media
            guard let names = try? FileBytes.directoryEntries(folder) else { continue }
            for name in names where name.utf8.count >= 4 && name.hasSuffix(".xml") {
                let type = media + "/" + name.dropLast(4)
                if database.types[Array(type.utf8)] == nil && written[media + "/" + name] == nil {
                    unlink(PathCoding.cString(folder + "/" + name))
                }
            }
        }
    }
}

/// What `DatabaseUpdate.Options.leavesModelToExit` keeps: everything that holds the parsed packages.
private final class LeftToExit {
    let merger: PackageMerger
    let database: CompiledDatabase
    let jobs: [TypeFileWriting.Job]

    init(merger: PackageMerger, database: CompiledDatabase, jobs: [TypeFileWriting.Job]) {
        self.merger = merger
        self.database = database
        self.jobs = jobs
    }
}
