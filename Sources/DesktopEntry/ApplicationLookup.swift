import XDGSupport

/// Finding an installed application by what a person types: its desktop file ID, the ID without
/// `.desktop`, or a unique prefix, reverse-DNS last part or name (`evince`, `Evince`).
public enum ApplicationLookup: Sendable, Equatable {
    /// The ID as given, or with `.desktop` added.
    case exact(String)
    /// The one application the text is a prefix, last part or name of.
    case unique(String)
    /// Several applications match; their IDs.
    case ambiguous([String])
    /// None matches; the nearest IDs by edit distance.
    case notFound(nearest: [String])

    /// Looks `text` up among the applications (not links or directories) of `index`.
    public init(_ text: String, in index: ApplicationIndex, locale: LocalePreferences) {
        let installed = index.applicationEntries()
        let ids = installed.map(\.id)
        if ids.contains(text) {
            self = .exact(text)
            return
        }
        if !text.hasSuffix(".desktop"), ids.contains(text + ".desktop") {
            self = .exact(text + ".desktop")
            return
        }
        let lowered = text.lowercased()
        let matches = installed.filter { application in
            let id = application.id.lowercased()
            let name = application.entry?.name.value(for: locale).lowercased() ?? ""
            return id.hasPrefix(lowered) || id.hasSuffix("." + lowered + ".desktop") || name == lowered
        }.map(\.id)
        switch matches.count {
        case 1: self = .unique(matches[0])
        case 0:
            let stems = ids.map { $0.hasSuffix(".desktop") ? String($0.dropLast(8)) : $0 }
            let near = EditDistance.nearest(
                to: lowered.hasSuffix(".desktop") ? String(lowered.dropLast(8)) : lowered,
                in: stems, limit: 5)
            self = .notFound(nearest: near.compactMap { stem in ids.first { $0 == stem + ".desktop" || $0 == stem } })
        default: self = .ambiguous(matches)
        }
    }

    /// The ID found, when exactly one was.
    public var id: String? {
        switch self {
        case .exact(let id), .unique(let id): return id
        case .ambiguous, .notFound: return nil
        }
    }
}
