import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Installs and removes shared-mime-info packages and compiles their directory, as
/// `xdg-mime install` and `xdg-mime uninstall` do with `update-mime-database` (shared-mime-info
/// specification, "The source XML files": "Applications may install new MIME types by adding
/// packages to the packages directory and running update-mime-database"), with checks first.
///
/// The one implementation behind `assoc types install`, `uninstall`, `define`, `undefine`, GIO's
/// default for an unknown extension (`assoc set .foo APP`) and the `xdg-mime` front end:
///
/// ```swift
/// let installer = PackageInstaller(environment: XDGEnvironment(variables))
/// let report = try installer.install(paths: ["acme-shiny.xml"], to: .user)
/// try installer.uninstall(names: ["acme-shiny.xml"], from: .user)
/// ```
///
/// Before a package is installed it is checked: its file name (a vendor prefix unless
/// `checksVendorPrefix` is off, `NAME.xml`), that it is well-formed XML whose root is
/// `<mime-info>` in the shared-mime-info namespace, that every type, alias and parent name is one
/// RFC 6838, section 4.2 allows, and that the directory still compiles with it, without a problem
/// in the package. Then it is compiled in a scratch copy of the directory, and the database
/// readers would see is compared with today's (`DatabaseChange`): a `<glob-deleteall/>` or
/// `<magic-deleteall/>` on a type that another package of the data directories defines is refused
/// unless `force` (a user's package must not silently re-type every `.txt` file), with the names
/// that would change type. Each package is then written to a temporary file beside its place and
/// renamed there, a package removed is unlinked, and the directory is compiled by
/// `DatabaseUpdate` (whose files replace the old ones atomically); writers of one directory take
/// turns under an advisory lock on its `packages/`.
public struct PackageInstaller: Sendable {
    /// Where the data directories are, for `.user` and for the database readers see.
    public let environment: XDGEnvironment

    /// An installer over `environment`.
    public init(environment: XDGEnvironment) {
        self.environment = environment
    }

    /// How an install or removal behaves.
    public struct Options: Sendable, Equatable {
        /// Refuse a package whose file name has no vendor prefix (`xdg-mime`'s check; false is
        /// `--novendor`).
        public var checksVendorPrefix: Bool
        /// Install a package whose deleteall elements take away other packages' rules.
        public var force: Bool
        /// fsync the package and every compiled file (see `DatabaseUpdate.Options.synchronizes`).
        public var synchronize: Bool
        /// On removal, a package that is not installed is no error (xdg-mime's `rm -f`); it is
        /// listed in the report's `notInstalled`.
        public var ignoresMissing: Bool

        /// Options; by default the vendor prefix is checked, nothing forced, files synced and a
        /// missing package refused.
        public init(checksVendorPrefix: Bool = true, force: Bool = false, synchronize: Bool = true, ignoresMissing: Bool = false)
        {
            self.checksVendorPrefix = checksVendorPrefix
            self.force = force
            self.synchronize = synchronize
            self.ignoresMissing = ignoresMissing
        }
    }

    /// A package to install: the file name it gets in `packages/` and its bytes.
    public struct PackageFile: Sendable, Equatable {
        /// The file name in `packages/`, such as `acme-shiny.xml`.
        public var name: String
        /// The package's text.
        public var bytes: [UInt8]
        /// Where it came from, for messages (a path, or the name).
        public var origin: String

        /// A package named `name` with `bytes`, read from `origin`.
        public init(name: String, bytes: [UInt8], origin: String? = nil) {
            self.name = name
            self.bytes = bytes
            self.origin = origin ?? name
        }
    }

    /// What an install or removal did.
    public struct Report: Sendable {
        /// The `mime/` directory changed.
        public var mimeDirectory: String
        /// Whether programs read that directory (it is in the data directories); when not, the
        /// change was measured against that directory alone.
        public var isRead: Bool
        /// The packages written, by their paths.
        public var installed: [String] = []
        /// Of `installed`, those that replaced a package of the same name.
        public var replaced: [String] = []
        /// The packages removed, by their paths.
        public var removed: [String] = []
        /// Names asked to be removed that were not installed (with `ignoresMissing`).
        public var notInstalled: [String] = []
        /// What changes in the database programs read.
        public var change = DatabaseChange()
        /// The compilation of the directory afterwards.
        public var compilation = DatabaseUpdate.Report()
    }

