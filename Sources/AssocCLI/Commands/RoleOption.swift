import Associations

/// `--role ROLE`, shared by the commands that read or write a role's default (DESIGN.md decision 19).
enum RoleOption {
    /// The option for commands that answer for any role.
    static let any = OptionDefinition.value(
        "--role", "ROLE", choices: Role.allCases.map(\.rawValue),
        "view (the default of mimeapps.list, as without --role), edit or markup: the defaults of "
            + "$XDG_CONFIG_HOME/assoc/roles.list, resolved as docs/roles.md says")

    /// The option for the commands that write a default.
    static let writing = OptionDefinition.value(
        "--role", "ROLE", choices: Role.allCases.map(\.rawValue),
        "edit or markup: write [Edit Applications] or [Markup Applications] of $XDG_CONFIG_HOME/assoc/roles.list "
            + "instead of mimeapps.list, which GIO, xdg-open and the portal read (view, the default, writes mimeapps.list)")

    /// The role the arguments name; view without `--role` (the parser has checked the value).
    static func role(_ arguments: ParsedArguments) -> Role {
        arguments.value("--role").flatMap(Role.init(rawValue:)) ?? .view
    }
}
