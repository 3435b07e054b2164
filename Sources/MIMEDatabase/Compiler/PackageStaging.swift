import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A scratch `mime/` directory holding a target directory's packages with some added and some
/// taken away, compiled there: what the target would become, read and compared before the target
/// is touched. The target's packages are linked, not copied; the scratch directory is removed by
/// `remove()`.
struct PackageStaging {
    /// The scratch directory's root.
    let root: String
    /// The directory whose packages are staged.
    let target: String

    /// The scratch `mime/` directory.
    var mimeDirectory: String { root + "/mime" }

    /// Makes the scratch directory in `temporaryDirectory`: every `.xml` package of
    /// `target/packages` not named in `removing` or replaced by one of `adding`, linked, and each
    /// of `adding` written.
    ///
    /// - Throws: `PackageInstallError.notWritten` when the scratch directory cannot be made.
    init(target: String, adding: [PackageInstaller.PackageFile], removing: Set<String>, temporaryDirectory: String)
        throws(PackageInstallError)
    {
        self.target = target
        var template = PathCoding.cString(temporaryDirectory + "/assoc-types-XXXXXX")
        guard let made = mkdtemp(&template) else {
            throw .notWritten(
                .system(path: temporaryDirectory, step: "make a scratch directory", reason: FileBytes.Failure.fromErrno().reason))
        }
        root = PathCoding.decode(cString: made)
        let packages = root + "/mime/packages"
        do throws(PackageInstallError) {
            for directory in [root + "/mime", packages] where mkdir(PathCoding.cString(directory), 0o700) != 0 {
                throw .notWritten(.system(path: directory, step: "mkdir", reason: FileBytes.Failure.fromErrno().reason))
            }
            let replaced = removing.union(adding.map(\.name))
            let existing = (try? FileBytes.directoryEntries(target + "/packages")) ?? []
            for name in existing where name.hasSuffix(".xml") && !replaced.contains(name) {
                guard symlink(PathCoding.cString(target + "/packages/" + name), PathCoding.cString(packages + "/" + name)) == 0
                else {
                    throw .notWritten(.system(path: packages, step: "link", reason: FileBytes.Failure.fromErrno().reason))
                }
            }
            for package in adding {
                do {
                    try AtomicFile.replace(packages + "/" + package.name, bytes: package.bytes, synchronize: false)
                } catch {
                    throw .notWritten(error)
                }
            }
        } catch {
            Self.removeTree(root)
            throw error
        }
    }

    /// Compiles the scratch directory; the problems name the packages by their paths in the target.
    func compile() -> DatabaseUpdate.Report {
        var report: DatabaseUpdate.Report
        do {
            report = try DatabaseUpdate.run(directory: mimeDirectory, options: DatabaseUpdate.Options(synchronize: false))
        } catch {
            report = DatabaseUpdate.Report()
            report.problems = [Diagnostic(path: target, message: error.description)]
        }
        report.packages = report.packages.map(targetPath)
        report.rejectedPackages = report.rejectedPackages.map(targetPath)
        report.problems = report.problems.map { problem in
            var mapped = problem
            mapped.path = targetPath(problem.path)
            return mapped
        }
        return report
    }

    /// The path in the target of a path in the scratch directory.
    func targetPath(_ path: String) -> String {
        path.hasPrefix(mimeDirectory + "/") ? target + String(path.dropFirst(mimeDirectory.count)) : path
    }

    /// Removes the scratch directory.
    func remove() { Self.removeTree(root) }

    /// Removes `path` and everything under it, following no link.
    static func removeTree(_ path: String) {
        for entry in (try? FileBytes.directoryEntriesWithKinds(path)) ?? [] {
            let child = path + "/" + entry.name
            if entry.kind == .directory {
                removeTree(child)
            } else if unlink(PathCoding.cString(child)) != 0 && errno == EISDIR {
                removeTree(child)
            }
        }
        rmdir(PathCoding.cString(path))
    }
}
