/// What a person wants to do with a document (DESIGN.md decision 19): view it with the default of
/// `mimeapps.list`, which GIO, xdg-open and the portal read, or edit it, or mark it up, with
/// defaults that live in assoc's own `roles.list`.
public enum Role: String, Sendable, Equatable, CaseIterable {
    /// Open it: the `[Default Applications]` of `mimeapps.list`, unchanged.
    case view
    /// Change it: `[Edit Applications]` of `roles.list`.
    case edit
    /// Annotate it (draw, highlight, sign): `[Markup Applications]` of `roles.list`.
    case markup

    /// The group of `roles.list` that holds the role's defaults; nil for `view`, whose defaults
    /// are `mimeapps.list`'s.
    public var group: AssociationGroup? {
        switch self {
        case .view: return nil
        case .edit: return .editApplications
        case .markup: return .markupApplications
        }
    }

    /// The words a screen or a message uses: "open", "edit", "mark up".
    public var verb: String {
        switch self {
        case .view: return "open"
        case .edit: return "edit"
        case .markup: return "mark up"
        }
    }
}
