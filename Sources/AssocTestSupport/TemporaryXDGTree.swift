import Foundation
import XDGSupport

/// A throwaway XDG layout under a unique temporary directory, removed when the value is released.
///
/// Every test that reads or writes configuration builds one, so no test touches the real user's
/// files: `variables` points `HOME` and every XDG variable inside the tree.
public final class TemporaryXDGTree: @unchecked Sendable {
    /// The root directory of the tree.
    public let root: String

    /// Creates an empty tree.
    public init() throws {
        let base = FileManager.default.temporaryDirectory.path
        root = base + "/assoc-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The absolute path of `relativePath` inside the tree.
    public func path(_ relativePath: String) -> String { root + "/" + relativePath }

    /// Writes `contents` at a path relative to the root, creating parent directories.
    @discardableResult
    public func write(_ relativePath: String, _ contents: String) throws -> String {
        try write(relativePath, bytes: Array(contents.utf8))
    }

    /// Writes raw bytes at a path relative to the root, creating parent directories.
    @discardableResult
    public func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let full = path(relativePath)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Copies a file or directory into the tree.
    @discardableResult
    public func copy(_ source: String, to relativePath: String) throws -> String {
        let full = path(relativePath)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: full)
        return full
    }

    /// Creates a directory (and its parents) inside the tree.
    @discardableResult
    public func makeDirectory(_ relativePath: String) throws -> String {
        let full = path(relativePath)
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }

    /// Variables that point every XDG lookup inside the tree, and the data directories at `dataDirs`
    /// (relative to the tree unless absolute).
    public func variables(dataDirs: [String] = ["usr-share"], desktop: String = "") -> [String: String] {
        let resolved = dataDirs.map { $0.hasPrefix("/") ? $0 : path($0) }
        return [
            "HOME": path("home"),
            "XDG_CONFIG_HOME": path("config"),
            "XDG_CONFIG_DIRS": path("etc-xdg"),
            "XDG_DATA_HOME": path("data"),
            "XDG_DATA_DIRS": resolved.joined(separator: ":"),
            "XDG_STATE_HOME": path("state"),
            "XDG_CACHE_HOME": path("cache"),
            "XDG_CURRENT_DESKTOP": desktop,
            "LC_ALL": "C",
            "PATH": "/usr/bin:/bin",
        ]
    }

    /// The environment value for `variables(dataDirs:desktop:)`.
    public func environment(dataDirs: [String] = ["usr-share"], desktop: String = "") -> XDGEnvironment {
        XDGEnvironment(variables(dataDirs: dataDirs, desktop: desktop))
    }
}

extension TemporaryXDGTree {
    /// Copies XML packages into `DATADIR/mime/packages` and, when `compile` is set, runs
    /// `update-mime-database` on it; returns the `mime/` directory.
    ///
    /// - Throws: when a copy fails, or when compiling is asked for and `update-mime-database` is
    ///   missing or fails.
    @discardableResult
    public func installMIMEPackages(
        _ packages: [String], dataDir: String = "usr-share",
        compile: Bool
    ) throws -> String {
        let mimeDirectory = try makeDirectory(dataDir + "/mime/packages")
        for package in packages {
            try copy(package, to: dataDir + "/mime/packages/" + (package as NSString).lastPathComponent)
        }
        let directory = (mimeDirectory as NSString).deletingLastPathComponent
        if compile {
            guard let tool = Corpus.program("update-mime-database") else {
                throw SetupError("update-mime-database is not installed")
            }
            let result = try ProcessRunner.run(tool, [directory], environment: ["PATH": "/usr/bin:/bin"])
            guard result.status == 0 else { throw SetupError("update-mime-database failed: \(result.standardError)") }
        }
        return directory
    }
}

extension TemporaryXDGTree {
    /// Makes a data directory that holds only the system's MIME database (a link to
    /// /usr/share/mime) and no applications, so nothing installed on the machine leaks into a test;
    /// returns its name relative to the tree.
    @discardableResult
    public func linkSystemMIMEDatabase(as name: String = "mime-only") throws -> String {
        try makeDirectory(name)
        if !FileManager.default.fileExists(atPath: path(name + "/mime")) {
            try FileManager.default.createSymbolicLink(atPath: path(name + "/mime"), withDestinationPath: "/usr/share/mime")
        }
        return name
    }
}

/// A test's world could not be built.
public struct SetupError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