    /// Installs the package files at `paths` (each under its own file name).
    ///
    /// - Throws: `PackageInstallError`; nothing is written then, unless only the compilation
    ///   failed (`.notCompiled`).
    public func install(paths: [String], to destination: PackageDestination, options: Options = Options())
        throws(PackageInstallError) -> Report
    {
        var packages: [PackageFile] = []
        for path in paths {
            do {
                packages.append(PackageFile(name: TypeDetector.baseName(path), bytes: try FileBytes.read(path), origin: path))
            } catch {
                throw .unreadable(path: path, reason: error.reason)
            }
        }
        return try install(packages, to: destination, options: options)
    }

    /// Installs `packages` into `destination` and compiles it.
    ///
    /// - Throws: `PackageInstallError`; nothing is written then, unless only the compilation
    ///   failed (`.notCompiled`).
    public func install(_ packages: [PackageFile], to destination: PackageDestination, options: Options = Options())
        throws(PackageInstallError) -> Report
    {
        let directory = try mimeDirectory(destination)
        var names = Set<String>()
        for package in packages {
            guard Self.isPackageFileName(package.name) else { throw .invalidFileName(package.name) }
            if options.checksVendorPrefix && !PackageDestination.hasVendorPrefix(package.name) {
                throw .noVendorPrefix(package.name)
            }
            guard names.insert(package.name).inserted else { throw .duplicateFileName(package.name) }
        }
        var contents: [String: DirectoryContents] = [:]
        for package in packages { contents[package.name] = try Self.validate(package, in: directory) }
        let staging = try PackageStaging(
            target: directory, adding: packages, removing: [], temporaryDirectory: temporaryDirectory)
        defer { staging.remove() }
        let staged = staging.compile()
        for package in packages {
            let path = directory + "/packages/" + package.name
            let problems = staged.problems.filter { $0.path == path }
            if !problems.isEmpty || staged.rejectedPackages.contains(path) {
                throw .invalidPackage(path: package.origin, problems: problems)
            }
        }
        let involved = Set(contents.values.flatMap(\.types))
        var report = compare(directory, staging: staging, involving: involved)
        for package in packages {
            guard let deletions = contents[package.name].map({ foreignDeletions($0, directory: directory, replacing: names) }),
                !deletions.isEmpty, !options.force
            else { continue }
            throw .deletesOthersRules(path: package.origin, deletions: deletions, change: report.change)
        }
        try withLock(directory, creating: true, private: destination.isPrivate) { () throws(PackageInstallError) in
            for package in packages {
                let path = directory + "/packages/" + package.name
                if FileBytes.exists(path) { report.replaced.append(path) }
                do throws(AtomicFile.Failure) {
                    try AtomicFile.replace(
                        path, bytes: package.bytes, newFileMode: destination.isPrivate ? 0o600 : 0o644,
                        synchronize: options.synchronize)
                } catch {
                    throw .notWritten(error)
                }
                report.installed.append(path)
            }
            report.compilation = try compile(directory, options: options)
        }
        return report
    }

