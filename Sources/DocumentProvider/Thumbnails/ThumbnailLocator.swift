import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Finds a valid thumbnail of a file by the Thumbnail Managing Standard 0.9 (SPECS rules 84–87).
///
/// The personal repository is `$XDG_CACHE_HOME/thumbnails/SIZE/MD5(URI).png` for the sizes
/// `normal`, `large`, `x-large` and `xx-large`, searched in that order; a shared repository is
/// `DIR/.sh_thumbnails/SIZE/MD5(./NAME).png` beside the file. A thumbnail counts only when it is a
/// well-formed PNG whose `Thumb::URI` names the file and whose `Thumb::MTime` is the file's
/// modification time in seconds (both MUST be checked; a shared thumbnail may omit the time), and
/// whose `Thumb::Size`, when present, is the file's size; anything else is stale and ignored.
/// Files inside the personal repository are never given thumbnails.
public struct ThumbnailLocator: Sendable {
    /// The sizes of the standard, smallest first.
    public static let sizes = ["normal", "large", "x-large", "xx-large"]

    /// Thumbnails are small images; a bigger file is not read (the screens draw none over 1 MiB).
    static let readLimit = 1 << 20

    /// `$XDG_CACHE_HOME/thumbnails`.
    public let repository: String

    /// A locator for the personal repository of `environment`.
    public init(environment: XDGEnvironment) {
        repository = environment.cacheHome + "/thumbnails"
    }

    /// A locator over an explicit personal repository.
    public init(repository: String) {
        self.repository = repository
    }

    /// What a thumbnail must say about its original.
    struct Original {
        var uri: String
        var modified: Int64
        var size: Int64
        var requiresModified: Bool
    }

    /// The path of a valid thumbnail for the file at `absolutePath`, or nil when there is none.
    ///
    /// - Parameters:
    ///   - absolutePath: The file's absolute path, from which its URI is built.
    ///   - modified: The file's modification time in whole seconds since the epoch.
    ///   - size: The file's size in bytes.
    public func thumbnail(forAbsolutePath absolutePath: String, modified: Int64, size: Int64) -> String? {
        if absolutePath.hasPrefix(repository + "/") { return nil }
        let personal = Original(
            uri: FileURI.uri(forAbsolutePath: absolutePath), modified: modified, size: size,
            requiresModified: true)
        if let found = search(in: repository, for: personal) { return found }
        let slash = absolutePath.lastIndex(of: "/") ?? absolutePath.startIndex
        let directory = String(absolutePath[..<slash])
        let name = String(absolutePath[absolutePath.index(after: slash)...])
        let shared = Original(
            uri: FileURI.relativeURI(forName: name), modified: modified, size: size,
            requiresModified: false)
        return search(in: directory + "/.sh_thumbnails", for: shared, followingLinks: false)
    }

    /// The first valid thumbnail of `original` under `root`. In a shared repository, which
    /// whoever can write the listed folder controls, no symbolic link is followed: not the
    /// repository, not a size directory, not a thumbnail.
    private func search(in root: String, for original: Original, followingLinks: Bool = true) -> String? {
        if !followingLinks && !Self.isRealDirectory(root) { return nil }
        let name = MD5.hexDigest(bytes: FileURI.pathBytes(original.uri)) + ".png"
        for size in Self.sizes {
            if !followingLinks && !Self.isRealDirectory(root + "/" + size) { continue }
            let candidate = root + "/" + size + "/" + name
            if Self.isValid(candidate, for: original, followingLinks: followingLinks) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a directory and not a symbolic link to one.
    private static func isRealDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether the PNG at `path` is a current thumbnail of `original` (the Thumbnail Managing
    /// Standard, "Thumbnail Attributes"), reading only its text chunks.
    static func isValid(_ path: String, for original: Original, followingLinks: Bool = true) -> Bool {
        guard let texts = PNGTextChunks.read(file: path, sizeLimit: readLimit, followingLinks: followingLinks) else {
            return false
        }
        guard texts["Thumb::URI"] == original.uri else { return false }
        if let modified = texts["Thumb::MTime"] {
            guard Int64(modified) == original.modified else { return false }
        } else if original.requiresModified {
            return false
        }
        if let size = texts["Thumb::Size"], Int64(size) != original.size { return false }
        return true
    }
}
