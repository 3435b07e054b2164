import Associations

/// `assoc default [--json] [--as spec|gio] TYPE|PATH|URL`.
enum DefaultCommand {
    static let command = Command(name: "default", help: help, run: run)

    static let help = """
        Usage: assoc default [--json] [--as spec|gio] TYPE|PATH|URL

        Prints the desktop file ID of the default application for a MIME type, a file (typed
        first, as 'assoc type' does) or a URL (its scheme, as x-scheme-handler/SCHEME).

        Every mimeapps.list is read in the order of the mime-apps specification: the
        desktop-specific lists of $XDG_CURRENT_DESKTOP and mimeapps.list in $XDG_CONFIG_HOME,
        $XDG_CONFIG_DIRS, $XDG_DATA_HOME/applications and $XDG_DATA_DIRS/applications.

        Options:
          --as spec           follow the specification (the default): a default must be installed
                              and associated with the type; parent types are tried in turn
          --as gio            answer exactly as GIO (gio open, xdg-open on GNOME) would
          --json              one JSON object: type, default (null when none)
          -h, --help          show this help

        Exit status: 0 when there is a default, 1 when there is none, 2 on an error.
        See 'assoc explain' for why.
        """

    static let specs = [OptionSpec(long: "--json"), OptionSpec(long: "--as", takesValue: true)]

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: specs, subcommand: "default")
        guard arguments.operands.count == 1 else {
            throw UsageError("expected one TYPE, PATH or URL", subcommand: "default")
        }
        let mode = try resolutionMode(arguments, subcommand: "default")
        let target = try ResolvedTarget.resolve(arguments.operands[0], context: context)
        var resolution = context.resolver.resolve(target.type, mode: mode)
        if let path = target.path, let choice = PerFileChoiceCommand.usableChoice(path, type: target.type, context: context) {
            resolution.defaultApplication = choice
        }
        if arguments.has("--json") {
            context.output.line(JSONValue.object([
                ("type", .string(resolution.type)), ("default", .optional(resolution.defaultApplication)),
            ]).rendered)
        } else if let id = resolution.defaultApplication {
            context.output.untrustedLine(id)
        }
        if resolution.defaultApplication == nil {
            if !arguments.has("--json") { context.output.error("no default application for '\(resolution.type)'") }
            return .notFound
        }
        return .success
    }

    /// `--as spec|gio`, default spec.
    static func resolutionMode(_ arguments: ParsedArguments, subcommand: String) throws -> ResolutionMode {
        guard let value = arguments.value("--as") else { return .spec }
        guard let mode = ResolutionMode(rawValue: value) else {
            throw UsageError("'--as' takes spec or gio, not '\(value)'", subcommand: subcommand)
        }
        return mode
    }
}
