/// Which rules resolution follows (DESIGN.md decision 2).
public enum ResolutionMode: String, Sendable, CaseIterable {
    /// The mime-apps specification: a default must be associated with its type; parents include
    /// `text/plain` for `text/*` but never `application/octet-stream`.
    case spec
    /// Exactly what GIO (and so `gio open` and `xdg-open` on GNOME-like desktops) returns.
    case gio
    /// Exactly what `xdg-mime query default` answers on a generic desktop, which is what
    /// `xdg-open` opens there: a default only, no recommended or fallback applications.
    case xdgOpen = "xdg-open"
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
        return isListedDefault(id)
    }

    /// Whether this resolution read a `[Default Applications]` line naming `id` (for xdg-open's
    /// rules: whether its answer came from such a line).
    public func isListedDefault(_ id: String) -> Bool {
        steps.contains { step in
            switch step {
            case .defaultEntry(_, let ids, _, _): return ids.contains(id)
            case .xdgMimeSource(.list, _): return defaultApplication == id
            default: return false
            }
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
    /// GIO ignores a whole list: GLib refuses to load it because of one line.
    case listIgnored(path: String, line: Int, reason: String)
    /// GIO learns what the entries of an `applications/` directory declare only from its
    /// `mimeinfo.cache`, which is missing there or older than an entry.
    case mimeInfoCacheOnly(directory: String)
    /// GIO keeps an association that the same directory removes, because the list adding it was
    /// the first of its kind for the type there (GLib's `expand_strv` takes it whole).
    case removalNotApplied(id: String, type: String, directory: String)
    /// GIO does not apply a data directory's removal of an ID a more important directory has an
    /// entry for: masking hides the removal too.
    case removalMasked(id: String, type: String, directory: String)
    /// A `mimeinfo.cache` names an entry its directory does not have; GIO takes the ID all the
    /// same and loads it from whichever directory has it.
    case cacheNamesAbsentEntry(path: String, id: String)
    /// A key GIO does not take for the type, because it is spelled in another case.
    case keySpelledOtherwise(path: String, key: String, line: Int)
    /// GIO reads a key written twice in a group from its last line only.
    case lastLineOfKey(path: String, type: String, line: Int)
    /// GIO skips a key whose value GLib cannot read as a list (not UTF-8, a bad escape).
    case valueIgnored(path: String, line: Int)
    /// GIO reads `[Default Applications]` or `[Removed Associations]` of a `mimeinfo.cache`, which
    /// the specification does not.
    case cacheGroupRead(path: String, group: String)
    /// Where `xdg-mime query default` found its answer.
    case xdgMimeSource(stage: XDGMimeStage, path: String)
    /// Anything else worth saying.
    case note(String)

    /// The step as one line of text.
    public var text: String {
        switch self {
        case .typeChain(let types): return "types tried, most specific first: \(types.joined(separator: ", "))"
        case .consulted(let path, let exists, let label):
            return "read \(path) (\(label))" + (exists ? "" : ": missing, treated as empty")
        case .defaultEntry(let type, let ids, let path, let line):
            return "\(path):\(line): [Default Applications] \(type)=\(ids.joined(separator: ";"));"
        case .associated(let id, let type, let source): return "\(id) is associated with \(type) by \(source)"
        case .removed(let id, let type, let path, let line):
            return "\(path):\(line): [Removed Associations] takes \(id) away from \(type)"
        case .rejected(let id, let reason): return "\(id) passed over: \(reason)"
        case .parentStep(let from, let to): return "nothing chosen for \(from); trying its parent \(to)"
        case .chose(let id, let reason): return "default: \(id) (\(reason))"
        case .noDefault: return "no default application"
        case .listIgnored(let path, let line, let reason):
            return "\(path):\(line): GIO ignores this whole file: GLib's key-file reader refuses it (\(reason))"
        case .mimeInfoCacheOnly(let directory):
            return
                "GIO reads what the entries in \(directory) declare only from its mimeinfo.cache, which is missing or older than an entry"
        case .removalNotApplied(let id, let type, let directory):
            return
                "GIO keeps \(id) for \(type) although \(directory) removes it: the list adding it was the first to add to \(type) there"
        case .removalMasked(let id, let type, let directory):
            return
                "GIO does not apply \(directory)'s removal of \(id) from \(type): a more important directory has an entry of that ID"
        case .cacheNamesAbsentEntry(let path, let id):
            return "\(path) names \(id), which its directory does not have; GIO takes it from wherever it is installed"
        case .keySpelledOtherwise(let path, let key, let line):
            return "\(path):\(line): GIO does not read '\(key)' as this type: it compares type names as spelled"
        case .lastLineOfKey(let path, let type, let line):
            return "\(path):\(line): GIO reads \(type) from this line only, the last one it is written on"
        case .valueIgnored(let path, let line):
            return "\(path):\(line): GIO skips this key: GLib cannot read its value (not UTF-8, or a bad escape)"
        case .cacheGroupRead(let path, let group):
            return "\(path): GIO reads its [\(group)] too, which the specification does not"
        case .xdgMimeSource(let stage, let path): return "xdg-mime answers from \(path) (\(stage.rawValue))"
        case .note(let text): return text
        }
    }
}

/// The three places `xdg-mime query default` looks, in its order.
public enum XDGMimeStage: String, Sendable, Equatable {
    /// `[Default Applications]` of a `mimeapps.list`: the first ID of the first line, if its
    /// program is installed.
    case list = "the first ID of a [Default Applications] line"
    /// The first line holding `TYPE=` anywhere in a `defaults.list` or `mimeinfo.cache`, unchecked.
    case legacyFile = "the first matching line of a legacy file, not checked"
    /// The `.desktop` file holding `TYPE;` with the highest `InitialPreference`, by its file name.
    case entryScan = "a search of every desktop entry by InitialPreference"
}
