import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc type [-b] [--json] [--name-only | --content-only] [--no-xattr] [-r] [--files-from LIST [-0]] PATH...`.
enum TypeCommand {
    static let definition = CommandDefinition(
        name: "type", summary: "tell the MIME type of files, by attribute, kind, name and content",
        forms: [
            "[-b] [--json] [--name-only | --content-only] [--no-xattr] [-r] [-j N] PATH...",
            "[OPTION]... --files-from LIST [-0]",
        ],
        description: """
            Prints 'PATH: TYPE' for each PATH, like 'file --mime-type'. The type is found in the \
            order of the shared-mime-info specification:

            - the user.mime_type extended attribute, when it names a known type;
            - the file's kind by stat: inode/directory, inode/mount-point, inode/symlink for a broken link,
              inode/fifo, inode/socket, inode/chardevice, inode/blockdevice;
            - the globs of the file's name: the literal patterns when one matches, else the suffixes (*.ext),
              else the other patterns; of those, the highest weight and, among those, the longest (README.doc
              is a Word document, *.doc over README*; x.tar.gz takes *.tar.gz over *.gz); a lighter glob of
              the same pattern stays a candidate that content may choose; matching ignores case unless the
              glob is case-sensitive (main.C is C++);
            - when no glob or several types match, the content's magic, read only as far as the rules need
              and never past the first 64 KiB (a rule that looks further is matched against those;
              assoc-check(1) names its file and type, and so does a warning here when the rules come from
              the XML packages); a glob candidate that is, or inherits, the magic type wins, else the
              heaviest glob;
            - an XML document named as XML is refined by the namespace and name of its root element;
            - last, text/plain when the first bytes look like text, else application/octet-stream.

            An empty file takes its glob's type when exactly one type matches its name, else \
            application/x-zerosize; it is never sniffed. A file whose content looks like a desktop entry \
            but whose name does not say so is typed text/plain, never as a launcher (when globs conflict, \
            its content counts as text). A PATH of '-' reads \
            standard input and types its content. Names with control characters are printed escaped on a \
            terminal.

            Many paths (-r, --files-from, or many operands) are typed on every processor at once, each file \
            read once and only as far as its magic needs; the lines still come out in the order of the \
            input, and are the same whatever the number of threads.
            """,
        options: [
            .flag("--brief", short: "-b", "print only the type"),
            .flag(
                "--json",
                "one JSON object per line: path, type, source (xattr, stat, glob, magic, xml-root, "
                    + "text-test or fallback) and uncertain"),
            .flag("--name-only", "use the name only; the path need not exist (a name ending in / is a directory)"),
            .flag("--content-only", "use the content only, not the name"),
            .flag("--no-xattr", "ignore the user.mime_type attribute"),
            .flag(
                "--recursive", short: "-r",
                "type the files below each directory, in name order, without following "
                    + "linked directories"),
            .value(
                "--files-from", "LIST", completion: .file, repeatable: true,
                "also type the paths listed in the file "
                    + "LIST, one per line ('-' reads standard input); operands come first, then each list in order"),
            .flag("--null", short: "-0", "the paths of LIST are separated by NUL bytes, as 'find -print0' writes them"),
            .value(
                "--jobs", short: "-j", "N",
                "type on N threads (default: one per processor); the output is in input "
                    + "order whatever N is"),
        ],
        operands: [OperandDefinition(name: "PATH...", completion: .file)],
        exitStatus: [
            (0, "every PATH was typed"),
            (2, "a PATH could not be read (an error names it and the others are still typed), or a usage error"),
        ],
        manSections: [JSONNames.section(fields: "path")],
        examples: [
            Example(command: "assoc type ~/Downloads/*", explanation: "the type of each download"),
            Example(command: "assoc type -b --name-only report.odt", explanation: "the type its name gives"),
            Example(command: "curl -s https://example.org/x | assoc type -", explanation: "the type of what a pipe carries"),
            Example(command: "assoc type --json -r ~/Documents", explanation: "every document, with how it was typed"),
            Example(
                command: "find /usr/share -type f -print0 | assoc type -0 --files-from -",
                explanation: "many files at once, on every processor, in input order"),
        ],
        seeAlso: ["assoc-explain(1)", "file(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        let listFiles = arguments.all("--files-from")
        guard !arguments.operands.isEmpty || !listFiles.isEmpty else {
            throw UsageError("expected at least one PATH, or --files-from LIST", subcommand: "type")
        }
        if arguments.has("--name-only") && arguments.has("--content-only") {
            throw UsageError("'--name-only' and '--content-only' cannot be used together", subcommand: "type")
        }
        if arguments.has("--null") && listFiles.isEmpty {
            throw UsageError("'-0' describes the list of '--files-from'; give one", subcommand: "type")
        }
        var workers: Int?
        if let jobs = arguments.value("--jobs") {
            guard let count = Int(jobs), count > 0 else {
                throw UsageError("'--jobs' takes a positive number, not '\(jobs)'", subcommand: "type")
            }
            workers = count
        }
        let options = DetectionOptions(
            useName: !arguments.has("--content-only"),
            useContent: !arguments.has("--name-only"),
            useAttribute: !arguments.has("--no-xattr"), recordsTrace: false)
        var jobs: [Job] = []
        var paths = PathList()
        for path in arguments.operands {
            if path != "-" && arguments.has("--recursive") && options.useContent && FileBytes.isDirectory(path) {
                walk(path, into: &jobs, paths: &paths)
            } else if path == "-" {
                jobs.append(.standardInput)
            } else {
                jobs.append(.path(paths.count))
                paths.append(path)
            }
        }
        for list in listFiles {
            let listed = try readList(list, separator: arguments.has("--null") ? 0 : UInt8(ascii: "\n"))
            jobs += (paths.count..<paths.count + listed.count).map(Job.path)
            if paths.count == 0 { paths = listed } else { paths.append(contentsOf: listed) }
        }
        let printer = TypePrinter(output: context.output, brief: arguments.has("--brief"), json: arguments.has("--json"))
        // Many paths pay for indexing the globs once; a few are faster read in place.
        let pathCount = paths.count
        // A few paths are answered before a whole validation of the cache would be done; many
        // paths decode every list anyway, and the validation costs nothing next to them.
        context.cacheChecking = pathCount > 64 ? .whole : .perRead
        let detector = pathCount > 64 ? TypeDetector(database: context.database, globs: .indexed) : context.detector
        // One path is typed on this thread: the processors need not be counted.
        let bulk = BulkDetector(detector: detector, options: options, workers: workers ?? (pathCount > 1 ? nil : 1))
        return perform(jobs, paths: paths, bulk: bulk, printer: printer, context: context)
    }

    /// One thing to print a line for, in the order of the command line.
    private enum Job {
        /// The path of that index in the list of paths.
        case path(Int)
        case standardInput
        case unreadable(String)
    }

    /// Types the paths of `jobs` in parallel and prints every job's line in order.
    private static func perform(
        _ jobs: [Job], paths: PathList, bulk: BulkDetector, printer: TypePrinter,
        context: CommandContext
    ) -> ExitStatus {
        var jobOfPath: [Int] = []
        jobOfPath.reserveCapacity(paths.count)
        for (index, job) in jobs.enumerated() {
            if case .path = job { jobOfPath.append(index) }
        }
        // One value holds what the lines need between calls, so that the closure captures one
        // variable, not several checked for exclusive access on every line.
        var lines = JobLines(jobs: jobs, bulk: bulk, printer: printer, context: context)
        bulk.detect(paths) { index, result in lines.print(result, ofPathAt: index, in: paths, job: jobOfPath[index]) }
        lines.finish(upTo: jobs.count)
        return lines.status
    }

    /// The lines of the jobs, printed in order: each path's as its answer comes, and the other
    /// jobs' (standard input, unreadable directories) when their turn comes.
    private struct JobLines {
        let jobs: [Job]
        let bulk: BulkDetector
        let printer: TypePrinter
        let context: CommandContext
        var status = ExitStatus.success
        /// The first job whose line is not printed yet.
        var next = 0

        /// Prints the lines of the jobs before `end` that are not paths' (those come as answers).
        mutating func finish(upTo end: Int) {
            while next < end {
                switch jobs[next] {
                case .standardInput:
                    let detector = bulk.detector
                    let data =
                        (try? FileBytes.readAll(0, sizeHint: detector.maxExtent, limit: max(detector.maxExtent, 4096))) ?? []
                    printer.print(path: "-", detector.detect(data: data))
                case .unreadable(let message):
                    context.output.error(message)
                    status = status.combined(with: .failure)
                case .path: break
                }
                next += 1
            }
        }

        /// Prints the answer for path `index` of `paths`, job `job`, after the jobs before it.
        mutating func print(_ result: Result<Detection, DetectionError>, ofPathAt index: Int, in paths: PathList, job: Int) {
            finish(upTo: job)
            switch result {
            case .success(let detection): printer.print(pathAt: index, of: paths, detection)
            case .failure(let error):
                context.output.error(error.description)
                status = status.combined(with: .failure)
            }
            next = job + 1
        }
    }

    /// Every entry below `directory`, in name order, without following linked directories.
    private static func walk(_ directory: String, into jobs: inout [Job], paths: inout PathList) {
        let names: [String]
        do { names = try FileBytes.directoryEntries(directory) } catch {
            jobs.append(.unreadable("cannot read '\(directory)': \(error.reason)"))
            return
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names {
            let path = prefix + name
            var info = stat()
            if lstat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                walk(path, into: &jobs, paths: &paths)
            } else {
                jobs.append(.path(paths.count))
                paths.append(path)
            }
        }
    }

    /// The paths of a `--files-from` list (`-` is standard input): one per line, or NUL-separated.
    private static func readList(_ list: String, separator: UInt8) throws(UsageError) -> PathList {
        let bytes: [UInt8]
        do {
            bytes = list == "-" ? try FileBytes.readAll(0, sizeHint: 1 << 16, limit: Int.max) : try FileBytes.readInput(list)
        } catch {
            throw UsageError("cannot read the list '\(list)': \(error.reason)", subcommand: "type")
        }
        return PathList(splitting: bytes, separator: separator)
    }
}

/// Prints detections in the three forms of `assoc type`.
struct TypePrinter {
    let output: OutputSink
    let brief: Bool
    let json: Bool

    func print(path: String, _ detection: Detection) {
        if json {
            output.line(
                JSONValue.object(
                    JSONValue.path("path", path) + [
                        ("type", .string(detection.type)),
                        ("source", .string(detection.source.rawValue)), ("uncertain", .bool(detection.uncertain)),
                    ]
                ).rendered)
        } else if brief {
            brief(detection.type)
        } else {
            output.untrustedLine(path + ": " + detection.type)
        }
    }

    /// Prints the detection of path `index` of `paths`; a line of `PATH: TYPE` to a pipe or a
    /// file is written from the path's bytes.
    func print(pathAt index: Int, of paths: PathList, _ detection: Detection) {
        if brief && !json { return brief(detection.type) }
        if json || output.isTerminal { return print(path: paths.path(at: index), detection) }
        paths.withPath(at: index) { output.untrustedLine(name: $0, then: ": ", detection.type) }
    }

    /// The line of `-b`: the type escaped on a terminal (it comes from a package, or names what a
    /// file's attribute says); to a pipe, its UTF-8 without the conversion of a name's bytes.
    private func brief(_ type: String) {
        if output.isTerminal { output.untrustedLine(type) } else { output.line(type) }
    }
}
