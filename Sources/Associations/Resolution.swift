/// Which rules resolution follows (DESIGN.md decision 2).
public enum ResolutionMode: String, Sendable, CaseIterable {
    /// The mime-apps specification: a default must be associated with its type; parents include
    /// `text/plain` for `text/*` but never `application/octet-stream`.
    case spec
    /// Exactly what GIO (and so `gio open` and `xdg-open` on GNOME-like desktops) returns.
    case gio
}

/// The applications for one type, and how they were found.
public struct Resolution: Sendable, Equatable {
    /// The canonical type resolved.
    public var type: String
    /// The rules followed.
    public var mode: ResolutionMode
    /// The default application's desktop ID, or nil when there is none.
    public var defaultApplication: String?
    /// Applications associated with the type itself, most preferred first.
    public var recommended: [String]
    /// Applications associated only through a parent type.
    public var fallback: [String]
    /// Every step taken, for `assoc explain`.
    public var steps: [ResolutionStep]
}

extension Resolution {
    /// Whether the default is named by a `[Default Applications]` line (of the type or a parent
    /// type), rather than found only because it is associated with the type.
    public var defaultIsListed: Bool {
        guard let id = defaultApplication else { return false }
        return steps.contains { step in
            if case .defaultEntry(_, let ids, _, _) = step { return ids.contains(id) }
            return false
        }
    }
}

/// One step of a resolution, readable by people and assertable by tests.
public enum ResolutionStep: Sendable, Equatable {
    /// The types tried, most specific first.
    case typeChain([String])
    /// A list file was read (or found missing).
    case consulted(path: String, exists: Bool, label: String)
    /// A `[Default Applications]` entry names candidates.
    case defaultEntry(type: String, ids: [String], path: String, line: Int)
    /// An application is associated with a type.
    case associated(id: String, type: String, source: String)
    /// `[Removed Associations]` takes an application away from a type.
    case removed(id: String, type: String, path: String, line: Int)
    /// A candidate was passed over.
    case rejected(id: String, reason: String)
    /// Nothing for a type; its parent is tried next.
    case parentStep(from: String, to: String)
    /// The answer.
    case chose(id: String, reason: String)
    /// No default was found.
    case noDefault
    /// Anything else worth saying.
    case note(String)

    /// The step as one line of text.
    public var text: String {
        switch self {
        case .typeChain(let types): return "types tried, most specific first: \(types.joined(separator: ", "))"
        case let .consulted(path, exists, label): return "read \(path) (\(label))" + (exists ? "" : ": missing, treated as empty")
        case let .defaultEntry(type, ids, path, line):
            return "\(path):\(line): [Default Applications] \(type)=\(ids.joined(separator: ";"));"
        case let .associated(id, type, source): return "\(id) is associated with \(type) by \(source)"
        case let .removed(id, type, path, line): return "\(path):\(line): [Removed Associations] takes \(id) away from \(type)"
        case let .rejected(id, reason): return "\(id) passed over: \(reason)"
        case let .parentStep(from, to): return "nothing chosen for \(from); trying its parent \(to)"
        case let .chose(id, reason): return "default: \(id) (\(reason))"
        case .noDefault: return "no default application"
        case .note(let text): return text
        }
    }
}
