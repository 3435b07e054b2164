/// Where the default of a resolution comes from: the list file and line that name it, or, for an
/// application that is the default because it is the most preferred one associated with the
/// type, the line that associates it or the desktop entry that declares it.
public struct DefaultOrigin: Sendable, Equatable {
    /// The file: a `mimeapps.list`, a `defaults.list`, a `mimeinfo.cache` or a desktop entry.
    public var path: String
    /// The line in it; nil for a desktop entry's `MimeType=`.
    public var line: Int?

    /// Creates an origin.
    public init(path: String, line: Int?) {
        self.path = path
        self.line = line
    }
}

extension Resolution {
    /// Where `defaultApplication` comes from, read off the steps of a spec-mode resolution; nil
    /// when there is no default.
    public var defaultOrigin: DefaultOrigin? {
        guard let chosen = defaultApplication else { return nil }
        var entry: DefaultOrigin?
        var association: String?
        for step in steps {
            switch step {
            case .defaultEntry(_, let ids, let path, let line) where ids.contains(chosen):
                entry = DefaultOrigin(path: path, line: line)
            case .associated(let id, _, let source) where id == chosen && association == nil:
                association = source
            case .chose(let id, let reason) where id == chosen:
                if reason.hasPrefix("[Default Applications]"), let entry { return entry }
                return association.map(Self.origin(ofAssociation:))
            default:
                continue
            }
        }
        return nil
    }

    /// `[Added Associations] in PATH:LINE`, `… in PATH` or `MimeType= of PATH, …` as an origin.
    private static func origin(ofAssociation source: String) -> DefaultOrigin {
        for marker in [" in ", " of "] {
            guard let range = source.firstRange(of: marker) else { continue }
            var rest = String(source[range.upperBound...])
            if let comma = rest.firstRange(of: ", ") { rest = String(rest[..<comma.lowerBound]) }
            if let colon = rest.lastIndex(of: ":"), let line = Int(rest[rest.index(after: colon)...]) {
                return DefaultOrigin(path: String(rest[..<colon]), line: line)
            }
            return DefaultOrigin(path: rest, line: nil)
        }
        return DefaultOrigin(path: source, line: nil)
    }
}
