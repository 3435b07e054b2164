import Associations
import MIMEDatabase
import XDGSupport

/// `assoc set`, `unset`, `add`, `remove` and `reset`: lossless, atomic edits of the user's list.
enum EditCommands {
    static let set = Command(name: "set", help: """
        Usage: assoc set [--desktop NAME] [--dry-run] [--all-types] TARGET APP
               assoc set [--dry-run] --app-types APP
               assoc set --file PATH APP

        Makes APP the default for TARGET in $XDG_CONFIG_HOME/mimeapps.list: writes
        [Default Applications] TARGET=APP;, adds APP to [Added Associations] (so the default is
        associated with its type, as the specification requires) and takes it out of
        [Removed Associations]. Only those lines change; comments, order and unknown groups stay.

        TARGET is a MIME type or alias, a wildcard such as image/* or
        application/vnd.oasis.opendocument.*, or an extension such as .pdf. A wildcard or an
        extension is written as one entry per matching known type that APP declares (every
        matching type with --all-types), so GIO, xdg-open and KDE honour it, and the rule is
        kept in $XDG_CONFIG_HOME/assoc/rules.list for 'assoc sync'. APP is a desktop file ID,
        or a unique prefix or name of one ('evince').

        Options:
          --desktop NAME      write NAME-mimeapps.list instead ([Default Applications] only)
          --dry-run           print the change as a unified diff and write nothing
          --all-types         with a wildcard or extension, every matching type, not only APP's
          --app-types APP     make APP the default for every type its entry declares
          --file PATH         remember APP for this one file (its user.assoc.open-with attribute,
                              or $XDG_STATE_HOME/assoc/open-with.list where attributes fail)
          -h, --help          show this help

        Prints the effective default before and after for each type. Exit status: 0 done,
        2 on an error (an unknown APP, a read-only list: the diff is printed instead).
        """, run: { try run(.set, $0, $1) })

    static let unset = Command(name: "unset", help: """
        Usage: assoc unset [--desktop NAME] [--dry-run] TARGET
               assoc unset --file PATH

        Removes the [Default Applications] key of each type of TARGET from the user's list (or
        forgets the per-file choice of PATH). Associations stay.

        Options: --desktop NAME, --dry-run, --file PATH, -h/--help (as for 'assoc set').
        """, run: { try run(.unset, $0, $1) })

    static let add = Command(name: "add", help: """
        Usage: assoc add [--dry-run] TYPE APP

        Associates APP with TYPE: appends it to [Added Associations] and takes it out of
        [Removed Associations] of the user's list, keeping the two disjoint.

        Options: --dry-run, -h/--help.
        """, run: { try run(.add, $0, $1) })

    static let remove = Command(name: "remove", help: """
        Usage: assoc remove [--dry-run] TYPE APP

        Takes APP away from TYPE: appends it to [Removed Associations] and takes it out of
        [Added Associations] of the user's list, keeping the two disjoint.

        Options: --dry-run, -h/--help.
        """, run: { try run(.remove, $0, $1) })

    static let reset = Command(name: "reset", help: """
        Usage: assoc reset [--dry-run] TARGET

        Removes each type of TARGET from all three groups of the user's list, as GIO's reset
        does: the system's defaults and associations apply again.

        Options: --dry-run, -h/--help.
        """, run: { try run(.reset, $0, $1) })

    enum Action: String { case set, unset, add, remove, reset }

    static let specs = [
        OptionSpec(long: "--desktop", takesValue: true), OptionSpec(long: "--dry-run"), OptionSpec(long: "--all-types"),
        OptionSpec(long: "--file", takesValue: true), OptionSpec(long: "--app-types", takesValue: true),
    ]

