import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which `mime/` directory a package is installed into or removed from: the user's, the
/// system's, or that of another data directory (shared-mime-info specification, "Directory
/// layout": every data directory has a `mime/packages` of its own).
public enum PackageDestination: Sendable, Equatable {
    /// `$XDG_DATA_HOME/mime` (`~/.local/share/mime`): what `xdg-mime install --mode user` writes.
    case user
    /// `/usr/local/share/mime`: the system's data directory that no distribution package owns.
    /// (`xdg-mime --mode system` takes the first data directory it may write instead; see
    /// `xdgMimeSystemDataDirectory(environment:)`.)
    case system
    /// `DIRECTORY/mime` for the data directory `DIRECTORY` (`--prefix`).
    case dataDirectory(String)

    /// The data directory `.system` stands for.
    public static let systemDataDirectory = "/usr/local/share"

    /// The `mime/` directory this destination names under `environment`.
    ///
    /// - Throws: `XDGEnvironment.UnknownDirectory` for `.user` when neither `XDG_DATA_HOME` nor
    ///   `HOME` is an absolute path.
    public func mimeDirectory(in environment: XDGEnvironment) throws(XDGEnvironment.UnknownDirectory) -> String {
        switch self {
        case .user: return try environment.dataHomeForWriting() + "/mime"
        case .system: return Self.systemDataDirectory + "/mime"
        case .dataDirectory(let directory):
            var trimmed = directory
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
            return (trimmed == "/" ? "" : trimmed) + "/mime"
        }
    }

    /// Whether packages here are the user's own: written readable by the user alone, as
    /// `xdg-mime` writes them under umask 077 and GIO writes its extension types (mode 0600).
    var isPrivate: Bool { self == .user }

    /// The data directory `xdg-mime install --mode system` writes into: the first directory of
    /// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`) whose `mime/packages` exists and
    /// may be written; nil when there is none (xdg-mime then fails with "No writable system
    /// mimetype directory found"). For a front end that must answer as xdg-mime does; pass the
    /// result as `.dataDirectory`.
    public static func xdgMimeSystemDataDirectory(environment: XDGEnvironment) -> String? {
        environment.dataDirs.first { access(PathCoding.cString($0 + "/mime/packages"), W_OK) == 0 }
    }

    /// Whether `fileName` has the vendor prefix `xdg-mime install` asks for: it starts with a
    /// letter and has a `-` after it (xdg-mime's `[[:alpha:]]*-*`), such as `acme-shiny.xml`.
    public static func hasVendorPrefix(_ fileName: String) -> Bool {
        guard let first = fileName.utf8.first else { return false }
        let isLetter = (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A)
        return isLetter && fileName.utf8.dropFirst().contains(UInt8(ascii: "-"))
    }
}