    /// Removes the packages named `names` (their file names; a path stands for its last
    /// component, as `xdg-mime uninstall` takes it) from `destination` and compiles it.
    ///
    /// - Throws: `PackageInstallError`: `.notInstalled` for a name that is not there (unless
    ///   `ignoresMissing`); nothing is removed then.
    public func uninstall(names: [String], from destination: PackageDestination, options: Options = Options())
        throws(PackageInstallError) -> Report
    {
        let directory = try mimeDirectory(destination)
        var present: [String] = []
        var missing: [String] = []
        for name in names.map(TypeDetector.baseName) where !present.contains(name) && !missing.contains(name) {
            guard Self.isPackageFileName(name), FileBytes.exists(directory + "/packages/" + name) else {
                guard options.ignoresMissing else { throw .notInstalled(name: name, directory: directory) }
                missing.append(name)
                continue
            }
            present.append(name)
        }
        var involved = Set<String>()
        for name in present {
            var ignored: [Diagnostic] = []
            let contents = try? PackageXMLReader.read(path: directory + "/packages/" + name, diagnostics: &ignored)
            involved.formUnion(contents?.types ?? [])
        }
        var report: Report
        if present.isEmpty {
            report = Report(mimeDirectory: directory, isRead: isRead(directory))
        } else {
            let staging = try PackageStaging(
                target: directory, adding: [], removing: Set(present), temporaryDirectory: temporaryDirectory)
            defer { staging.remove() }
            _ = staging.compile()
            report = compare(directory, staging: staging, involving: involved)
        }
        report.notInstalled = missing
        guard FileBytes.isDirectory(directory + "/packages") else { return report }
        try withLock(directory, creating: false, private: destination.isPrivate) { () throws(PackageInstallError) in
            for name in present {
                let path = directory + "/packages/" + name
                guard unlink(PathCoding.cString(path)) == 0 || errno == ENOENT else {
                    throw .notWritten(.system(path: path, step: "remove", reason: FileBytes.Failure.fromErrno().reason))
                }
                report.removed.append(path)
            }
            if options.synchronize { Self.synchronizeDirectory(directory + "/packages") }
            report.compilation = try compile(directory, options: options)
        }
        return report
    }

    // MARK: - Steps

    /// The `mime/` directory of `destination`.
    func mimeDirectory(_ destination: PackageDestination) throws(PackageInstallError) -> String {
        do { return try destination.mimeDirectory(in: environment) } catch { throw .unknownDirectory(error) }
    }

    /// Where scratch directories go: `$TMPDIR`, or `/tmp`.
    var temporaryDirectory: String {
        guard let value = environment.variables["TMPDIR"], value.hasPrefix("/") else { return "/tmp" }
        return value
    }

    /// Whether `name` can be a package's file name: `NAME.xml`, not hidden, no `/`.
    static func isPackageFileName(_ name: String) -> Bool {
        name.hasSuffix(".xml") && name.count > 4 && !name.hasPrefix(".") && !name.contains("/")
    }

    /// What the package says, checked: well-formed, a package, and every name it gives a type
    /// one RFC 6838 allows.
    ///
    /// - Throws: `PackageInstallError.invalidPackage`.
    static func validate(_ package: PackageFile, in directory: String) throws(PackageInstallError) -> DirectoryContents {
        var problems: [Diagnostic] = []
        let contents: DirectoryContents
        do {
            contents = try PackageXMLReader.read(bytes: package.bytes, path: package.origin, diagnostics: &problems)
        } catch {
            throw .invalidPackage(
                path: package.origin, problems: [error.diagnostic(path: package.origin, consequence: "refused")])
        }
        let names = contents.types.union(contents.aliases.keys).union(contents.aliases.values)
            .union(contents.parents.values.joined())
        for name in names.sorted() where !MIMETypeName.isRestrictedName(name) {
            problems.append(
                Diagnostic(
                    path: package.origin,
                    message: "'\(name)' is not a MIME type name RFC 6838, section 4.2 allows (media/subtype of letters, "
                        + "digits and !#$&-^_.+, each part starting with a letter or digit)"))
        }
        guard problems.isEmpty else { throw .invalidPackage(path: package.origin, problems: problems) }
        return contents
    }

    /// The data directories' `mime/` directories readers load (least important first), and
    /// whether `directory` is among them; when it is not, `directory` alone.
    func readDirectories(_ directory: String) -> (directories: [String], isRead: Bool) {
        let all = environment.dataSearchPath.reversed().map { $0 + "/mime" }
        guard let index = all.firstIndex(where: { $0 == directory || FileBytes.isSameFile($0, directory) }) else {
            return ([directory], false)
        }
        var directories = all
        directories[index] = directory
        return (directories, true)
    }