    static func run(_ action: Action, _ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let name = action.rawValue
        let arguments = try ParsedArguments(words, specs: specs, subcommand: name)
        if let path = arguments.value("--file") {
            guard action == .set || action == .unset else {
                throw UsageError("'--file' goes with set and unset only", subcommand: name)
            }
            guard !arguments.has("--dry-run") else {
                throw UsageError("'--dry-run' does not apply to a per-file choice, which is not a list", subcommand: name)
            }
            return try PerFileChoiceCommand.run(action == .set ? .set : .unset, path: path, operands: arguments.operands,
                                                context: context, subcommand: name)
        }
        if let desktop = arguments.value("--desktop") {
            guard action == .set || action == .unset else {
                throw UsageError("'--desktop' goes with set and unset only: a desktop-specific list may hold "
                    + "[Default Applications] only", subcommand: name)
            }
            guard ListLocation.isValidDesktopName(desktop) else {
                throw UsageError("'\(desktop)' is not a desktop name (letters, digits, '-' and '_')", subcommand: name)
            }
        }
        let needsApp = action == .set || action == .add || action == .remove
        let target: String
        let app: String?
        let types: [String]
        if action == .set, let argument = arguments.value("--app-types") {
            guard arguments.operands.isEmpty else { throw UsageError("expected --app-types APP alone", subcommand: name) }
            let id = try AppResolver.resolve(argument, context: context, subcommand: name)
            let declared = context.resolver.applications.application(id)?.entry?.mimeTypes ?? []
            var seen = Set<String>()
            (target, app, types) = (id, id, declared.map(context.database.canonicalName).filter { seen.insert($0).inserted })
            guard !types.isEmpty else { throw UsageError("'\(id)' declares no MIME types", subcommand: name) }
        } else {
            guard arguments.operands.count == (needsApp ? 2 : 1) else {
                throw UsageError("expected \(needsApp ? "TARGET APP" : "TARGET")", subcommand: name)
            }
            target = arguments.operands[0]
            app = needsApp ? try AppResolver.resolve(arguments.operands[1], context: context, subcommand: name) : nil
            types = try TargetExpander.types(for: target, app: app, allTypes: arguments.has("--all-types"),
                                             context: context, subcommand: name)
        }
        var edits: [MimeAppsEdit] = []
        let desktop = arguments.value("--desktop")?.lowercased()
        for type in types {
            switch action {
            case .set: edits.append(desktop == nil ? .setDefault(type: type, app: app!) : .setDefaultOnly(type: type, app: app!))
            case .unset: edits.append(.unsetDefault(type: type))
            case .add: edits.append(.add(type: type, app: app!))
            case .remove: edits.append(.remove(type: type, app: app!))
            case .reset: edits.append(.reset(type: type))
            }
        }
        let file = try context.environment.configHomeForWriting() + "/"
            + (desktop.map { "\($0)-mimeapps.list" } ?? "mimeapps.list")
        if let refusal = GIOListView.refusal(ofListAt: AtomicFile.resolvedTarget(file)) {
            context.output.error("\(file):\(refusal.line): GIO ignores this whole list (\(refusal)); correct that line first; nothing was written")
            return .failure
        }
        let before = types.map { context.resolver.resolve($0).defaultApplication }
        let status = try ListWriter.write(edits, to: file, dryRun: arguments.has("--dry-run"), context: context)
        guard status == .success, !arguments.has("--dry-run") else { return status }
        if action == .set, desktop == nil, TargetExpander.isRule(target), let app {
            try RulesFile.record(target: target, app: app, allTypes: arguments.has("--all-types"), context: context)
        }
        let after = AssociationResolver(environment: context.environment, database: context.database)
        for (type, old) in zip(types, before) {
            let new = after.resolve(type).defaultApplication
            context.output.untrustedLine("\(type): \(old ?? "(none)") → \(new ?? "(none)")")
        }
        return .success
    }
}

/// Writes edits to a list atomically, or shows them.
enum ListWriter {
    static func write(_ edits: [MimeAppsEdit], to file: String, dryRun: Bool, context: CommandContext) throws -> ExitStatus {
        let editor = MimeAppsEditor(database: context.database)
        let target = AtomicFile.resolvedTarget(file)
        if dryRun {
            let old = (try? FileBytes.read(target)).map { String(decoding: $0, as: UTF8.self) }
            context.output.line(UnifiedDiff.make(old: old, new: editor.apply(edits, to: old), path: file), terminator: "")
            return .success
        }
        do {
            try AtomicFile.update(file) { old in
                let new = editor.apply(edits, to: old)
                // Nothing to change, or nothing to remove from a list that does not exist.
                return new == old || (old == nil && new.isEmpty) ? nil : new
            }
            return .success
        } catch let failure as AtomicFile.Failure {
            context.output.error(failure.description + "; the change was not written:")
            let old = (try? FileBytes.read(target)).map { String(decoding: $0, as: UTF8.self) }
            context.output.line(UnifiedDiff.make(old: old, new: editor.apply(edits, to: old), path: file), terminator: "")
            return .failure
        }
    }
}
