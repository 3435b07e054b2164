import Associations

/// What an action of the settings screen did: the rows as they now are (any of them; a role
/// default set for a type changes its subtypes' answers too) and the status line's message.
public struct SettingsChange: Sendable, Equatable {
    /// The rows to show from now on, replacing those of the same type.
    public var rows: [SettingsType]
    /// What changed, in words.
    public var message: String

    /// A change.
    public init(rows: [SettingsType], message: String) {
        self.rows = rows
        self.message = message
    }
}

/// What the settings screen asks of the world: the chooser's applications for a type, and the
/// edits, each made by the same library call as the command line's (`assoc set [--role]`,
/// `assoc pin`, `assoc unpin`, `assoc undo`), so the model stays pure.
public struct SettingsSource {
    /// The chooser's rows for a type: offered first for each role, then every installed application.
    public var applications: (_ type: String) -> (offers: [Role: [ChooserApplication]], everything: [ChooserApplication])
    /// Makes an application the default of a role for a type, as `assoc set --role ROLE` does.
    public var setDefault: (_ type: String, _ role: Role, _ app: String) -> Result<SettingsChange, SettingsProblem>
    /// Makes an application the default of a role for every type it declares, as
    /// `assoc set --role ROLE --app-types` does.
    public var setForAllTypes: (_ app: String, _ role: Role) -> Result<SettingsChange, SettingsProblem>
    /// Pins a type to its current default, as `assoc pin TYPE` does.
    public var pin: (_ type: String) -> Result<SettingsChange, SettingsProblem>
    /// Unpins a type, as `assoc unpin TYPE` does.
    public var unpin: (_ type: String) -> Result<SettingsChange, SettingsProblem>
    /// Undoes the last recorded change of a type's default, as `assoc undo ID` does.
    public var undo: (_ type: String) -> Result<SettingsChange, SettingsProblem>

    /// Creates a source; an action not given is refused with a message.
    public init(
        applications: @escaping (String) -> (offers: [Role: [ChooserApplication]], everything: [ChooserApplication]),
        setDefault: @escaping (String, Role, String) -> Result<SettingsChange, SettingsProblem>,
        setForAllTypes: @escaping (String, Role) -> Result<SettingsChange, SettingsProblem>,
        pin: @escaping (String) -> Result<SettingsChange, SettingsProblem> = { _ in .failure(Self.unsupported) },
        unpin: @escaping (String) -> Result<SettingsChange, SettingsProblem> = { _ in .failure(Self.unsupported) },
        undo: @escaping (String) -> Result<SettingsChange, SettingsProblem> = { _ in .failure(Self.unsupported) }
    ) {
        self.applications = applications
        self.setDefault = setDefault
        self.setForAllTypes = setForAllTypes
        self.pin = pin
        self.unpin = unpin
        self.undo = undo
    }

    /// The refusal of an action a source does not offer.
    public static let unsupported = SettingsProblem("not offered here")
}
