/// Why the specification's answer and GIO's or xdg-open's differ for one type (DESIGN.md
/// decision 2), read from the steps of the two resolutions, so that `explain` says what the code
/// that answers `--as gio` or `--as xdg-open` did, never a guess.
public enum ResolutionDifference: Sendable, Equatable {
    /// Both give the same default.
    case none
    /// The spec passed over the other's choice because it is not associated with the type
    /// (SPECS 53, 56).
    case associationCheck(id: String)
    /// The spec reached its choice through the implicit `text/plain` parent, which GIO does not walk
    /// (SPECS 29, 50, 54).
    case parentRule(id: String)
    /// The spec folds the case of type names; GIO sees two types (SPECS 8).
    case caseFolding(spec: String, gio: String)
    /// GIO ignores a whole list the spec read, because GLib's key-file reader refuses one line.
    case listIgnored(path: String, line: Int, reason: String)
    /// GIO learns what entries declare only from `mimeinfo.cache`, missing or stale in `directory`;
    /// the spec read their `MimeType=` lines.
    case mimeInfoCacheOnly(directory: String)
    /// GIO keeps an association its directory removes: the list adding it came first there.
    case removalNotApplied(id: String)
    /// GIO loads entries by its own rules: its choice is one the spec passes over (hidden, no
    /// `Exec`, ...), or it passes over the spec's.
    case loadingRules(id: String)
    /// GIO skips a key of a list the spec read, because GLib cannot read its value.
    case valueIgnored(path: String, line: Int)
    /// GIO reads a key written twice only from its last line; the spec merges the lines.
    case lastLineOfKey(path: String, line: Int)
    /// GIO reads `[Default Applications]` or `[Removed Associations]` of a `mimeinfo.cache`.
    case mimeInfoCacheGroups(path: String)
    /// GIO takes an ID as written, white space included, so it finds no entry where assoc does.
    case idSpacing(id: String)
    /// GIO does not apply a removal of an ID that a more important directory has an entry for.
    case removalMasked(id: String, directory: String)
    /// A `mimeinfo.cache` names an entry its directory does not have, and GIO takes it.
    case cacheNamesAbsentEntry(id: String, path: String)
    /// Anything else: GIO collects every directory's defaults before any association.
    case mergeOrder
    /// xdg-mime uses the type as given: no alias is resolved, no parent tried.
    case xdgTypeAsGiven
    /// xdg-mime reads only the first ID of the first line for the type in each list, and checks
    /// only that its `Exec` program is installed.
    case xdgFirstID(path: String)
    /// xdg-mime took the first line naming the type in a `defaults.list` or `mimeinfo.cache`,
    /// unchecked.
    case xdgLegacyFile(path: String)
    /// xdg-mime found no default and chose the entry with the highest `InitialPreference`.
    case xdgEntryScan(path: String)
    /// xdg-mime reads `[Default Applications]` only, never the associations the spec falls back to.
    case xdgDefaultsOnly

    /// Compares the spec's resolution of a type with GIO's or xdg-open's (by `other.mode`).
    public init(spec: Resolution, gio other: Resolution) {
        guard spec.defaultApplication != other.defaultApplication else {
            self = .none
            return
        }
        self =
            other.mode == .xdgOpen ? Self.xdgOpen(spec: spec, xdg: other) : Self.gio(spec: spec, gio: other)
    }

    private static func gio(spec: Resolution, gio: Resolution) -> ResolutionDifference {
        if spec.type != gio.type { return .caseFolding(spec: spec.type, gio: gio.type) }
        let sources = Set(
            spec.steps.compactMap { step -> String? in
                switch step {
                case .defaultEntry(_, _, let path, _), .removed(_, _, let path, _): return path
                case .associated(_, _, let source): return source
                default: return nil
                }
            })
        // Whether the spec's resolution read the file at `path`: a default or removal there, an
        // association from it, or (for a mimeinfo.cache) from an entry of its directory.
        func specRead(_ path: String) -> Bool {
            let directory =
                path.hasSuffix("/mimeinfo.cache") ? String(path.dropLast("/mimeinfo.cache".count)) : nil
            return sources.contains(path)
                || sources.contains { source in
                    source.contains(path + ":")
                        || directory.map { source.hasPrefix("MimeType= of \($0)/") } == true
                }
        }
        for case .listIgnored(let path, let line, let reason) in gio.steps where specRead(path) {
            return .listIgnored(path: path, line: line, reason: reason)
        }
        for case .keySpelledOtherwise(let path, let key, _) in gio.steps where specRead(path) {
            return .caseFolding(spec: spec.type, gio: key)
        }
        for case .valueIgnored(let path, let line) in gio.steps where specRead(path) {
            return .valueIgnored(path: path, line: line)
        }
        for case .lastLineOfKey(let path, _, let line) in gio.steps where specRead(path) {
            return .lastLineOfKey(path: path, line: line)
        }
        if let id = gio.defaultApplication, spec.rejected(id, because: "not associated") {
            return .associationCheck(id: id)
        }
        if let id = spec.defaultApplication,
            gio.steps.contains(where: {
                if case .rejected(let other, _) = $0 { return other != id && other.trimmingSpaces() == id }
                return false
            })
        {
            return .idSpacing(id: id)
        }
        for case .removalMasked(let id, _, let directory) in gio.steps where id == gio.defaultApplication {
            return .removalMasked(id: id, directory: directory)
        }
        for case .cacheNamesAbsentEntry(let path, let id) in gio.steps where id == gio.defaultApplication {
            return .cacheNamesAbsentEntry(id: id, path: path)
        }
        for case .cacheGroupRead(let path, _) in gio.steps {
            return .mimeInfoCacheGroups(path: path)
        }
        for case .removalNotApplied(let id, _, _) in gio.steps where id == gio.defaultApplication {
            return .removalNotApplied(id: id)
        }
        for case .mimeInfoCacheOnly(let directory) in gio.steps
        where sources.contains(where: { $0.hasPrefix("MimeType= of " + directory + "/") }) {
            return .mimeInfoCacheOnly(directory: directory)
        }
        if let id = spec.defaultApplication, !gio.recommended.contains(id),
            spec.steps.contains(where: {
                if case .parentStep(_, "text/plain") = $0 { return true } else { return false }
            })
        {
            return .parentRule(id: id)
        }
        if let id = gio.defaultApplication,
            spec.steps.contains(where: { if case .rejected(id, _) = $0 { return true } else { return false } }
            )
        {
            return .loadingRules(id: id)
        }
        if let id = spec.defaultApplication,
            gio.steps.contains(where: { if case .rejected(id, _) = $0 { return true } else { return false } })
        {
            return .loadingRules(id: id)
        }
        return .mergeOrder
    }

