/// A group of a profile that holds entries, and what applying it means: the one table that the
/// reader, the applier and the man page consult, so a new group is one more row.
///
/// `[Profile]` holds the profile's own keys (`Name=`, `Version=`, `Include=`) and is not a row.
public struct ProfileGroup: Sendable, Hashable {
    /// When an entry of the group is applied.
    public enum Policy: String, Sendable, Hashable {
        /// Every time the profile is applied: the machine is made to match.
        case always = "enforce"
        /// Once per `Version=` of the profile: a choice the person makes afterwards stays theirs
        /// until the version rises, as Windows' `Suggested="true"` associations.
        case oncePerVersion = "suggest"
    }

    /// The group's name as written between brackets.
    public var name: String
    /// When its entries are applied.
    public var policy: Policy
    /// Which default its entries set: `view` is `mimeapps.list`'s, `edit` and `markup` are the
    /// role defaults of assoc's `roles.list` (DESIGN.md decision 19).
    public var role: Role
    /// What the group means, for the documentation.
    public var summary: String

    /// A group.
    public init(name: String, policy: Policy, role: Role = .view, summary: String) {
        self.name = name
        self.policy = policy
        self.role = role
        self.summary = summary
    }

    /// `[Enforce]`: applied every time.
    public static let enforce = ProfileGroup(
        name: "Enforce", policy: .always,
        summary: "applied every time the profile is applied: a later change by the person is undone")
    /// `[Suggest]`: applied once per profile version.
    public static let suggest = ProfileGroup(
        name: "Suggest", policy: .oncePerVersion,
        summary: "applied once per Version= of the profile: a later change by the person stays theirs until "
            + "the profile's Version= rises")

    /// `[Edit]`: the edit role's defaults, applied every time.
    public static let edit = ProfileGroup(
        name: "Edit", policy: .always, role: .edit,
        summary: "the defaults of the edit role (assoc set --role edit, assoc open --edit), applied every time "
            + "the profile is applied, as [Enforce] entries are; written to [Edit Applications] of assoc/roles.list "
            + "at the level applied (the user's $XDG_CONFIG_HOME, or with --system the first directory of "
            + "$XDG_CONFIG_DIRS), which GIO and xdg-open do not read, and verified with assoc's role resolution")
    /// `[Markup]`: the markup role's defaults, applied every time.
    public static let markup = ProfileGroup(
        name: "Markup", policy: .always, role: .markup,
        summary: "the defaults of the markup role (assoc set --role markup, assoc open --markup), applied every "
            + "time, as [Edit] entries are, to [Markup Applications] of the same roles.list")

    /// Every group that holds entries, in the order the documentation lists them.
    public static let all: [ProfileGroup] = [enforce, suggest, edit, markup]

    /// The group whose entries set `role`'s defaults every time: what `profile export` writes.
    public static func enforcing(_ role: Role) -> ProfileGroup {
        all.first { $0.role == role && $0.policy == .always } ?? enforce
    }

    /// The group called `name`, if profiles have one.
    public static func named(_ name: String) -> ProfileGroup? { all.first { $0.name == name } }

    /// The name of the group of the profile's own keys.
    public static let headerName = "Profile"
}
