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
