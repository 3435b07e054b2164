import Associations

/// A role's answer for a type on the settings screen: the application, its name, and whether a
/// default names it or it was inferred or fallen back to (`docs/roles.md`).
public struct SettingsRoleAnswer: Sendable, Equatable {
    /// How the answer was reached.
    public enum Basis: Sendable, Equatable {
        /// A line of the role's group in a `roles.list` names it.
        case explicit
        /// The inference from the entries' categories and keywords proposed it.
        case inferred
        /// Nothing named or proposed one: the answer is another role's default (markup falls
        /// back to the edit default, every role to the view default).
        case fallback
    }

    /// The desktop file ID; nil when the role has no application.
    public var application: String?
    /// Its name (its desktop entry's `Name`), shown in the column.
    public var name: String?
    /// How the answer was reached.
    public var basis: Basis
    /// Why, in words, for the detail line: the file and line, or the category.
    public var reason: String

    /// An answer.
    public init(application: String?, name: String? = nil, basis: Basis, reason: String) {
        self.application = application
        self.name = name
        self.basis = basis
        self.reason = reason
    }

    /// The mark written before the name: none for an explicit answer, `~` for an inferred one,
    /// `=` for one fallen back to another default (explained on the title line and with `?`).
    public var mark: String {
        switch basis {
        case .explicit: return ""
        case .inferred: return "~"
        case .fallback: return "="
        }
    }
}

/// One type in the settings screen: its group, comment, current default and where that comes
/// from, its edit and markup answers, and its pin.
public struct SettingsType: Sendable, Equatable {
    /// The MIME type.
    public var type: String
    /// The group it is shown in (`images`, `links and schemes`).
    public var group: String
    /// Its comment.
    public var comment: String
    /// Its extensions (`.pdf`), searched too.
    public var extensions: [String]
    /// The current default's desktop file ID, if any.
    public var defaultApplication: String?
    /// The current default's name (its desktop entry's `Name`), shown in the list; the desktop
    /// file ID is on the detail line.
    public var defaultApplicationName: String?
    /// Where the default comes from (`FILE:LINE`).
    public var origin: String
    /// The answers of the edit and markup roles (the view role's is the default above).
    public var roles: [Role: SettingsRoleAnswer]
    /// The application the type is pinned to (`assoc pin`), nil when it is not pinned.
    public var pinnedTo: String?

    /// Creates a row.
    public init(
        type: String, group: String, comment: String, extensions: [String], defaultApplication: String?,
        defaultApplicationName: String? = nil, origin: String, roles: [Role: SettingsRoleAnswer] = [:],
        pinnedTo: String? = nil
    ) {
        self.defaultApplicationName = defaultApplicationName
        self.type = type
        self.group = group
        self.comment = comment
        self.extensions = extensions
        self.defaultApplication = defaultApplication
        self.origin = origin
        self.roles = roles
        self.pinnedTo = pinnedTo
    }

    /// The answer shown in `role`'s column: for view the default (never marked), else the role's.
    public func answer(_ role: Role) -> SettingsRoleAnswer {
        guard role == .view else {
            return roles[role]
                ?? SettingsRoleAnswer(application: nil, basis: .fallback, reason: "no \(role.rawValue) application")
        }
        return SettingsRoleAnswer(
            application: defaultApplication, name: defaultApplicationName, basis: .explicit,
            reason: origin.isEmpty ? "no default" : "default from " + origin)
    }
}
