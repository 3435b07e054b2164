import DocumentProvider
import MIMEDatabase
import XDGSupport

/// `assoc list [--type T]... [--all] [-r] [--json] [--sort name|date|size] [--hidden] [DIR...]`.
enum ListCommand {
    static let command = Command(name: "list", help: help, run: run)

    static let help = """
        Usage: assoc list [--type T]... [--all] [-r] [--json] [--sort name|date|size] [--hidden] [DIR...]

        Lists the documents in each DIR (default '.') that an application taking the types T
        can open, with their size, modification time and whether they are local or on a
        network or FUSE file system; directories are listed too, for navigation. A T is a MIME
        type or alias (application/pdf), a wildcard (image/*), an extension (.pdf) or a UTI
        (com.adobe.pdf, public.image, public.plain-text, public.data). A document conforms when
        its type, as 'assoc type' tells it, is T or below T in the type hierarchy; with no
        --type every document conforms.

        Options:
          --type T            take documents conforming to T; repeat for more types
          -a, --all           list the documents that do not conform too, marked unavailable
          -r, --recursive     list subdirectories too, without following linked directories
          --sort KEY          name (default), date (newest first) or size (largest first)
          --hidden            list entries whose names start with '.'
          --json              one JSON object per line: path, type, directory, size, modified
                              (ISO 8601, UTC), location (local or remote), available, reason,
                              origin (user.xdg.origin.url), thumbnail (a valid freedesktop one)
          -h, --help          show this help

        Exit status: 0 when every DIR was listed (even when nothing conforms), 2 when one could
        not be read (the others are still listed) or on a usage error.
        """

    static let specs = [
        OptionSpec(long: "--type", takesValue: true), OptionSpec(long: "--all", short: "-a"),
        OptionSpec(long: "--recursive", short: "-r"), OptionSpec(long: "--json"),
        OptionSpec(long: "--sort", takesValue: true), OptionSpec(long: "--hidden"),
    ]

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: specs, subcommand: "list")
        let sortName = arguments.value("--sort") ?? "name"
        guard let sort = DocumentSort(rawValue: sortName) else {
            throw UsageError("'--sort' takes name, date or size, not '\(sortName)'", subcommand: "list")
        }
        let filter = try typeFilter(arguments.all("--type"), context: context, subcommand: "list")
        let options = DocumentLister.Options(recursive: arguments.has("--recursive"), includeHidden: arguments.has("--hidden"),
                                             includeUnavailable: arguments.has("--all"), sort: sort)
        let lister = DocumentLister(detector: context.detector, filter: filter,
                                    thumbnails: ThumbnailLocator(environment: context.environment),
                                    workingDirectory: WorkingDirectory.current(), options: options)
        let listing = lister.list(arguments.operands.isEmpty ? ["."] : arguments.operands)
        let printer = DocumentPrinter(output: context.output)
        if arguments.has("--json") {
            for document in listing.documents { context.output.line(printer.json(document).rendered) }
        } else {
            printer.table(listing.documents)
        }
        for problem in listing.problems { context.output.error(problem.description) }
        return listing.problems.isEmpty ? .success : .failure
    }

    /// The filter of the `--type` values, with a warning for each type the database does not know.
    static func typeFilter(_ patterns: [String], context: CommandContext, subcommand: String) throws -> TypeFilter {
        let filter: TypeFilter
        do { filter = try TypeFilter(patterns, database: context.database) } catch {
            throw UsageError(error.description, subcommand: subcommand)
        }
        for unknown in filter.unknownTypes {
            context.output.warning("'\(unknown)' is not in the shared-mime-info database; no document is typed so")
        }
        return filter
    }
}
