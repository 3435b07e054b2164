/// What a change to the defaults asks for: the one description that `set`, `unset`, `add`,
/// `remove`, `reset`, the chooser's and the settings screen's "Always use", and the portal hand
/// to `DefaultsEditor`.
public struct EditRequest: Sendable, Equatable {
    /// What to do to each type the subject names.
    public enum Action: String, Sendable, Equatable {
        /// Make the application the default (and associate it).
        case set
        /// Remove the default; associations stay.
        case unset
        /// Associate the application with the type.
        case add
        /// Take the application away from the type.
        case remove
        /// Forget every setting of the type, as GIO's reset does.
        case reset

        /// Whether the action needs an application.
        public var needsApplication: Bool { self == .set || self == .add || self == .remove }

        /// Whether the action only takes something away: such an edit never needs the type to be
        /// known, so a default written with `--force` can always be taken back.
        public var takesAway: Bool { self == .unset || self == .remove || self == .reset }
    }

    /// Which list the request writes: the level of the precedence order it changes.
    public enum Level: String, Sendable, Equatable {
        /// The user's list in `$XDG_CONFIG_HOME`, which wins over every other.
        case user
        /// The list in the first directory of `$XDG_CONFIG_DIRS` (`/etc/xdg` by default): the
        /// level every user without a choice of their own falls back to.
        case system
    }

    /// Which types the request is about.
    public enum Subject: Sendable, Equatable {
        /// A TARGET as `assoc set` reads it: a type, a wildcard, an extension or a URL scheme.
        case target(String)
        /// Every type the application's entry declares in `MimeType=`.
        case typesOfApplication
        /// Several TARGETs in one write, each read as `target` reads it but never remembered as a
        /// rule: the types `xdg-mime default` and `xdg-settings set` name together.
        case targets([String])
    }

    /// What to do.
    public var action: Action
    /// Which types.
    public var subject: Subject
    /// The installed desktop file ID, for the actions that need one.
    public var application: String?
    /// Edit `NAME-mimeapps.list` (a desktop name, lower-cased when written) instead of `mimeapps.list`.
    public var desktop: String?
    /// With a wildcard or extension: every matching type, not only those the application declares.
    public var allTypes: Bool
    /// Write even for a type the database does not know or an application that cannot be used.
    public var force: Bool
    /// Compute the change and its diff; write nothing.
    public var dryRun: Bool
    /// Which list to write.
    public var level: Level
    /// The command that asked, as the history words it (`assoc set .pdf evince.desktop`,
    /// `xdg-mime default …`); nil: `commandText` words the request itself.
    public var command: String?
    /// Which default: `view` is `mimeapps.list`'s, `edit` and `markup` are in assoc's
    /// `roles.list` (DESIGN.md decision 19), where only `set` and `unset` apply.
    public var role: Role

    /// A request; the flags default to off.
    public init(
        _ action: Action, _ subject: Subject, application: String? = nil, desktop: String? = nil, allTypes: Bool = false,
        force: Bool = false, dryRun: Bool = false, level: Level = .user, command: String? = nil, role: Role = .view
    ) {
        self.role = role
        self.action = action
        self.subject = subject
        self.application = application
        self.desktop = desktop
        self.allTypes = allTypes
        self.force = force
        self.dryRun = dryRun
        self.level = level
        self.command = command
    }

    /// The command for the history: `command`, else `assoc ACTION TARGET [APP]`.
    public var commandText: String {
        if let command { return command }
        var words = ["assoc", action.rawValue]
        if let desktop { words += ["--desktop", desktop] }
        if subject == .typesOfApplication { words.append("--app-types") } else { words.append(targetText) }
        if let application { words.append(application) }
        return words.joined(separator: " ")
    }

    /// The TARGET as given, or the application for `typesOfApplication`.
    public var targetText: String {
        switch subject {
        case .target(let text): return text
        case .typesOfApplication: return application ?? ""
        case .targets(let texts): return texts.joined(separator: " ")
        }
    }
}
