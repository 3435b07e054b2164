/// What applying (or checking) profiles found and did: per entry, the lists written, warnings.
public struct ProfileOutcome: Sendable {
    /// Each entry, in the merged profile's order.
    public var entries: [ProfileEntryOutcome]
    /// Each list written (or, when checking, that would be), including `xdg-terminals.list`.
    public var writes: [ListWrite]
    /// What the person should know: entries not applied, entries another list overrides.
    public var warnings: [ProfileWarning]

    /// Whether a list was (or would be) changed.
    public var changed: Bool {
        writes.contains { write in
            switch write.change {
            case .unchanged: return false
            case .written: return true
            case .wouldWrite(let diff): return !diff.isEmpty
            }
        }
    }

    /// Whether the machine matches the profiles: nothing to write, and every entry applied and
    /// answered as chosen by every resolution.
    public var complies: Bool { !changed && warnings.isEmpty }

    /// Whether an entry could not be applied at all (no usable candidate, a target naming nothing).
    public var hasUnappliedEntries: Bool { warnings.contains { !$0.isShadowing } }
}

/// What became of one entry.
public struct ProfileEntryOutcome: Sendable {
    /// What applying the entry came to.
    public enum Status: String, Sendable {
        /// It is (or, when checking, would be) written.
        case applied
        /// A `[Suggest]` entry this version of the profile applied before: left to the person.
        case kept
        /// Nothing could be written: no usable candidate, or a target naming no type.
        case skipped
        /// Later entries name every type it stands for (an alias, a wildcard and a type under it),
        /// and write them instead.
        case replaced
    }

    /// The entry.
    public var entry: ProfileEntry
    /// The name of the profile it belongs to.
    public var profile: String
    /// The types it stands for (empty for the terminal, or when skipped).
    public var types: [String]
    /// The first installed and usable candidate, or nil.
    public var chosen: String?
    /// What happened.
    public var status: Status
    /// Each type's default by the specification before the apply.
    public var before: [String: String]
    /// Each type's default by the specification after it (when checking: now).
    public var after: [String: String]
    /// What each resolution answers afterwards, per desktop.
    public var verification: [ResolutionCheck]
}

/// One resolution's answer for one type of an entry, on one desktop.
public struct ResolutionCheck: Sendable, Equatable {
    /// The type (for the terminal role, `terminal`).
    public var type: String
    /// The desktop verified on (`XDG_CURRENT_DESKTOP`), nil when none is set.
    public var desktop: String?
    /// `spec`, `gio`, `xdg-open`; for an `[Edit]` or `[Markup]` entry the role, `edit` or
    /// `markup` (assoc's role resolution); for the terminal `xdg-terminal-exec`.
    public var resolution: String
    /// The application it answers with.
    public var answer: String?
    /// The file that decides the answer, and its line, when a list names it.
    public var origin: DefaultOrigin?
    /// Whether it answers with the chosen application.
    public var matches: Bool
}

/// Something about an entry the person should know; each names the profile's file and line.
public enum ProfileWarning: Error, Sendable, Equatable, CustomStringConvertible {
    /// No candidate is installed and usable.
    case noCandidate(ProfileEntry, reasons: [String])
    /// The target names no type (an unknown type, a wildcard matching nothing).
    case unknownTarget(ProfileEntry, reason: String)
    /// A more important list (or, for GIO and xdg-open, their own reading) still answers with
    /// another application.
    case shadowed(ProfileEntry, check: ResolutionCheck, chosen: String)

    /// Whether this is a shadowed entry (the entry was applied, but something else wins).
    public var isShadowing: Bool {
        if case .shadowed = self { return true }
        return false
    }

    /// The entry it is about.
    public var entry: ProfileEntry {
        switch self {
        case .noCandidate(let entry, _), .unknownTarget(let entry, _), .shadowed(let entry, _, _): return entry
        }
    }

    /// The kind, for JSON: `no-candidate`, `unknown-type`, `shadowed`.
    public var kind: String {
        switch self {
        case .noCandidate: return "no-candidate"
        case .unknownTarget: return "unknown-type"
        case .shadowed: return "shadowed"
        }
    }

    /// The message.
    public var description: String {
        switch self {
        case .noCandidate(let entry, let reasons):
            return "\(entry.place): no candidate for '\(entry.target)' is installed and usable ("
                + reasons.joined(separator: "; ") + ")"
        case .unknownTarget(let entry, let reason): return "\(entry.place): '\(entry.target)': \(reason)"
        case .shadowed(let entry, let check, let chosen):
            let place = check.origin.map { " because " + $0.path + ($0.line.map { ":\($0)" } ?? "") + " wins" } ?? ""
            let desktop = check.desktop.map { " on \($0)" } ?? ""
            if let role = Role(rawValue: check.resolution), role != .view {
                return "\(entry.place): the \(role.rawValue) application of \(check.type)\(desktop) is "
                    + "\(check.answer ?? "none"), not \(chosen)\(place)"
            }
            return "\(entry.place): \(check.type) opens with \(check.answer ?? "nothing") by \(check.resolution)\(desktop), "
                + "not \(chosen)\(place)"
        }
    }
}
