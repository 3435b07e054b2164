import Associations
import MIMEDatabase
import XDGSupport

/// `assoc set`, `unset`, `add`, `remove` and `reset`: lossless, atomic edits of the user's list.
enum EditCommands {
    /// What every editing command does to the list, told once in each of their pages.
    static let editingSection = ManSection(
        title: "EDITING",
        text: """
            Every edit changes only the lines it must: comments, blank lines, the order of groups and keys, \
            unknown groups and keys survive byte for byte, and a line it replaces keeps its line ending (CRLF \
            stays CRLF). Keys are written as canonical types, values as desktop file IDs each followed by ';'. \
            The new text goes to a temporary file in the same directory, is fsynced and renamed over the list; \
            the list's mode and user.* extended attributes are kept; a symbolic link is followed and its target \
            replaced, so the link stays a link. Concurrent assoc writers take an advisory lock on the directory \
            and re-read the list under it, so none loses another's change.

            What is refused: a list without write permission (a managed dotfile) is not touched: the change is \
            printed as a unified diff instead and the exit status is 2. A list that is, or links to, a FIFO, a \
            device or anything but a regular file, a list over 64 MiB, and a list or a link on the way to it \
            that belongs to another user (a link owned by root excepted) are refused with the reason. With HOME \
            unset, empty or relative and no absolute XDG_CONFIG_HOME, nothing is written. If SIGINT, SIGTERM or \
            SIGHUP ends assoc mid-write, the temporary file is removed. A new list gets the mode the umask \
            gives (0666 less the umask, as GLib creates one), a new directory 0700.
            """)

    static let dryRun = OptionDefinition.flag("--dry-run", "print the change as a unified diff and write nothing")
    static let force = OptionDefinition.flag(
        "--force",
        "write it even when the type is not in the database (and no installed entry declares it) or the "
            + "application cannot be used (Hidden, TryExec or program missing, not an application)")
    static let desktop = OptionDefinition.value(
        "--desktop", "NAME", completion: .desktopName,
        "edit NAME-mimeapps.list (lower-cased) instead, with [Default Applications] only, as the specification allows there")
    static let file = OptionDefinition.value(
        "--file", "PATH", completion: .file,
        "a per-file choice: remember APP for this one file (its user.assoc.open-with attribute, or "
            + "$XDG_STATE_HOME/assoc/open-with.list where attributes fail)")
    static let editStatus: [(Int, String)] = [
        (0, "done"), (2, "an error: a usage error, an unknown application, a list that cannot be written"),
    ]
    static let editSeeAlso = ["assoc-set(1)", "assoc-default(1)", "assoc-explain(1)"]

    static let set = Command(
        definition: CommandDefinition(
            name: "set", summary: "make APP the default (a type, image/*, .pdf, or --file PATH)",
            forms: ["[--desktop NAME] [--dry-run] [--all-types] TARGET APP", "[--dry-run] --app-types APP", "--file PATH APP"],
            description: """
                Makes APP the default for TARGET in $XDG_CONFIG_HOME/mimeapps.list: writes [Default \
                Applications] TYPE=APP;, appends APP to [Added Associations] (the specification requires a \
                default to be associated with its type) and takes it out of [Removed Associations]. Prints the \
                effective default before and after for each type.

                TARGET is a MIME type or alias, a wildcard such as image/* or \
                application/vnd.oasis.opendocument.*, or an extension such as .pdf. A wildcard or extension is \
                compiled into one entry per matching known type that APP declares (directly or through a \
                parent), so GIO, xdg-open and KDE honour it; wildcard keys are never written. The rule is kept in \
                $XDG_CONFIG_HOME/assoc/rules.list for assoc sync. APP is a desktop file ID, or a unique prefix or \
                name (evince); an unknown one is an error that names the closest installed IDs.

                With --file, APP is remembered for that one file only, in its user.assoc.open-with extended \
                attribute, or where the file system refuses attributes in $XDG_STATE_HOME/assoc/open-with.list \
                keyed by absolute path and checked against the inode. assoc default and assoc explain honour it \
                before any default.
                """,
            options: [
                desktop, dryRun,
                .flag("--all-types", "with a wildcard or extension, every matching type, not only those APP declares"),
                .value(
                    "--app-types", "APP", completion: .desktopID,
                    "make APP the default for every type its entry's MimeType= declares"),
                file, force,
            ],
            operands: [
                OperandDefinition(name: "TARGET", completion: .typePattern),
                OperandDefinition(name: "APP", completion: .desktopID),
            ],
            exitStatus: editStatus, manSections: [editingSection],
            examples: [
                Example(command: "assoc set application/pdf org.gnome.Evince.desktop", explanation: "the PDF default"),
                Example(
                    command: "assoc set 'image/*' org.gnome.eog", explanation: "every image type eog declares; kept as a rule"),
                Example(command: "assoc set .odt libreoffice-writer", explanation: "by extension"),
                Example(command: "assoc set --file scan.pdf gimp", explanation: "this one file only"),
                Example(command: "assoc set --dry-run text/plain vim", explanation: "show the diff, write nothing"),
            ],
            seeAlso: ["assoc-unset(1)", "assoc-add(1)", "assoc-sync(1)", "assoc-default(1)", "assoc-explain(1)"]),
        run: { try run(.set, $0, $1) })

