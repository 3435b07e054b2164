/// The groups of a `mimeapps.list` file, spelled as the specification spells them.
public enum AssociationGroup: String, CaseIterable, Sendable {
    /// `[Default Applications]`.
    case defaultApplications = "Default Applications"
    /// `[Added Associations]`.
    case addedAssociations = "Added Associations"
    /// `[Removed Associations]`.
    case removedAssociations = "Removed Associations"
    /// `[MIME Cache]`, the one group of `mimeinfo.cache`.
    case mimeCache = "MIME Cache"
}
