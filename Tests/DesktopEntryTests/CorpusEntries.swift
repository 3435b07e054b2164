import AssocTestSupport
import Foundation

/// The real desktop entries of `../shared/corpus/freedesktop-debian`, found by walking the folders.
enum CorpusEntries {
    /// `freedesktop-debian/applications`, laid out like a data directory's `applications/`.
    static let applications = Corpus.path("freedesktop-debian/applications")
    /// `freedesktop-debian/extra`: autostart entries, XFCE helpers and the like, by package.
    static let extra = Corpus.path("freedesktop-debian/extra")
    /// Whether both folders are there; tests that read them are skipped otherwise.
    static var isPresent: Bool { applications != nil && extra != nil }

    /// A corpus file and the desktop file ID it has.
    struct File: Sendable, CustomStringConvertible {
        var path: String
        var id: String
        var description: String { path }
    }

    /// Every `.desktop` file below `root`, relative to it, in byte order.
    static func relativePaths(under root: String) -> [String] {
        let walked = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return walked.filter { $0.hasSuffix(".desktop") }.sorted()
    }

    /// Every entry of both folders. The ID of a file in `applications/` is its relative path with
    /// '/' replaced by '-' (Desktop Entry Specification, "Desktop File ID"); a file in `extra/` is
    /// not in an `applications/` directory, so its ID is its file name.
    static func all() -> [File] {
        var files: [File] = []
        if let applications {
            files += relativePaths(under: applications).map {
                File(path: applications + "/" + $0, id: $0.replacingOccurrences(of: "/", with: "-"))
            }
        }
        if let extra {
            files += relativePaths(under: extra).map {
                File(path: extra + "/" + $0, id: ($0 as NSString).lastPathComponent)
            }
        }
        return files
    }

    /// The name of the first `[group]` header of the text at `path`, read without the parser under
    /// test; nil when there is none or the file is not UTF-8.
    static func firstGroup(of path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), let close = trimmed.lastIndex(of: "]") {
                return String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            }
        }
        return nil
    }
}