    private func isRead(_ directory: String) -> Bool { readDirectories(directory).isRead }

    /// A report whose change compares the database readers see now with the one they would see
    /// with `staging` in place of its target.
    private func compare(_ directory: String, staging: PackageStaging, involving involved: Set<String>) -> Report {
        let (directories, isRead) = readDirectories(directory)
        let before = MIMEDatabase(mimeDirectories: directories, checking: .perRead)
        let after = MIMEDatabase(
            mimeDirectories: directories.map { $0 == directory ? staging.mimeDirectory : $0 }, checking: .perRead)
        var report = Report(mimeDirectory: directory, isRead: isRead)
        report.change = DatabaseChange(before: before, after: after, involving: involved)
        return report
    }

    /// The deleteall elements of `contents` on types that a package other than those being
    /// installed (`replacing`, in `directory`) defines, in any data directory or `directory`.
    private func foreignDeletions(_ contents: DirectoryContents, directory: String, replacing: Set<String>)
        -> [PackageInstallError.RuleDeletion]
    {
        let deleted = contents.globDeleteAll.union(contents.magicDeleteAll)
        guard !deleted.isEmpty else { return [] }
        let (directories, _) = readDirectories(directory)
        let catalogs = directories.reversed().map { other in
            PackageCatalog(mimeDirectory: other, excluding: other == directory ? replacing : [])
        }
        var deletions: [PackageInstallError.RuleDeletion] = []
        for type in deleted.sorted() {
            let owners = catalogs.flatMap { $0.packages(defining: type) }
            guard !owners.isEmpty else { continue }
            if contents.globDeleteAll.contains(type) { deletions.append(.init(type: type, kind: .globs, owners: owners)) }
            if contents.magicDeleteAll.contains(type) { deletions.append(.init(type: type, kind: .magic, owners: owners)) }
        }
        return deletions
    }

    /// Compiles `directory` as `DatabaseUpdate` does.
    func compile(_ directory: String, options: Options) throws(PackageInstallError) -> DatabaseUpdate.Report {
        do {
            return try DatabaseUpdate.run(directory: directory, options: DatabaseUpdate.Options(synchronize: options.synchronize))
        } catch {
            throw .notCompiled(error)
        }
    }

    /// Runs `body` holding the advisory lock of `directory/packages`, made first when `creating`
    /// (mode 0700 for the user's own packages, 0755 otherwise, as `xdg-mime`'s umask gives).
    func withLock(_ directory: String, creating: Bool, private isPrivate: Bool, _ body: () throws(PackageInstallError) -> Void)
        throws(PackageInstallError)
    {
        let packages = directory + "/packages"
        if creating { try Self.makeDirectories(packages, mode: isPrivate ? 0o700 : 0o755) }
        let descriptor = open(PathCoding.cString(packages), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .notWritten(.system(path: packages, step: "open", reason: FileBytes.Failure.fromErrno().reason))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw .notWritten(.system(path: packages, step: "lock", reason: FileBytes.Failure.fromErrno().reason))
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }

    /// `mkdir -p` with `mode` for the directories it makes.
    static func makeDirectories(_ path: String, mode: mode_t) throws(PackageInstallError) {
        guard !FileBytes.isDirectory(path) else { return }
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !parent.isEmpty { try makeDirectories(parent, mode: mode) }
        guard mkdir(PathCoding.cString(path), mode) == 0 || errno == EEXIST else {
            let failure = FileBytes.Failure.fromErrno()
            if failure.code == EACCES || failure.code == EROFS || failure.code == EPERM {
                throw .notWritten(.readOnly(path: path, reason: failure.reason))
            }
            throw .notWritten(.system(path: path, step: "mkdir", reason: failure.reason))
        }
    }

    /// fsyncs a directory, so that a removal in it is on disk.
    static func synchronizeDirectory(_ path: String) {
        let descriptor = open(PathCoding.cString(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
