import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Copies documents into or out of a place, or moves them, safely: never overwriting by accident,
/// never leaving a partial file under a final name, never losing the source.
///
/// A copy is written to a hidden temporary file in the destination directory, fsynced, checked
/// against the source's size, and only then renamed to its final name; a name that is taken gets a
/// number (`report (2).pdf`) unless `replace` is set. A move within one file system is a rename;
/// across file systems it is a copy as above and then the removal of the source. Permission bits,
/// `user.*` attributes and times go with the document, but assoc's own `user.assoc.*` attributes
/// (a per-file choice of application) do not. A transfer whose source and destination are one
/// file by any path (a symbolic link, a hard link, a linked directory) is refused.
public struct DocumentTransfer: Sendable {
    /// How to transfer.
    public struct Options: Sendable, Equatable {
        /// Replace a file of the same name instead of choosing a numbered name.
        public var replace = false
        /// Create the destination directory, and its parents, when it does not exist.
        public var makeDirectory = false

        /// Creates options; by default nothing is replaced and no directory created.
        public init(replace: Bool = false, makeDirectory: Bool = false) {
            self.replace = replace
            self.makeDirectory = makeDirectory
        }
    }

    /// A type filter every source must conform to, with the detector that types the sources.
    public struct Requirement: Sendable {
        /// The filter.
        public var filter: TypeFilter
        /// Types each source.
        public var detector: TypeDetector

        /// Creates a requirement.
        public init(filter: TypeFilter, detector: TypeDetector) {
            self.filter = filter
            self.detector = detector
        }
    }

    let options: Options
    let requirement: Requirement?

    /// Creates a transfer; with a requirement, a source that does not conform is refused.
    public init(options: Options = Options(), requirement: Requirement? = nil) {
        self.options = options
        self.requirement = requirement
    }

    // MARK: - Destination

