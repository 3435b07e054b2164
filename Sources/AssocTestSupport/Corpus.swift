import Foundation
import XDGSupport

/// Where the shared test material and the package itself are, found from this file's location.
public enum Corpus {
    /// The package's root directory.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `../shared/corpus` beside the package, or `nil` when it is absent (tests then skip).
    public static var root: String? {
        let path = URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
            .appendingPathComponent("shared/corpus").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// A file or folder inside the corpus, or `nil` when the corpus is absent.
    public static func path(_ relative: String) -> String? {
        guard let root else { return nil }
        let full = root + "/" + relative
        return FileManager.default.fileExists(atPath: full) ? full : nil
    }

    /// `Tests/Fixtures` inside the package.
    public static var fixtures: String { packageRoot + "/Tests/Fixtures" }

    /// The full path of a program on `PATH`, or `nil` when it is not installed.
    public static func program(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether the temporary directory's file system keeps `user.*` extended attributes; tests that
    /// need them are skipped where it does not.
    public static let temporaryDirectoryHasAttributes: Bool = {
        let probe = FileManager.default.temporaryDirectory.path + "/assoc-xattr-probe-\(getpid())"
        _ = FileManager.default.createFile(atPath: probe, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: probe) }
        return (try? ExtendedAttributes.set("user.assoc.probe", to: "1", on: probe)) != nil
    }()
}
