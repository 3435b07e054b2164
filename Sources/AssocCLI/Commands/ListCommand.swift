import DocumentProvider
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc list [--type T]... [--all] [-r] [--json] [--sort name|date|size] [--hidden] [DIR...]`.
enum ListCommand {
    static let definition = CommandDefinition(
        name: "list", summary: "list the documents an application can take, local or remote",
        forms: ["[--type T]... [-a] [-r] [--json] [--sort KEY] [--hidden] [DIR...]"],
        description: """
            Lists the entries of each DIR (default '.') the way a document picker shows them: the documents \
            an application taking the types T can open, each with its size, its modification time and \
            whether it is local or remote, and the directories, for navigation. A DIR that is a file lists \
            that file.

            A T is a MIME type or an alias of one (application/pdf), a media wildcard (image/*), an \
            extension with its dot (.pdf, standing for every type whose glob names it) or an Apple Uniform \
            Type Identifier (com.adobe.pdf, public.image, public.plain-text, public.data). A document \
            conforms when its type, as assoc-type(1) tells it, is T or below T in the type hierarchy, through \
            aliases and parents: a text/x-python file conforms to text/plain, and public.image takes every \
            type under image/. With no --type every document conforms.

            A document is remote when its file system is a network or FUSE one by its statfs(2) type: NFS, \
            SMB, CIFS, AFS, Coda, NCP, 9P, Ceph, Lustre, GPFS, OrangeFS, GFS2, OCFS2, VirtualBox and VMware \
            shared folders, and FUSE (sshfs, GVfs, rclone and other user-space file systems); everything else \
            is local.

            Entries whose names start with '.' are skipped, and linked directories are listed but not \
            descended into. Devices, pipes, sockets and broken links are never available. Without --json, a \
            table with a header: the size in binary units (1.5 KiB), the time in the local time zone, the \
            location, the type and the path, directories ending in '/'.
            """,
        options: [
            .value(
                "--type", "T", completion: .typePattern, repeatable: true,
                "take documents conforming to T; repeat for more types"),
            .flag("--all", short: "-a", "list the documents that do not conform too, marked unavailable with the reason"),
            .flag("--recursive", short: "-r", "list the entries of subdirectories too"),
            .value(
                "--sort", "KEY", choices: DocumentSort.allCases.map(\.rawValue),
                "name (the default, by the bytes of the path), date (newest first) or size (largest first, "
                    + "directories last)"),
            .flag("--hidden", "list entries whose names start with '.'"),
            .flag(
                "--json",
                "one JSON object per line: path, type, directory, size (bytes; null for a directory), "
                    + "modified (ISO 8601 in UTC), location (local or remote), available, reason (null when available), "
                    + "origin (user.xdg.origin.url, or null), thumbnail (the path of a valid thumbnail, or null)"),
        ],
        operands: [OperandDefinition(name: "DIR...", completion: .directory)],
        exitStatus: [
            (0, "every DIR was listed, even when nothing conforms"),
            (2, "a DIR could not be read (an error names it, and the others are still listed), or a usage error"),
        ],
        manSections: [
            JSONNames.section(fields: "path (or thumbnail)"),
            ManSection(
                title: "THUMBNAILS",
                text: """
                    A thumbnail is looked for as the Thumbnail Managing Standard says: in \
                    $XDG_CACHE_HOME/thumbnails/{normal,large,x-large,xx-large}/ named by the MD5 of the file's \
                    file:// URI (minimally percent-encoded, as GLib writes it), then in a shared .sh_thumbnails \
                    directory beside the file. It counts only when it is a well-formed PNG whose Thumb::URI is the \
                    file's URI, whose Thumb::MTime is the file's modification time, and whose Thumb::Size, when \
                    present, is its size. A thumbnail that is not a regular file (a FIFO, a device) is never read.
                    """),
        ],
        examples: [
            Example(
                command: "assoc list --type application/pdf --type public.image ~/Documents",
                explanation: "what a PDF and image viewer's picker offers"),
            Example(
                command: "assoc list -r --all --type .odt --sort date",
                explanation: "everything, newest first, "
                    + "the non-ODT documents marked unavailable"),
            Example(command: "assoc list --json --type public.plain-text /mnt/share", explanation: "text documents on a share"),
        ],
        seeAlso: ["assoc-type(1)", "assoc-import(1)", "assoc-export(1)", "assoc-move(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let sort = arguments.value("--sort").flatMap(DocumentSort.init(rawValue:)) ?? .name
        let filter = try typeFilter(arguments.all("--type"), context: context, subcommand: "list")
        let options = DocumentLister.Options(
            recursive: arguments.has("--recursive"), includeHidden: arguments.has("--hidden"),
            includeUnavailable: arguments.has("--all"), sort: sort)
        let lister = DocumentLister(
            detector: context.detector, filter: filter,
            thumbnails: ThumbnailLocator(environment: context.environment),
            workingDirectory: context.process.workingDirectory, options: options)
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
