#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import MIMEDatabase
import XDGSupport

/// `assoc type [-b] [--json] [--name-only | --content-only] [--no-xattr] [-r] [--files-from LIST [-0]] PATH...`.
enum TypeCommand {
    static let command = Command(name: "type", help: help, run: run)

    static let help = """
        Usage: assoc type [-b] [--json] [--name-only | --content-only] [--no-xattr] [-r] PATH...
               assoc type [OPTION]... --files-from LIST [-0]

        Prints the MIME type of each PATH as 'PATH: TYPE', like 'file --mime-type'. The type
        comes from the file's user.mime_type attribute, its kind (directories, devices, broken
        links), the globs of its name, its content (magic, the root element of XML) and last a
        text test, in the order of the shared-mime-info specification. '-' reads standard input
        and types its content.

        Options:
          -b, --brief         print only the type
          --json              one JSON object per line: path, type, source, uncertain
          --name-only         use the name only; the path need not exist
          --content-only      use the content only, not the name
          --no-xattr          ignore the user.mime_type attribute
          -r, --recursive     type the files inside directories, recursively
          --files-from LIST   also type the paths listed in the file LIST ('-': standard
                              input), one per line
          -0, --null          the paths of LIST are separated by NUL bytes, not newlines
          -j, --jobs N        type on N threads (default: one per processor); the output is
                              in input order whatever N is
          --database SOURCE   read each mime/ directory from xml, cache, text or auto (default)
          -h, --help          show this help

        Exit status: 0 when every PATH was typed, 2 when one could not be read (the others are
        still typed) or on a usage error.
        """

    static let specs = [
        OptionSpec(long: "--brief", short: "-b"), OptionSpec(long: "--json"), OptionSpec(long: "--name-only"),
        OptionSpec(long: "--content-only"), OptionSpec(long: "--no-xattr"), OptionSpec(long: "--recursive", short: "-r"),
        OptionSpec(long: "--files-from", takesValue: true), OptionSpec(long: "--null", short: "-0"),
        OptionSpec(long: "--jobs", short: "-j", takesValue: true),
    ]

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: specs, subcommand: "type")
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
        let options = DetectionOptions(useName: !arguments.has("--content-only"),
                                       useContent: !arguments.has("--name-only"),
                                       useAttribute: !arguments.has("--no-xattr"), recordsTrace: false)
        var jobs: [Job] = []
        for path in arguments.operands {
            if path != "-" && arguments.has("--recursive") && options.useContent && FileBytes.isDirectory(path) {
                walk(path, into: &jobs)
            } else {
                jobs.append(path == "-" ? .standardInput : .path(path))
            }
        }
        for list in listFiles {
            jobs += try readList(list, separator: arguments.has("--null") ? 0 : UInt8(ascii: "\n"))
        }
        let printer = TypePrinter(output: context.output, brief: arguments.has("--brief"), json: arguments.has("--json"))
        // Many paths pay for indexing the globs once; a few are faster read in place.
        let pathCount = jobs.count { if case .path = $0 { true } else { false } }
        let detector = pathCount > 64 ? TypeDetector(database: context.database, globs: .indexed) : context.detector
        let bulk = BulkDetector(detector: detector, options: options, workers: workers)
        return perform(jobs, bulk: bulk, printer: printer, context: context)
    }

    /// One thing to print a line for, in the order of the command line.
    private enum Job {
        case path(String)
        case standardInput
        case unreadable(String)
    }

    /// Types the paths of `jobs` in parallel and prints every job's line in order.
    private static func perform(_ jobs: [Job], bulk: BulkDetector, printer: TypePrinter,
                                context: CommandContext) -> ExitStatus {
        var paths: [String] = []
        var jobOfPath: [Int] = []
        for (index, job) in jobs.enumerated() {
            if case .path(let path) = job {
                paths.append(path)
                jobOfPath.append(index)
            }
        }
        var status = ExitStatus.success
        var next = 0
        func finish(upTo end: Int) {
            while next < end {
                switch jobs[next] {
                case .standardInput:
                    let detector = bulk.detector
                    let data = (try? FileBytes.readAll(0, sizeHint: detector.maxExtent, limit: max(detector.maxExtent, 4096))) ?? []
                    printer.print(path: "-", detector.detect(data: data))
                case .unreadable(let message):
                    context.output.error(message)
                    status = status.combined(with: .failure)
                case .path: break
                }
                next += 1
            }
        }
        bulk.detect(paths) { index, result in
            finish(upTo: jobOfPath[index])
            switch result {
            case .success(let detection): printer.print(path: paths[index], detection)
            case .failure(let error):
                context.output.error(error.description)
                status = status.combined(with: .failure)
            }
            next = jobOfPath[index] + 1
        }
        finish(upTo: jobs.count)
        return status
    }

    /// Every entry below `directory`, in name order, without following linked directories.
    private static func walk(_ directory: String, into jobs: inout [Job]) {
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
                walk(path, into: &jobs)
            } else {
                jobs.append(.path(path))
            }
        }
    }

    /// The paths of a `--files-from` list (`-` is standard input): one per line, or NUL-separated.
    private static func readList(_ list: String, separator: UInt8) throws(UsageError) -> [Job] {
        let bytes: [UInt8]
        do {
            bytes = list == "-" ? try FileBytes.readAll(0, sizeHint: 1 << 16, limit: Int.max) : try FileBytes.readInput(list)
        } catch {
            throw UsageError("cannot read the list '\(list)': \(error.reason)", subcommand: "type")
        }
        return bytes.split(separator: separator).map { entry in
            .path(PathCoding.decode(entry))
        }
    }
}

/// Prints detections in the three forms of `assoc type`.
struct TypePrinter {
    let output: OutputSink
    let brief: Bool
    let json: Bool

    func print(path: String, _ detection: Detection) {
        if json {
            output.line(JSONValue.object(JSONValue.path("path", path) + [
                ("type", .string(detection.type)),
                ("source", .string(detection.source.rawValue)), ("uncertain", .bool(detection.uncertain)),
            ]).rendered)
        } else if brief {
            output.line(detection.type)
        } else {
            output.untrustedLine(path + ": " + detection.type)
        }
    }
}
