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
    static let allTypes = OptionDefinition.flag(
        "--all-types", "with a wildcard or extension, every matching type, not only those APP declares")
    static let appTypes = OptionDefinition.value(
        "--app-types", "APP", completion: .desktopID, "make APP the default for every type its entry's MimeType= declares")
    static let editStatus: [(Int, String)] = [
        (0, "done"), (2, "an error: a usage error, an unknown application, a list that cannot be written"),
    ]
    static let editSeeAlso = ["assoc-set(1)", "assoc-default(1)", "assoc-explain(1)"]

    static let set = Command(
        definition: CommandDefinition(
            name: "set", summary: "make APP the default (a type, image/*, .pdf, or --file PATH)",
            forms: [
                "[--role ROLE] [--desktop NAME] [--dry-run] [--all-types] TARGET APP",
                "[--role ROLE] [--dry-run] --app-types APP",
                "[--role ROLE] --file PATH APP",
            ],
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

                An extension that no type claims (.foo) gets the type GIO gives it in that case: \
                application/x-extension-foo, with the glob *.foo, written to \
                $XDG_DATA_HOME/mime/packages/user-extension-foo.xml with GIO's text and compiled (as assoc types \
                update does) before APP is made its default; the output says the type was created. assoc types \
                undefine application/x-extension-foo removes it.

                With --file, APP is remembered for that one file only, in its user.assoc.open-with extended \
                attribute, or where the file system refuses attributes in $XDG_STATE_HOME/assoc/open-with.list \
                keyed by absolute path and checked against the inode. assoc default and assoc explain honour it \
                before any default.

                With --role edit or --role markup, APP becomes the default of that role instead: TARGET=APP; \
                in [Edit Applications] or [Markup Applications] of $XDG_CONFIG_HOME/assoc/roles.list (with \
                --desktop, NAME-roles.list), written by the same lossless, atomic editor; mimeapps.list is not \
                touched, so what GIO, xdg-open and the portal open stays as it was. A wildcard or extension is \
                compiled as above but not kept as a rule. With --file, the choice is the file's \
                user.assoc.edit-with or user.assoc.markup-with attribute. assoc open --edit and --markup use \
                them; docs/roles.md says how a role is resolved when it has no default.
                """,
            options: [
                RoleOption.writing, desktop, dryRun,
                allTypes, appTypes, file, force,
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
                Example(
                    command: "assoc set --role markup application/pdf xournalpp",
                    explanation: "mark PDFs up in Xournal++; they still open in the viewer"),
            ],
            seeAlso: ["assoc-unset(1)", "assoc-add(1)", "assoc-sync(1)", "assoc-default(1)", "assoc-explain(1)"]),
        run: { try run(.set, $0, $1) })

    static let unset = Command(
        definition: CommandDefinition(
            name: "unset", summary: "remove a default (or --file PATH)",
            forms: ["[--role ROLE] [--desktop NAME] [--dry-run] TARGET", "[--role ROLE] --file PATH"],
            description: """
                Removes the [Default Applications] key of each type of TARGET from the user's list; associations \
                stay. The type need not be in the database, so a default written with set --force can be taken \
                back. With --file, forgets the per-file choice of PATH. With --role edit or markup, removes the \
                key from that role's group of $XDG_CONFIG_HOME/assoc/roles.list instead.
                """,
            options: [RoleOption.writing, desktop, dryRun, file],
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
                of [Added Associations], so the two stay disjoint. The type need not be in the database.
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
                system's defaults and associations apply again. The type need not be in the database.
                """,
            options: [dryRun],
            operands: [OperandDefinition(name: "TARGET", completion: .typePattern)],
            exitStatus: editStatus, manSections: [editingSection], seeAlso: editSeeAlso),
        run: { try run(.reset, $0, $1) })

    /// Reads the arguments of an editing command into a request for `DefaultsEditor`, makes it,
    /// and renders the report.
    static func run(_ action: EditRequest.Action, _ arguments: ParsedArguments, _ context: CommandContext) throws
        -> ExitStatus
    {
        let name = action.rawValue
        // Only set and unset take --role: the roles have defaults, not associations.
        let role = action == .set || action == .unset ? RoleOption.role(arguments) : .view
        if let path = arguments.value(file) {
            guard !arguments.has(dryRun) else {
                throw UsageError("'--dry-run' does not apply to a per-file choice, which is not a list", subcommand: name)
            }
            return try PerFileChoiceCommand.run(
                action == .set ? .set : .unset, path: path, operands: arguments.operands,
                context: context, subcommand: name, role: role)
        }
        var request = EditRequest(
            action, .target(""), desktop: arguments.value(desktop), allTypes: arguments.has(allTypes),
            force: arguments.has(force), dryRun: arguments.has(dryRun), role: role)
        if action == .set, let argument = arguments.value(appTypes) {
            guard arguments.operands.isEmpty else { throw UsageError("expected --app-types APP alone", subcommand: name) }
            request.subject = .typesOfApplication
            request.application = try AppResolver.resolve(argument, context: context, subcommand: name)
        } else {
            guard arguments.operands.count == (action.needsApplication ? 2 : 1) else {
                throw UsageError("expected \(action.needsApplication ? "TARGET APP" : "TARGET")", subcommand: name)
            }
            let target = arguments.operands[0]
            request.subject = .target(target)
            if action.needsApplication {
                request.application = try AppResolver.resolve(
                    arguments.operands[1], for: AssociationTarget.isRule(target) ? nil : target, context: context,
                    subcommand: name)
            }
        }
        return try EditRendering.apply(request, context: context, subcommand: name)
    }
}