    /// Checks that `directory` is a directory, creating it (and its parents) when asked to.
    ///
    /// - Throws: `TransferError` when it is missing (and may not be made), is not a directory, or
    ///   cannot be created.
    public func prepareDestination(_ directory: String) throws(TransferError) {
        var info = stat()
        if stat(PathCoding.cString(directory), &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .destinationNotADirectory(path: directory) }
            return
        }
        guard options.makeDirectory else { throw .missingDestination(path: directory) }
        try makeDirectories(directory)
    }

    private func makeDirectories(_ path: String) throws(TransferError) {
        if FileBytes.isDirectory(path) { return }
        if let slash = path.dropLast().lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectories(String(path[..<slash]))
        }
        guard mkdir(PathCoding.cString(path), 0o777) == 0 || (errno == EEXIST && FileBytes.isDirectory(path)) else {
            throw .cannotCreateDestination(path: path, reason: FileBytes.Failure.fromErrno().reason)
        }
    }

    // MARK: - Copy

    /// Copies the document at `source` into `directory`, which must exist.
    ///
    /// - Throws: `TransferError`; the source is untouched and no file is left under a final name.
    public func copy(_ source: String, into directory: String) throws(TransferError) -> TransferResult {
        let info = try documentInfo(source)
        try checkConformance(source)
        return try copyChecked(source, info: info, into: directory, name: Self.baseName(source))
    }

    /// Copies the document at `source` into `directory` under `name` (numbered as `NumberedName`
    /// says when a file of that name exists, never replacing one, whatever `options.replace`
    /// says): a working copy beside a document, such as the one `assoc open --markup` makes.
    ///
    /// - Throws: `TransferError`; the source is untouched and no file is left under a final name.
    public func copy(_ source: String, into directory: String, named name: String) throws(TransferError) -> TransferResult {
        let info = try documentInfo(source)
        try checkConformance(source)
        let keeping = DocumentTransfer(
            options: Options(replace: false, makeDirectory: options.makeDirectory), requirement: requirement)
        return try keeping.copyChecked(source, info: info, into: directory, name: name)
    }

    /// Copies a source that has passed the checks.
    private func copyChecked(
        _ source: String, info: stat, into directory: String, name: String
    ) throws(TransferError) -> TransferResult {
        // O_NONBLOCK: should the path have become a pipe since it was checked, open must not hang.
        let descriptor = open(PathCoding.cString(source), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadableSource(path: source, reason: FileBytes.Failure.fromErrno().reason) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_ino == info.st_ino, opened.st_dev == info.st_dev else {
            throw .sourceChanged(path: source)
        }
        let target = FilePlacement.join(directory, name)
        if options.replace, FileIdentity(target) == FileIdentity(info) { throw .sameFile(source: source, destination: target) }
        let copy = try FileCopier.copy(descriptor, sourcePath: source, info: opened, into: directory)
        defer { copy.registration.end() }
        let placed: (path: String, replaced: Bool)?
        do {
            placed = try FilePlacement.place(
                copy.path, source: source, directory: directory, name: name, replace: options.replace)
        } catch {
            unlink(PathCoding.cString(copy.path))
            throw error
        }
        guard let placed else {
            unlink(PathCoding.cString(copy.path))
            throw .cannotPlace(source: source, destination: target, reason: String(cString: strerror(EXDEV)))
        }
        FilePlacement.syncDirectory(directory)
        return TransferResult(
            source: source, destination: placed.path, method: .copy, replaced: placed.replaced,
            droppedAttributes: copy.droppedAttributes)
    }

    // MARK: - Move

    /// Moves the document at `source` into `directory`, which must exist.
    ///
    /// - Throws: `TransferError`; the source is still there unless the document reached its
    ///   destination (`sourceNotRemoved` says when both exist).
    public func move(_ source: String, into directory: String) throws(TransferError) -> TransferResult {
        var linkInfo = stat()
        guard lstat(PathCoding.cString(source), &linkInfo) == 0 else {
            throw .unreadableSource(path: source, reason: FileBytes.Failure.fromErrno().reason)
        }
        let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
        let info = try documentInfo(source)
        try checkConformance(source)
        let name = Self.baseName(source)
        let target = FilePlacement.join(directory, name)
        // The same directory entry: already there. Another name of the same file, reached through
        // a link, a hard link or a bind mount, is refused: renaming it over the file (or next to
        // it) would leave a link to nothing or two names of one file, not a move.
        if FileIdentity(Self.directoryName(source)) == FileIdentity(directory) {
            return TransferResult(source: source, destination: target, method: .none)
        }
        if FileIdentity(target) == FileIdentity(info) { throw .sameFile(source: source, destination: target) }
        var directoryInfo = stat()
        guard stat(PathCoding.cString(directory), &directoryInfo) == 0 else {
            throw .missingDestination(path: directory)
        }
        // Two mounts of one file system share a device but refuse renames between them (nil).
        if linkInfo.st_dev == directoryInfo.st_dev,
            let placed = try FilePlacement.place(
                source, source: source, directory: directory, name: name,
                replace: options.replace)
        {
            let kept = isLink ? [] : Self.removeAssocAttributes(placed.path)
            FilePlacement.syncDirectory(directory)
            FilePlacement.syncDirectory(Self.directoryName(source))
            return TransferResult(
                source: source, destination: placed.path, method: .rename, replaced: placed.replaced,
                retainedAttributes: kept)
        }
        if isLink { throw .linkAcrossFileSystems(path: source) }
        let sourceDirectory = Self.directoryName(source)
        guard access(PathCoding.cString(sourceDirectory), W_OK) == 0 else {
            throw .sourceNotRemovable(path: source, reason: FileBytes.Failure.fromErrno().reason)
        }
        var result = try copyChecked(source, info: info, into: directory, name: Self.baseName(source))
        // Written to since the copy was checked: keep both rather than lose the new bytes.
        var now = stat()
        guard stat(PathCoding.cString(source), &now) == 0, now.st_size == info.st_size,
            now.st_mtim.tv_sec == info.st_mtim.tv_sec, now.st_mtim.tv_nsec == info.st_mtim.tv_nsec
        else {
            throw .sourceNotRemoved(source: source, destination: result.destination, reason: "it changed while it was copied")
        }
        guard unlink(PathCoding.cString(source)) == 0 else {
            throw .sourceNotRemoved(source: source, destination: result.destination, reason: FileBytes.Failure.fromErrno().reason)
        }
        FilePlacement.syncDirectory(sourceDirectory)
        result.method = .copyAndDelete
        return result
    }

    // MARK: - Checks

    /// The source's `stat` (following links); it must be a regular file.
    private func documentInfo(_ source: String) throws(TransferError) -> stat {
        var info = stat()
        guard stat(PathCoding.cString(source), &info) == 0 else {
            throw .unreadableSource(path: source, reason: FileBytes.Failure.fromErrno().reason)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return info
        case S_IFDIR: throw .notADocument(path: source, kind: "a directory")
        default: throw .notADocument(path: source, kind: "a special file")
        }
    }

    private func checkConformance(_ source: String) throws(TransferError) {
        guard let requirement, !requirement.filter.takesEverything else { return }
        let type: String
        do { type = try requirement.detector.detect(path: source).type } catch {
            guard case .unreadable(_, let reason) = error else { return }
            throw .unreadableSource(path: source, reason: reason)
        }
        if case .doesNotConform(let reason) = requirement.filter.conformance(of: type) {
            throw .doesNotConform(path: source, reason: reason)
        }
    }

    /// Takes assoc's own attributes off a renamed file, as a copy would not have them; returns
    /// those that could not be removed.
    private static func removeAssocAttributes(_ path: String) -> [String] {
        ExtendedAttributes.names(path: path).filter(ExtendedAttributes.isAssocOwn).filter { name in
            (try? ExtendedAttributes.remove(name, from: path)) == nil
        }
    }

    /// The last component of `path` (a trailing slash ignored).
    public static func baseName(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// The directory part of `path`: `.` when there is none, `/` for the root.
    public static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
