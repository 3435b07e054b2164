import MIMEDatabase
import XDGSupport

/// `assoc types update|install|uninstall|define|undefine|list`: the shared-mime-info database's
/// packages, installed, defined and compiled as `update-mime-database` and `xdg-mime install` do.
/// The work is `DatabaseUpdate`'s and `PackageInstaller`'s; this reads the arguments and renders.
enum TypesCommand {
    static let newer = OptionDefinition.flag(
        "--newer", "update: do nothing when no package is newer than the compiled database (update-mime-database -n)")
    static let user = OptionDefinition.flag(
        "--user", "install, uninstall: the user's $XDG_DATA_HOME/mime (the default); list: the user's packages only")
    static let system = OptionDefinition.flag("--system", "install, uninstall: the system's /usr/local/share/mime")
    static let prefix = OptionDefinition.value(
        "--prefix", "DIR", completion: .directory, "install, uninstall: the data directory DIR's DIR/mime instead")
    static let novendor = OptionDefinition.flag(
        "--novendor", "install: accept a package whose file name has no vendor prefix (vendor-NAME.xml)")
    static let force = OptionDefinition.flag(
        "--force", "install: accept a package whose glob-deleteall or magic-deleteall takes away other packages' rules")
    static let glob = OptionDefinition.value(
        "--glob", "PATTERN", repeatable: true, "define: a file name pattern of the type, such as '*.foo' (repeatable)")
    static let comment = OptionDefinition.value("--comment", "TEXT", "define: the type's description")
    static let subClassOf = OptionDefinition.value(
        "--sub-class-of", "TYPE", completion: .mimeType, repeatable: true, "define: a parent type (repeatable)")
    static let alias = OptionDefinition.value(
        "--alias", "TYPE", repeatable: true, "define: another name of the type (repeatable)")
    static let icon = OptionDefinition.value("--icon", "NAME", "define: the name of the type's icon")
    static let magic = OptionDefinition.value(
        "--magic", "OFFSET:TYPE:VALUE", repeatable: true,
        "define: content that identifies the type, such as 0:string:FOO1 (TYPE: string, byte, big16, big32, "
            + "little16, little32, host16 or host32; OFFSET may be a range START:END; repeatable, any one matching)")
    static let rootXML = OptionDefinition.value(
        "--root-xml", "NS LOCAL", repeatable: true, arity: 2,
        "define: an XML document whose root element is LOCAL in the namespace NS is of the type (repeatable)")

    /// The actions, the first operand, with the options each accepts.
    static let actionOptions: [(action: String, options: [OptionDefinition])] = [
        ("update", [newer]), ("install", [user, system, prefix, novendor, force]), ("uninstall", [user, system, prefix]),
        ("define", [glob, comment, subClassOf, alias, icon, magic, rootXML]), ("undefine", []), ("list", [user]),
    ]

    /// The actions' names.
    static let actions = actionOptions.map(\.action)

