/// The groups of a `mimeapps.list` file, spelled as the specification spells them, and the two
/// groups of assoc's `roles.list`, which take the values of `[Default Applications]`.
public enum AssociationGroup: String, CaseIterable, Sendable {
    /// `[Default Applications]`.
    case defaultApplications = "Default Applications"
    /// `[Added Associations]`.
    case addedAssociations = "Added Associations"
    /// `[Removed Associations]`.
    case removedAssociations = "Removed Associations"
    /// `[MIME Cache]`, the one group of `mimeinfo.cache`.
    case mimeCache = "MIME Cache"
    /// `[Edit Applications]` of assoc's `roles.list`: the edit role's defaults.
    case editApplications = "Edit Applications"
    /// `[Markup Applications]` of assoc's `roles.list`: the markup role's defaults.
    case markupApplications = "Markup Applications"
}
