/// One application a role may use, and why it is there.
public struct RoleCandidate: Sendable, Equatable {
    /// Which step of the role's resolution proposed it.
    public enum Source: String, Sendable, Equatable {
        /// The file's per-file choice of the role.
        case perFile = "per-file choice"
        /// A line of the role's group in a `roles.list`.
        case roleDefault = "role default"
        /// For markup, a line of `[Edit Applications]`.
        case editDefault = "edit default"
        /// The inference from the entries' categories and keywords.
        case inference
        /// The view default of `mimeapps.list`.
        case viewDefault = "view default"
        /// For the view role, an application associated with the type or a supertype.
        case associated
    }

    /// The desktop file ID.
    public var id: String
    /// The step that proposed it.
    public var source: Source
    /// Why, in words: the file and line, or the category.
    public var reason: String
    /// The role list's file and line that names it, for a role or edit default.
    public var origin: DefaultOrigin?

    /// A candidate.
    public init(id: String, source: Source, reason: String, origin: DefaultOrigin? = nil) {
        self.id = id
        self.source = source
        self.reason = reason
        self.origin = origin
    }
}

/// The answer for a role and a type: the application, the candidates in order, each with why,
/// and every step taken, for `assoc explain --role`.
public struct RoleResolution: Sendable, Equatable {
    /// The role resolved.
    public var role: Role
    /// The canonical type.
    public var type: String
    /// The candidates, best first; the first is the answer.
    public var candidates: [RoleCandidate]
    /// Each step, as a line of text.
    public var steps: [String]

    /// The application the role uses, or nil when there is none.
    public var application: String? { candidates.first?.id }
}
