import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Lists the documents of directories for a document picker: each with its type, size, time,
/// location, origin and thumbnail, and whether the application can take it.
///
/// Files are typed as `assoc type` types them. Hidden entries (names starting with `.`) are skipped
/// unless asked for; directories are listed for navigation and, when recursive, descended into,
/// except through symbolic links, so a loop of links cannot make the walk endless. Entries that are
/// neither files nor directories (devices, pipes, sockets, broken links) are never available.
public struct DocumentLister: Sendable {
    /// How to list.
    public struct Options: Sendable, Equatable {
        /// Descend into subdirectories.
        public var recursive = false
        /// List entries whose names start with `.`.
        public var includeHidden = false
        /// List the documents that do not conform too, marked unavailable.
        public var includeUnavailable = false
        /// The order of the result.
        public var sort = DocumentSort.name

        /// Creates options; the defaults list the conforming documents of each directory by name.
        public init(
            recursive: Bool = false, includeHidden: Bool = false, includeUnavailable: Bool = false,
            sort: DocumentSort = .name
        ) {
            self.recursive = recursive
            self.includeHidden = includeHidden
            self.includeUnavailable = includeUnavailable
            self.sort = sort
        }
    }

    /// The result: the entries in order, and what could not be listed.
    public struct Listing: Sendable {
        /// The entries, sorted.
        public var documents: [Document] = []
        /// Paths that could not be listed or typed.
        public var problems: [ListingError] = []
    }

    let detector: TypeDetector
    let filter: TypeFilter
    let thumbnails: ThumbnailLocator?
    let workingDirectory: String
    let options: Options

    /// Creates a lister.
    ///
    /// - Parameters:
    ///   - detector: Types each file.
    ///   - filter: Decides which documents are available.
    ///   - thumbnails: Where to look for thumbnails; nil to look for none.
    ///   - workingDirectory: The directory relative paths are relative to, for thumbnail URIs.
    ///   - options: Recursion, hidden entries, unavailable documents, order.
    public init(
        detector: TypeDetector, filter: TypeFilter, thumbnails: ThumbnailLocator?, workingDirectory: String,
        options: Options = Options()
    ) {
        self.detector = detector
        self.filter = filter
        self.thumbnails = thumbnails
        self.workingDirectory = workingDirectory
        self.options = options
    }

    /// Lists each path: a directory's entries, or a file itself.
    public func list(_ paths: [String]) -> Listing {
        var walk = Walk(lister: self)
        for path in paths {
            var info = stat()
            guard stat(PathCoding.cString(path), &info) == 0 else {
                walk.listing.problems.append(.unreadablePath(path: path, reason: FileBytes.Failure.fromErrno().reason))
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk.directory(path, prefix: path == "." ? "" : (path.hasSuffix("/") ? path : path + "/"))
            } else {
                walk.entry(path)
            }
        }
        var listing = walk.listing
        if !options.includeUnavailable { listing.documents.removeAll { !$0.available } }
        listing.documents.sort(by: options.sort.areInIncreasingOrder)
        return listing
    }

    /// One entry of a directory before it is examined: its path, its name, whether it is a folder,
    /// and its size and date when the listing measured them.
    public struct Entry: Sendable, Equatable {
        /// The directory, ending in `/` (or empty for the working directory).
        public var directory: String
        /// The name in the directory.
        public var name: String
        /// Whether it is a directory or a link to one.
        public var isDirectory: Bool
        /// What sorting by date or size needs of it, as the listing measured it (following a
        /// link, or of the link itself when it is broken); nil when it was not measured.
        public var sortKey: DocumentSort.Key?

        /// Creates an entry for the path `directory` + `name`.
        public init(directory: String, name: String, isDirectory: Bool, sortKey: DocumentSort.Key? = nil) {
            self.directory = directory
            self.name = name
            self.isDirectory = isDirectory
            self.sortKey = sortKey
        }

        /// The directory joined with the name.
        public var path: String { directory + name }
    }

