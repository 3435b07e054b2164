/// Why the specification's answer and GIO's differ for one type (DESIGN.md decision 2).
public enum ResolutionDifference: Sendable, Equatable {
    /// Both give the same default.
    case none
    /// The spec passed over GIO's choice because it is not associated with the type (SPECS 53, 56).
    case associationCheck(id: String)
    /// The spec reached its choice through the implicit `text/plain` parent, which GIO does not walk
    /// (SPECS 29, 50, 54).
    case parentRule(id: String)
    /// The spec folds the case of type names; GIO sees two types (SPECS 8).
    case caseFolding(spec: String, gio: String)
    /// Anything else: GIO merges every default before any association and has no further checks.
    case mergeOrder

    /// Compares two resolutions of one type.
    public init(spec: Resolution, gio: Resolution) {
        guard spec.defaultApplication != gio.defaultApplication else {
            self = .none
            return
        }
        if spec.type != gio.type {
            self = .caseFolding(spec: spec.type, gio: gio.type)
        } else if let id = gio.defaultApplication, spec.steps.contains(where: {
            if case .rejected(id, let reason) = $0 { return reason.hasPrefix("not associated") }
            return false
        }) {
            self = .associationCheck(id: id)
        } else if let id = spec.defaultApplication, spec.steps.contains(where: {
            if case .parentStep(_, "text/plain") = $0 { return true }
            return false
        }), !gio.recommended.contains(id) {
            self = .parentRule(id: id)
        } else {
            self = .mergeOrder
        }
    }

    /// The reason in a sentence, naming the rule.
    public var text: String {
        switch self {
        case .none: return "GIO agrees"
        case .associationCheck:
            return "GIO does not check that a default is associated with its type; the specification does (SPECS rules 53, 56)"
        case .parentRule:
            return "the specification makes every text/* type a kind of text/plain; GIO walks explicit parents only (SPECS rules 29, 50, 54)"
        case let .caseFolding(spec, gio):
            return "MIME types are case-insensitive, so assoc reads '\(gio)' as '\(spec)'; GIO compares names as spelled and treats them as two types (SPECS rule 8)"
        case .mergeOrder:
            return "GIO merges every directory's defaults before any association, without the specification's checks (SPECS rule 56)"
        }
    }
}
