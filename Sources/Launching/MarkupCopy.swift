import DocumentProvider
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where `open --markup` marks a file up: on the file itself, or on a copy beside it named
/// `NAME (marked up).EXT`, as QuickLook's "create copy" mode does, when the file came from
/// elsewhere (its `user.xdg.origin.url`, Common Extended Attributes) or cannot be written.
public enum MarkupCopy {
    /// How the front end asked.
    public enum Placement: String, Sendable, Equatable {
        /// In place, unless the file came from elsewhere or is read-only.
        case automatic
        /// Always on a copy (`--copy`).
        case copy
        /// Always in place (`--in-place`).
        case inPlace = "in-place"
    }

    /// The words that go into the copy's name.
    public static let marker = "marked up"

    /// Why the file at `path` is marked up on a copy, or nil to work on it in place.
    public static func reason(for path: String, placement: Placement) -> String? {
        switch placement {
        case .inPlace: return nil
        case .copy: return "--copy"
        case .automatic:
            if let origin = ExtendedAttributes.value(ExtendedAttributes.originURL, of: path) {
                return "it came from \(origin)"
            }
            return isReadOnly(path) ? "it is read-only" : nil
        }
    }

    /// Whether the file cannot be written by this process, or its mode lets no one write it (which
    /// even a process that may write anything takes as the owner's wish).
    static func isReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(PathCoding.cString(path), &info) == 0 else { return false }
        return access(PathCoding.cString(path), W_OK) != 0 || info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0
    }

    /// The copy's name for a file named `name`: `report.pdf` → `report (marked up).pdf`.
    public static func copyName(for name: String) -> String {
        let (stem, suffix) = NumberedName.split(name)
        return "\(stem) (\(marker))\(suffix)"
    }

    /// Makes the copy of the file at `path` beside it: created under a free name, never replacing
    /// a file (a taken name is numbered), the original's bytes untouched; returns the copy's path.
    ///
    /// - Throws: `TransferError` naming the file and the directory.
    public static func make(of path: String) throws(TransferError) -> String {
        let directory = DocumentTransfer.directoryName(path)
        let name = copyName(for: DocumentTransfer.baseName(path))
        return try DocumentTransfer().copy(path, into: directory, named: name).destination
    }
}