    private static func xdgOpen(spec: Resolution, xdg: Resolution) -> ResolutionDifference {
        let source = xdg.steps.lazy.compactMap { step -> (XDGMimeStage, String)? in
            if case .xdgMimeSource(let stage, let path) = step { return (stage, path) }
            return nil
        }.first
        switch source?.0 {
        case .list?:
            if let id = xdg.defaultApplication, spec.rejected(id, because: "not associated") {
                return .associationCheck(id: id)
            }
            return .xdgFirstID(path: source?.1 ?? "")
        case .legacyFile?: return .xdgLegacyFile(path: source?.1 ?? "")
        case .entryScan?: return .xdgEntryScan(path: source?.1 ?? "")
        case nil:
            if spec.type != xdg.type
                || spec.steps.contains(where: {
                    if case .parentStep = $0 { return true } else { return false }
                })
            {
                return .xdgTypeAsGiven
            }
            return .xdgDefaultsOnly
        }
    }

    /// The reason in a sentence, naming the specification's section where one decides.
    public var text: String {
        switch self {
        case .none: return "they agree"
        case .associationCheck:
            return
                "it does not check that a default is associated with its type, which the mime-apps specification "
                + "requires (\"Default Application\")"
        case .parentRule:
            return
                "the shared-mime-info specification (\"Subclassing\") makes every text/* type a kind of text/plain; "
                + "GIO's application lookup walks explicit parents only"
        case .caseFolding(let spec, let gio):
            return
                "MIME types are case-insensitive, so assoc reads '\(gio)' as '\(spec)'; GIO compares names as "
                + "spelled and treats them as two types"
        case .listIgnored(let path, let line, let reason):
            return
                "GIO ignores \(path) whole: GLib's key-file reader refuses line \(line) (\(reason)); assoc reads the rest"
        case .mimeInfoCacheOnly(let directory):
            return
                "GIO reads what the entries in \(directory) declare only from its mimeinfo.cache, which is missing "
                + "or older than an entry; assoc reads their MimeType= lines"
        case .removalNotApplied(let id):
            return
                "GIO keeps \(id) although the same directory removes it: GLib takes the first list adding to a "
                + "type in a directory whole, without its removals"
        case .loadingRules(let id):
            return
                "GIO loads desktop entries by its own rules (a hidden entry may be a default, Exec is not required, "
                + "a file GLib cannot parse is skipped), which decide for \(id)"
        case .removalMasked(let id, let directory):
            return
                "GIO does not apply the removal of \(id) in \(directory): a more important directory has an entry "
                + "of that ID, which masks the removal too; assoc applies it"
        case .cacheNamesAbsentEntry(let id, let path):
            return
                "\(path) names \(id), which its directory does not have: GIO takes it all the same and loads it "
                + "from wherever it is installed; assoc takes an association only for an entry at the list's level or below"
        case .valueIgnored(let path, let line):
            return
                "GIO skips line \(line) of \(path): GLib cannot read its value (not UTF-8, or a bad escape)"
        case .lastLineOfKey(let path, let line):
            return
                "the key is written twice in \(path): GIO reads only its last line (\(line)); assoc merges the lines"
        case .mimeInfoCacheGroups(let path):
            return
                "GIO reads [Default Applications] and [Removed Associations] of \(path) too; the specification reads "
                + "a mimeinfo.cache only as an index of MimeType= lines"
        case .idSpacing(let id):
            return
                "GIO takes the IDs of a list as written, white space included, so a spaced '\(id)' names no entry "
                + "for GIO; assoc trims it"
        case .mergeOrder:
            return
                "GIO collects every directory's defaults before any association, without the specification's checks"
        case .xdgTypeAsGiven:
            return "xdg-mime uses the type as given: it resolves no alias and tries no parent type"
        case .xdgFirstID(let path):
            return
                "xdg-mime reads only the first ID of the first line for the type in \(path), and checks only that "
                + "its Exec program is installed"
        case .xdgLegacyFile(let path):
            return "xdg-mime took the first line naming the type in \(path), without checking the application"
        case .xdgEntryScan(let path):
            return
                "xdg-mime found no default and took \(path), the entry naming the type with the highest InitialPreference"
        case .xdgDefaultsOnly:
            return
                "xdg-mime reads [Default Applications] only, never the associations the specification falls back to"
        }
    }
}

extension Resolution {
    /// Whether a step passed over `id` for a reason starting with `prefix`.
    func rejected(_ id: String, because prefix: String) -> Bool {
        steps.contains {
            if case .rejected(id, let reason) = $0 { return reason.hasPrefix(prefix) }
            return false
        }
    }
}
