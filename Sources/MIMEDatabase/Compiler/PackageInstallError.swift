import XDGSupport

/// Why a package was not installed or removed, or a type not defined: nothing was written then.
public enum PackageInstallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The package's file name has no vendor prefix (`xdg-mime install`'s check, lifted by
    /// `--novendor`).
    case noVendorPrefix(String)
    /// The file name cannot be a package's: `update-mime-database` reads only `NAME.xml`, and a
    /// name with `/` or a leading `.` would land elsewhere or be hidden.
    case invalidFileName(String)
    /// Two packages of one request have the same file name.
    case duplicateFileName(String)
    /// The package could not be read.
    case unreadable(path: String, reason: String)
    /// The package is not well-formed, not a `<mime-info>` in the shared-mime-info namespace,
    /// names a type RFC 6838 does not allow, or has an element the compiler refuses: installed,
    /// it would make its directory fail to compile.
    case invalidPackage(path: String, problems: [Diagnostic])
    /// The package has `<glob-deleteall/>` or `<magic-deleteall/>` on types that other packages
    /// define: it would take away their rules, and `change` says what that does. `--force`
    /// installs it anyway.
    case deletesOthersRules(path: String, deletions: [RuleDeletion], change: DatabaseChange)
    /// A type definition that cannot be written as a package.
    case invalidDefinition(String)
    /// No package of that name is installed there.
    case notInstalled(name: String, directory: String)
    /// No package that `types define` (or GIO's default for an extension) writes defines the type.
    case notDefined(type: String, directory: String)
    /// There is no absolute data directory to write in.
    case unknownDirectory(XDGEnvironment.UnknownDirectory)
    /// A package could not be written or removed, or a scratch directory made.
    case notWritten(AtomicFile.Failure)
    /// The directory could not be compiled after the change (the package is in place: run
    /// `assoc types update` once the cause is fixed).
    case notCompiled(DatabaseUpdate.Failure)

    /// One `<glob-deleteall/>` or `<magic-deleteall/>` on a type other packages define.
    public struct RuleDeletion: Sendable, Equatable {
        /// Which rules it takes away.
        public enum Kind: String, Sendable, Equatable {
            /// `<glob-deleteall/>`.
            case globs = "glob-deleteall"
            /// `<magic-deleteall/>`.
            case magic = "magic-deleteall"
        }

        /// The type.
        public var type: String
        /// Which element.
        public var kind: Kind
        /// The other packages that define the type.
        public var owners: [String]
    }

    /// The message: what is wrong and what to do.
    public var description: String {
        switch self {
        case .noVendorPrefix(let name):
            return "'\(name)' does not have a vendor prefix: a package's file name starts with letters and a dash "
                + "(for example 'example-\(name)'), so that vendors' packages do not collide; --novendor installs it anyway"
        case .invalidFileName(let name):
            return "'\(name)' cannot name a package: it must end in .xml (update-mime-database reads nothing else) and "
                + "must not start with '.' or contain '/'"
        case .duplicateFileName(let name): return "two packages are named '\(name)'; one would replace the other"
        case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .invalidPackage(let path, let problems):
            let first = problems.first.map { ": " + Self.located($0, fallback: path) } ?? ""
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            return "'\(path)' is not a valid shared-mime-info package\(first)\(more); nothing was installed"
        case .deletesOthersRules(let path, let deletions, let change):
            let what = deletions.map { deletion in
                "<\(deletion.kind.rawValue)/> on \(deletion.type), which "
                    + deletion.owners.prefix(2).map { "'\($0)'" }.joined(separator: " and ")
                    + (deletion.owners.count > 2 ? " and \(deletion.owners.count - 2) more" : "") + " also define"
                    + (deletion.owners.count == 1 ? "s" : "")
            }
            let names = change.names.prefix(5).map { "\($0.name): \($0.before) → \($0.after)" }
            let examples =
                names.isEmpty
                ? ""
                : "; names that would change type: " + names.joined(separator: ", ")
                    + (change.names.count > 5 ? " and \(change.names.count - 5) more" : "")
            return "'\(path)' has \(what.joined(separator: "; ")): it would take away rules of packages it does not own"
                + examples + "; --force installs it anyway"
        case .invalidDefinition(let message): return message
        case .notInstalled(let name, let directory): return "no package '\(name)' is installed in '\(directory)/packages'"
        case .notDefined(let type, let directory):
            return "no package in '\(directory)/packages' that assoc (or GIO) wrote defines '\(type)'"
        case .unknownDirectory(let error): return error.description
        case .notWritten(let failure): return failure.description + "; nothing was changed"
        case .notCompiled(let failure): return "the packages were changed but not compiled: \(failure.description)"
        }
    }

    /// Whether the fault is in the request (a usage error) rather than in the files.
    public var isUsageError: Bool {
        switch self {
        case .noVendorPrefix, .invalidFileName, .duplicateFileName, .invalidDefinition, .notInstalled, .notDefined: return true
        default: return false
        }
    }

    /// `PATH:LINE: MESSAGE`, or the message alone for the package's own path.
    private static func located(_ problem: Diagnostic, fallback: String) -> String {
        let line = problem.line.map { "line \($0): " } ?? ""
        return problem.path == fallback ? line + problem.message : problem.description
    }
}
