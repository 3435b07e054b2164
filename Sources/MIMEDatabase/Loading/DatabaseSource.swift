/// Which of a `mime/` directory's sources to read (DESIGN.md decision 1, `--database`).
public enum DatabaseSource: String, Sendable, CaseIterable {
    /// The cache when it is valid and not older than `packages/`, else the XML, else the
    /// generated text files (SPECS rule 40).
    case auto
    /// Always `packages/*.xml`.
    case xml
    /// The cache wherever one is valid, whatever its age; else as `auto`.
    case cache
    /// The generated text files (`globs2`, `magic`…) wherever they are; else as `auto`.
    case text
}

/// How much of each `mime.cache` is checked before the first answer (SPECS rule 40: a corrupt
/// cache never crashes a reader).
public enum CacheChecking: Sendable {
    /// Every list of each cache is validated when it is opened: a corrupt cache is warned about
    /// and its directory read from its XML instead; the warnings that need every list (a
    /// `sub-class-of` cycle, magic that looks beyond the read limit) are given at load. What
    /// `check` and `explain` want.
    case whole
    /// Only each cache's version and list headers are checked when it is opened, in constant
    /// time; every later read is bounds-checked where it is made, so a cache broken deeper in
    /// answers from what reads and never crashes or loops. A database of one cache gives no
    /// warnings that need every list (left to `check`). What a single query wants: xdgmime's way.
    case perRead
}

/// What was read for one `mime/` directory, for `explain` and tests.
public struct LoadedDirectory: Sendable, Equatable {
    /// The source actually used.
    public enum Source: String, Sendable, Equatable {
        /// `packages/*.xml` was parsed.
        case xml
        /// `mime.cache` was read.
        case cache
        /// The generated text files were read.
        case text
    }

    /// The `mime/` directory.
    public var path: String
    /// The source that was read.
    public var source: Source
    /// The package files read, in order (XML only).
    public var packages: [String]
    /// The descriptions the XML carried (XML only; a cache directory reads them on demand).
    var descriptions: [String: TypeDescription] = [:]
}
