/// A profile: defaults stated as intent, read from one file and the files it includes.
///
/// Its keys are targets as `assoc set` takes them (a type, a wildcard, an extension, a URL scheme
/// handler type) or a role name (`ProfileRole`); its values are desktop file IDs in preference
/// order, the first installed and usable one winning, so one profile serves machines with
/// different applications.
public struct Profile: Sendable, Equatable {
    /// `Name=`, or the file's base name without `.profile`; the key of its `[Suggest]` memory.
    public var name: String
    /// `Version=` (0 when absent): `[Suggest]` entries are applied again when it rises.
    public var version: Int
    /// The file read (the top one, not an included one).
    public var path: String
    /// The entries after includes are merged: an included file's entries first, each replaced by
    /// a later entry of the same target in the same group.
    public var entries: [ProfileEntry]

    /// A profile.
    public init(name: String, version: Int, path: String, entries: [ProfileEntry]) {
        self.name = name
        self.version = version
        self.path = path
        self.entries = entries
    }
}

/// One key of a profile: a target and its candidates, with the group and the line it comes from.
public struct ProfileEntry: Sendable, Equatable {
    /// The group it is in.
    public var group: ProfileGroup
    /// The key as written: a target or a role name.
    public var target: String
    /// The desktop file IDs in preference order.
    public var candidates: [String]
    /// The file it is written in.
    public var path: String
    /// Its line.
    public var line: Int

    /// An entry.
    public init(group: ProfileGroup, target: String, candidates: [String], path: String, line: Int) {
        self.group = group
        self.target = target
        self.candidates = candidates
        self.path = path
        self.line = line
    }

    /// The role the key names, if it is a role name.
    public var role: ProfileRole? { ProfileRole(rawValue: target) }

    /// What an entry sets: a target's default of one role. Two entries with one slot are one key
    /// written twice; `[Enforce]` and `[Edit]` may both name `image/png`.
    public struct Slot: Sendable, Hashable {
        /// The role of the entry's group.
        public var role: Role
        /// The key as written.
        public var target: String
    }

    /// The entry's slot.
    public var slot: Slot { Slot(role: group.role, target: target) }

    /// `PATH:LINE`.
    public var place: String { "\(path):\(line)" }
}