    static let unset = Command(
        definition: CommandDefinition(
            name: "unset", summary: "remove a default (or --file PATH)",
            forms: ["[--desktop NAME] [--dry-run] TARGET", "--file PATH"],
            description: """
                Removes the [Default Applications] key of each type of TARGET from the user's list; associations \
                stay. With --file, forgets the per-file choice of PATH.
                """,
            options: [desktop, dryRun, file],
            operands: [OperandDefinition(name: "TARGET", completion: .typePattern)],
            exitStatus: editStatus, manSections: [editingSection], seeAlso: editSeeAlso),
        run: { try run(.unset, $0, $1) })

    static let add = Command(
        definition: CommandDefinition(
            name: "add", summary: "associate APP with TYPE", forms: ["[--dry-run] TYPE APP"],
            description: """
                Associates APP with TYPE: appends it to [Added Associations] of the user's list and takes it out \
                of [Removed Associations], so the two stay disjoint.
                """,
            options: [dryRun, force],
            operands: [
                OperandDefinition(name: "TYPE", completion: .mimeType), OperandDefinition(name: "APP", completion: .desktopID),
            ],
            exitStatus: editStatus, manSections: [editingSection], seeAlso: editSeeAlso),
        run: { try run(.add, $0, $1) })

    static let remove = Command(
        definition: CommandDefinition(
            name: "remove", summary: "take APP away from TYPE", forms: ["[--dry-run] TYPE APP"],
            description: """
                Takes APP away from TYPE: appends it to [Removed Associations] of the user's list and takes it out \
                of [Added Associations], so the two stay disjoint.
                """,
            options: [dryRun],
            operands: [
                OperandDefinition(name: "TYPE", completion: .mimeType), OperandDefinition(name: "APP", completion: .desktopID),
            ],
            exitStatus: editStatus, manSections: [editingSection], seeAlso: editSeeAlso),
        run: { try run(.remove, $0, $1) })

    static let reset = Command(
        definition: CommandDefinition(
            name: "reset", summary: "forget the user's settings for a type", forms: ["[--dry-run] TARGET"],
            description: """
                Removes each type of TARGET from all three groups of the user's list, as GIO's reset does, so the \
                system's defaults and associations apply again.
                """,
            options: [dryRun],
            operands: [OperandDefinition(name: "TARGET", completion: .typePattern)],
            exitStatus: editStatus, manSections: [editingSection], seeAlso: editSeeAlso),
        run: { try run(.reset, $0, $1) })

    enum Action: String { case set, unset, add, remove, reset }

