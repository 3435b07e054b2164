import DocumentProvider
import MIMEDatabase
import TerminalUI
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The picker's source made of the library: `DocumentLister` for folders, one `TypeFilter` per
/// `--type`, the database's comments, the resolver's defaults, `ThumbnailLocator`.
enum PickerWorld {
    /// A source over `context` with these filters (none: every document conforms).
    static func source(filters: [TypeFilter], context: CommandContext) -> PickerSource {
        let everything = TypeFilter(takingEverything: context.database)
        let detector = context.detector
        let directory = context.process.workingDirectory
        let thumbnails = ThumbnailLocator(environment: context.environment)
        let comments = Memo<String, String?> { type in
            context.database.description(of: type)?.comment(for: context.environment.locale)
        }
        // The highlighted row's thumbnail is looked up once, not on every redraw.
        let thumbnailOf = Memo<Document, String?> { document in
            guard let size = document.size else { return nil }
            return thumbnails.thumbnail(
                forAbsolutePath: FileURI.absolute(document.path, in: directory), modified: document.modifiedSeconds, size: size)
        }
        let defaults = Memo<String, String?> { type in context.resolver.resolve(type).defaultApplication }
        // Names first; each entry is typed when its row is first drawn, so a large folder opens fast.
        let lister = { (hidden: Bool) in
            DocumentLister(
                detector: detector, filter: everything, thumbnails: nil, workingDirectory: directory,
                options: .init(includeHidden: hidden, includeUnavailable: true, sort: .name))
        }
        return PickerSource(
            list: { path, hidden in
                let lister = lister(hidden)
                switch lister.entries(of: path) {
                case .success(let entries):
                    return .success(FolderListing(items: entries) { lister.document(at: $0.path) })
                case .failure(let problem): return .failure(PickerProblem(problem.description))
                }
            },
            nonConformance: { type, index in
                guard filters.indices.contains(index), case .doesNotConform(let reason) = filters[index].conformance(of: type)
                else {
                    return nil
                }
                return reason
            },
            comment: { comments.value($0) },
            defaultApplication: { defaults.value($0) },
            thumbnail: { thumbnailOf.value($0) },
            makeDirectory: { path in
                mkdir(PathCoding.cString(path), 0o777) == 0
                    ? nil : PickerProblem("cannot make '\(path)': \(FileBytes.Failure.fromErrno().reason)")
            },
            exists: { path in
                var info = stat()
                return lstat(PathCoding.cString(path), &info) == 0
            },
            now: Int64(time(nil)),
            listFlat: { path, hidden, limit in
                let lister = lister(hidden)
                switch lister.entries(under: path, limit: limit) {
                case .success(let found):
                    let listing = FolderListing(items: found.entries) { lister.document(at: $0.path) }
                    return .success((listing, found.truncated))
                case .failure(let problem): return .failure(PickerProblem(problem.description))
                }
            })
    }
}

/// Answers computed once per key, for the lines a screen draws again and again.
final class Memo<Key: Hashable, Value> {
    private var known: [Key: Value] = [:]
    private let compute: (Key) -> Value

    init(_ compute: @escaping (Key) -> Value) { self.compute = compute }

    func value(_ key: Key) -> Value {
        if let found = known[key] { return found }
        let found = compute(key)
        known[key] = found
        return found
    }
}
