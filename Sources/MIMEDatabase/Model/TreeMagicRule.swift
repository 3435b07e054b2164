/// A `<treemagic>` section: a volume whose files match is of an `x-content/*` type (SPECS rule 35).
public struct TreeMagicRule: Sendable, Hashable {
    /// 0–100, default 50.
    public var priority: Int
    /// The `x-content/*` type.
    public var mimeType: String
    /// Top-level conditions, OR-ed.
    public var matches: [TreeMatch]

    /// Creates a section.
    public init(priority: Int, mimeType: String, matches: [TreeMatch]) {
        self.priority = priority
        self.mimeType = mimeType
        self.matches = matches
    }
}

/// One `<treematch>`: a path relative to the volume root that must exist with some properties.
public struct TreeMatch: Sendable, Hashable {
    /// What must be at `path`.
    public enum Kind: String, Sendable, Hashable {
        /// A regular file.
        case file
        /// A directory.
        case directory
        /// A symbolic link.
        case link
        /// Anything.
        case any
    }

    /// The path relative to the volume root.
    public var path: String
    /// What must be there.
    public var kind: Kind
    /// Whether the name is compared with its case.
    public var matchCase: Bool
    /// Whether the file must be executable.
    public var executable: Bool
    /// Whether a directory must not be empty.
    public var nonEmpty: Bool
    /// A MIME type the file must have, if any.
    public var mimeType: String?
    /// Conditions that must hold too (AND).
    public var children: [TreeMatch]

    /// Creates a condition.
    public init(
        path: String, kind: Kind, matchCase: Bool = false, executable: Bool = false,
        nonEmpty: Bool = false, mimeType: String? = nil, children: [TreeMatch] = []
    ) {
        self.path = path
        self.kind = kind
        self.matchCase = matchCase
        self.executable = executable
        self.nonEmpty = nonEmpty
        self.mimeType = mimeType
        self.children = children
    }
}