    static func run(_ action: Action, _ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let name = action.rawValue
        if let path = arguments.value("--file") {
            guard !arguments.has("--dry-run") else {
                throw UsageError("'--dry-run' does not apply to a per-file choice, which is not a list", subcommand: name)
            }
            return try PerFileChoiceCommand.run(
                action == .set ? .set : .unset, path: path, operands: arguments.operands,
                context: context, subcommand: name)
        }
        if let desktop = arguments.value("--desktop") {
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
            app =
                needsApp
                ? try AppResolver.resolve(
                    arguments.operands[1], for: AssociationTarget.isRule(target) ? nil : target,
                    context: context, subcommand: name) : nil
            types = try TargetExpander.types(
                for: target, app: app, allTypes: arguments.has("--all-types"),
                force: arguments.has("--force"), context: context, subcommand: name)
        }
        if action == .set || action == .add, let app, !arguments.has("--force"),
            let status = context.resolver.applications.application(app)?.status, !status.isUsable
        {
            throw UsageError(
                "'\(app)' cannot be used: \(status.description); no tool would open anything with it "
                    + "(--force writes it anyway)", subcommand: name)
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
        let file =
            try context.environment.configHomeForWriting() + "/"
            + (desktop.map { "\($0)-mimeapps.list" } ?? "mimeapps.list")
        let before = DefaultsReport.answers(for: types, resolver: context.resolver)
        let status = try ListWriter.write(
            edits, to: file, dryRun: arguments.has("--dry-run"), refusingListsGIOIgnores: true, context: context)
        guard status == .success, !arguments.has("--dry-run") else { return status }
        let rules = RulesList(environment: context.environment)
        if AssociationTarget.isRule(target) && desktop == nil {
            if action == .set, let app {
                try rules.record(RulesList.Rule(target: target, app: app, allTypes: arguments.has("--all-types")))
            } else if action == .unset || action == .reset, try rules.forget(target) {
                context.output.untrustedLine("forgot the rule '\(target)' ('assoc sync' no longer applies it)")
            }
        }
        if action == .remove, let app {
            for type in types { context.output.untrustedLine("\(type): \(app) is no longer associated") }
            return .success
        }
        let after = DefaultsReport.answers(
            for: types,
            resolver: AssociationResolver(
                environment: context.environment,
                database: context.database))
        for line in DefaultsReport.lines(types: types, before: before, after: after) { context.output.untrustedLine(line) }
        return .success
    }
}

/// Each type's default before and after an edit, by the specification and as GIO sees it.
enum DefaultsReport {
    /// The answers for each type: the specification's, and GIO's.
    static func answers(for types: [String], resolver: AssociationResolver) -> [(spec: String?, gio: String?)] {
        types.map { (resolver.resolve($0).defaultApplication, resolver.resolve($0, mode: .gio).defaultApplication) }
    }

    /// `TYPE: OLD → NEW`, and `TYPE (as GIO sees it): OLD → NEW` where GIO's answers differ.
    static func lines(types: [String], before: [(spec: String?, gio: String?)], after: [(spec: String?, gio: String?)])
        -> [String]
    {
        zip(types, zip(before, after)).flatMap { type, answers -> [String] in
            let (old, new) = answers
            var lines = ["\(type): \(old.spec ?? "(none)") → \(new.spec ?? "(none)")"]
            if old.gio != old.spec || new.gio != new.spec {
                lines.append("\(type) (as GIO sees it): \(old.gio ?? "(none)") → \(new.gio ?? "(none)")")
            }
            return lines
        }
    }
}

/// Writes edits to a list atomically, or shows them.
enum ListWriter {
    static func write(
        _ edits: [MimeAppsEdit], to file: String, dryRun: Bool, refusingListsGIOIgnores: Bool = false,
        context: CommandContext
    ) throws -> ExitStatus {
        let editor = MimeAppsEditor(database: context.database)
        let target = AtomicFile.resolvedTarget(file)
        if dryRun {
            let old = (try? FileBytes.read(target)).map { String(decoding: $0, as: UTF8.self) }
            context.output.line(UnifiedDiff.make(old: old, new: editor.apply(edits, to: old), path: file), terminator: "")
            return .success
        }
        do {
            let written = try AtomicFile.update(file) { old in
                // GIO would ignore the change with the rest of such a list.
                if refusingListsGIOIgnores, let old, let refusal = GIOListView.refusal(of: Array(old.utf8)) { throw refusal }
                let new = editor.apply(edits, to: old)
                // Nothing to change, or nothing to remove from a list that does not exist.
                return new == old || (old == nil && new.isEmpty) ? nil : new
            }
            guard let written else {
                context.output.untrustedLine("\(file): nothing to change")
                return .success
            }
            context.output.untrustedLine("\(file):")
            for line in UnifiedDiff.changedLines(old: written.old, new: written.new) {
                context.output.untrustedLine("  " + line)
            }
            return .success
        } catch let refusal as GLibKeyFileError {
            context.output.error(
                "\(file):\(refusal.line): GIO ignores this whole list (\(refusal)); correct that line first; nothing was written")
            return .failure
        } catch let failure as AtomicFile.Failure {
            context.output.error(failure.description + "; the change was not written:")
            let old = (try? FileBytes.read(target)).map { String(decoding: $0, as: UTF8.self) }
            context.output.line(UnifiedDiff.make(old: old, new: editor.apply(edits, to: old), path: file), terminator: "")
            return .failure
        }
    }
}