    static let definition = CommandDefinition(
        name: "types", summary: "compile, install and define MIME types (the shared-mime-info database)",
        forms: [
            "update [--newer] [DIR]", "install [--user | --system | --prefix DIR] [--novendor] [--force] PACKAGE.xml...",
            "uninstall [--user | --system | --prefix DIR] PACKAGE.xml...",
            "define TYPE --glob PATTERN... [--comment TEXT] [--sub-class-of TYPE]... [--alias TYPE]... [--icon NAME] "
                + "[--magic OFFSET:TYPE:VALUE]... [--root-xml NS LOCAL]",
            "undefine TYPE", "list [--user]",
        ],
        description: """
            update compiles DIR/packages/*.xml (DIR is $XDG_DATA_HOME/mime when not given) into every file \
            update-mime-database 2.2 writes, with the same bytes: mime.cache, globs, globs2, magic, aliases, \
            subclasses, types, icons, generic-icons, XMLnamespaces, treemagic, version and one MEDIA/SUBTYPE.xml \
            per type. Packages are merged in the order of their names, Override.xml last: a type defined in \
            several packages gets all their globs and magic, glob-deleteall and magic-deleteall drop what earlier \
            packages gave it, and a later comment replaces the earlier one of the same language.

            Each file is written to a temporary beside it and renamed into place, mime.cache after every other \
            file and version last, so a program reading the directory never sees a half-written or mixed \
            database. Files are synced to disk first unless PKGSYSTEM_ENABLE_FSYNC is 0. A package that is not \
            well-formed is reported with its file and line and left out; an invalid element is reported and the \
            rest of its type skipped; everything else is still compiled.

            install copies each PACKAGE.xml into the packages/ of the user's $XDG_DATA_HOME/mime (--user, the \
            default), of /usr/local/share/mime (--system) or of DIR/mime (--prefix DIR), then compiles that \
            directory as update does; uninstall removes the packages of those names from it and compiles it. \
            This is what xdg-mime install and uninstall do. A package's file name must start with a vendor \
            prefix, letters and a dash (acme-shiny.xml), unless --novendor.

            Before anything is written, each package is checked: it must be well-formed XML whose root is \
            <mime-info> in the shared-mime-info namespace, every type, alias and parent it names must be a name \
            RFC 6838 allows, and the directory must still compile with it without a problem in it. It is then \
            compiled in a scratch copy of the directory, and what changes for the programs that read the data \
            directories is said: the types it adds, the existing types whose globs, magic, XML roots, parents \
            or aliases change, and names that now type differently (each glob of those types is tried before \
            and after, example.txt for *.txt). A glob-deleteall or magic-deleteall on a type that another \
            package of the data directories defines is refused unless --force, with the names that would \
            change type: a package must not silently re-type every .txt file. Each package is written to a \
            temporary beside its place and renamed there, so a reader never sees half a package.

            define writes one package for TYPE in $XDG_DATA_HOME/mime/packages, assoc-MEDIA@SUBTYPE.xml \
            (lower-cased), with the globs, comment, parents, aliases, icon, magic and XML roots given, checks \
            and compiles it as install does, and says what changes; defining TYPE again replaces its package. \
            undefine TYPE removes that package (or GIO's user-extension-EXT.xml for application/x-extension-EXT) \
            and compiles. list prints each type the packages define and the package that holds it: those of \
            $XDG_DATA_HOME/mime with --user, else those of every data directory.
            """,
        options: [newer, user, system, prefix, novendor, force, glob, comment, subClassOf, alias, icon, magic, rootXML],
        operands: [
            OperandDefinition(name: "ACTION", completion: .typesAction),
            OperandDefinition(name: "DIR|PACKAGE.xml|TYPE...", completion: .file),
        ],
        exitStatus: [
            (0, "done: the database was compiled, or was up to date (--newer)"),
            (
                2,
                "a usage error, a package refused (and then nothing was written), a broken package, or a file that "
                    + "could not be read or written"
            ),
        ],
        files: [
            ("DIR/packages/*.xml", "the sources"),
            ("DIR/mime.cache, DIR/globs2, DIR/MEDIA/SUBTYPE.xml…", "what is written"),
            ("$XDG_DATA_HOME/mime/packages/assoc-MEDIA@SUBTYPE.xml", "a type defined by assoc types define"),
            ("$XDG_DATA_HOME/mime/packages/user-extension-EXT.xml", "a type for an extension, defined by assoc set .EXT or GIO"),
        ],
        examples: [
            Example(command: "assoc types update", explanation: "compile $XDG_DATA_HOME/mime after adding a package"),
            Example(command: "assoc types update --newer /usr/share/mime", explanation: "recompile only when a package changed"),
            Example(command: "assoc types install acme-shiny.xml", explanation: "install a vendor's package for this user"),
            Example(
                command: "assoc types uninstall --system acme-shiny.xml", explanation: "remove it from /usr/local/share/mime"),
            Example(
                command: "assoc types define text/x-notes --glob '*.notes' --sub-class-of text/plain --comment 'Notes'",
                explanation: "a type of your own"),
            Example(command: "assoc types list --user", explanation: "the types you defined, and their packages"),
        ],
        seeAlso: ["update-mime-database(1)", "xdg-mime(1)", "assoc-type(1)", "assoc-mime(1)", "assoc-set(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard let action = arguments.operands.first else {
            throw UsageError("expected an action: \(ParsedArguments.list(actions))", subcommand: "types")
        }
        guard let allowed = actionOptions.first(where: { $0.action == action })?.options else {
            throw UsageError(
                "unknown action '\(action)'; the action is \(ParsedArguments.list(actions))"
                    + Suggestions.didYouMean(action, in: actions), subcommand: "types")
        }
        for option in definition.options where !allowed.contains(option) && isGiven(option, arguments) {
            let users = actionOptions.filter { $0.options.contains(option) }.map(\.action)
            throw UsageError(
                "'\(option.long)' applies to \(ParsedArguments.list(users)), not to \(action)", subcommand: "types")
        }
        let operands = Array(arguments.operands.dropFirst())
        switch action {
        case "update": return try update(operands, arguments, context)
        case "install", "uninstall": return try TypesPackageCommands.installOrRemove(action, operands, arguments, context)
        case "define": return try TypesPackageCommands.define(operands, arguments, context)
        case "undefine": return try TypesPackageCommands.undefine(operands, context)
        default: return try TypesPackageCommands.list(operands, arguments, context)
        }
    }

    /// Whether `option` was given.
    private static func isGiven(_ option: OptionDefinition, _ arguments: ParsedArguments) -> Bool {
        option.takesValue ? !arguments.all(option).isEmpty : arguments.has(option)
    }

    /// `types update [--newer] [DIR]`.
    private static func update(_ operands: [String], _ arguments: ParsedArguments, _ context: CommandContext) throws
        -> ExitStatus
    {
        guard operands.count <= 1 else { throw UsageError("expected at most one DIR", subcommand: "types") }
        let directory = operands.first ?? context.environment.dataHome + "/mime"
        var options = DatabaseUpdate.Options(
            onlyIfNewer: arguments.has(newer),
            synchronize: DatabaseUpdate.Options.synchronizes(environment: context.environment.variables))
        options.leavesModelToExit = context.keepsStateUntilExit
        let report: DatabaseUpdate.Report
        do {
            report = try DatabaseUpdate.run(directory: directory, options: options)
        } catch {
            context.output.error("types update: \(error.description)")
            return .failure
        }
        if report.skipped {
            context.output.untrustedLine("\(directory): up to date")
            return .success
        }
        return render(report, directory: directory, context: context)
    }

    /// Prints a compilation's problems as warnings and its summary line; failure when it had problems.
    static func render(_ report: DatabaseUpdate.Report, directory: String, context: CommandContext) -> ExitStatus {
        for problem in report.problems { context.output.warning(problem.description) }
        let packages = report.packages.count
        context.output.untrustedLine(
            "\(directory): \(report.typeCount) type\(report.typeCount == 1 ? "" : "s") from \(packages) "
                + "package\(packages == 1 ? "" : "s")"
                + (report.rejectedPackages.isEmpty ? "" : ", \(report.rejectedPackages.count) left out"))
        return report.problems.isEmpty ? .success : .failure
    }
}
