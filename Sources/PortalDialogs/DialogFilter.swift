/// One of the file chooser's filters, as the portal's `filters` option gives it: `(label, [(kind, pattern)])`.
public struct DialogFilter: Sendable, Equatable {
    /// One pattern of a filter.
    public enum Pattern: Sendable, Equatable {
        /// Portal kind 0: a shell glob, matched case-sensitively on the file's name.
        case glob(String)
        /// Portal kind 1: a MIME type, matched by conformance through the type hierarchy.
        case mimeType(String)

        /// The portal's number for the kind: 0 for a glob, 1 for a MIME type.
        public var kind: Int {
            switch self {
            case .glob: return 0
            case .mimeType: return 1
            }
        }

        /// The glob or the MIME type.
        public var pattern: String {
            switch self {
            case .glob(let text), .mimeType(let text): return text
            }
        }

        /// The pattern of portal kind `kind` (0 or 1), or nil for another kind.
        public init?(kind: Int, pattern: String) {
            switch kind {
            case 0: self = .glob(pattern)
            case 1: self = .mimeType(pattern)
            default: return nil
            }
        }
    }

    /// The label shown for the filter.
    public var name: String
    /// The patterns; a file passes when it matches any of them.
    public var patterns: [Pattern]

    /// A filter.
    public init(name: String, patterns: [Pattern]) {
        self.name = name
        self.patterns = patterns
    }
}