    /// The entries of `directory` (hidden ones when the options say so) sorted by the bytes of
    /// their names, by name alone: nothing is typed or read. Each is measured in the same pass
    /// (one `fstatat` on the open folder, two for a link), so that sorting by date or size
    /// needs no further call; a link leads to a folder when what it points to is one.
    /// `document(at:)` examines one of them, as `list` would.
    public func entries(of directory: String) -> Result<[Entry], ListingError> {
        let found: [(name: String, kind: FileBytes.EntryKind, measure: FileBytes.EntryMeasure?)]
        do { found = try FileBytes.directoryEntriesMeasured(directory) } catch {
            return .failure(.unreadableDirectory(path: directory, reason: error.reason))
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var entries: [Entry] = []
        entries.reserveCapacity(found.count)
        for (name, kind, measure) in found where options.includeHidden || !name.hasPrefix(".") {
            entries.append(
                Entry(
                    directory: prefix, name: name, isDirectory: measure?.isDirectory ?? (kind == .directory),
                    sortKey: measure.map(DocumentSort.Key.init)))
        }
        return .success(entries)
    }

    /// Every file under `directory`, at any depth, by name alone as `entries(of:)` gives them,
    /// named by their path below it (`sub/report.pdf`) and sorted by its bytes; folders are
    /// walked, not listed, and never through a symbolic link, so a loop cannot make the walk
    /// endless. At most `limit` files are gathered; `truncated` says some were left out. A
    /// subfolder that cannot be read is skipped.
    public func entries(under directory: String, limit: Int) -> Result<(entries: [Entry], truncated: Bool), ListingError> {
        let root = directory.hasSuffix("/") ? directory : directory + "/"
        var files: [Entry] = []
        var pending = [""]
        var truncated = false
        var first = true
        while let relative = pending.popLast() {
            let found: [(name: String, kind: FileBytes.EntryKind, measure: FileBytes.EntryMeasure?)]
            do { found = try FileBytes.directoryEntriesMeasured(root + relative) } catch {
                if first { return .failure(.unreadableDirectory(path: directory, reason: error.reason)) }
                continue
            }
            first = false
            for (name, kind, measure) in found where options.includeHidden || !name.hasPrefix(".") {
                // A link to a folder is neither walked nor listed.
                if kind == .symbolicLink && measure?.isDirectory == true { continue }
                if kind == .directory {
                    pending.append(relative + name + "/")
                } else if files.count < limit {
                    files.append(
                        Entry(
                            directory: root, name: relative + name, isDirectory: false,
                            sortKey: measure.map(DocumentSort.Key.init)))
                } else {
                    truncated = true
                }
            }
            if truncated { break }
        }
        files.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        return .success((files, truncated))
    }

    /// The document at `path` as `list` gives it: typed, measured, its origin read. One that
    /// cannot be examined is still given, unavailable, with the reason.
    public func document(at path: String) -> Document {
        var walk = Walk(lister: self)
        walk.entry(path)
        if let document = walk.listing.documents.first { return document }
        let reason = walk.listing.problems.first?.description ?? "cannot read '\(path)'"
        return Document(
            path: path, type: "application/octet-stream", isDirectory: false, size: nil, modifiedSeconds: 0,
            location: .local, available: false, reason: reason)
    }

    /// The state of one listing: results so far and the location of each file system met.
    private struct Walk {
        let lister: DocumentLister
        var listing = Listing()
        var locations: [UInt64: DocumentLocation] = [:]

        mutating func directory(_ path: String, prefix: String) {
            let names: [String]
            do { names = try FileBytes.directoryEntries(path) } catch {
                listing.problems.append(.unreadableDirectory(path: path, reason: error.reason))
                return
            }
            for name in names where lister.options.includeHidden || !name.hasPrefix(".") {
                let child = prefix + name
                var linkInfo = stat()
                let isLink = lstat(PathCoding.cString(child), &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK
                if entry(child) == .directory && lister.options.recursive && !isLink {
                    directory(child, prefix: child + "/")
                }
            }
        }

        enum Kind { case directory, other }

        /// Adds the entry at `path` (following links) and says whether it is a directory.
        @discardableResult
        mutating func entry(_ path: String) -> Kind {
            var info = stat()
            guard stat(PathCoding.cString(path), &info) == 0 else {
                // A broken link: listed, never available.
                var linkInfo = stat()
                guard lstat(PathCoding.cString(path), &linkInfo) == 0 else {
                    listing.problems.append(.unreadablePath(path: path, reason: FileBytes.Failure.fromErrno().reason))
                    return .other
                }
                add(path, info: linkInfo, type: "inode/symlink", isDirectory: false, reason: "it is a broken symbolic link")
                return .other
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                add(path, info: info, type: "inode/directory", isDirectory: true, reason: nil)
                return .directory
            case S_IFREG:
                let detection: Detection
                do { detection = try lister.detector.detect(path: path) } catch {
                    if case .unreadable(_, let reason) = error {
                        listing.problems.append(.unreadableFile(path: path, reason: reason))
                    }
                    return .other
                }
                var reason: String?
                if case .doesNotConform(let why) = lister.filter.conformance(of: detection.type) { reason = why }
                add(path, info: info, type: detection.type, isDirectory: false, reason: reason)
            default:
                let type = (try? lister.detector.detect(path: path).type) ?? "application/octet-stream"
                add(path, info: info, type: type, isDirectory: false, reason: "it is not a regular file")
            }
            return .other
        }

        private mutating func add(_ path: String, info: stat, type: String, isDirectory: Bool, reason: String?) {
            let isFile = (info.st_mode & S_IFMT) == S_IFREG
            var document = Document(
                path: path, type: type, isDirectory: isDirectory, size: isDirectory ? nil : Int64(info.st_size),
                modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec),
                location: location(of: path, device: UInt64(info.st_dev)), available: reason == nil, reason: reason,
                createdSeconds: Self.birthTime(of: path))
            if isFile {
                document.origin = ExtendedAttributes.value("user.xdg.origin.url", of: path)
                document.thumbnail = lister.thumbnails?.thumbnail(
                    forAbsolutePath: FileURI.absolute(path, in: lister.workingDirectory),
                    modified: document.modifiedSeconds, size: Int64(info.st_size))
            }
            listing.documents.append(document)
        }

        private static func birthTime(of path: String) -> Int64? {
            SystemCalls.birthTime(of: path)
        }

        private mutating func location(of path: String, device: UInt64) -> DocumentLocation {
            if let known = locations[device] { return known }
            let found = DocumentLocation.of(path: path) ?? .local
            locations[device] = found
            return found
        }
    }
}
