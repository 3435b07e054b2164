#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import MIMEDatabase
import XDGSupport

/// `assoc type [-b] [--json] [--name-only | --content-only] [--no-xattr] [-r] PATH...`.
enum TypeCommand {
    static let command = Command(name: "type", help: help, run: run)

    static let help = """
        Usage: assoc type [-b] [--json] [--name-only | --content-only] [--no-xattr] [-r] PATH...

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
          --database SOURCE   read each mime/ directory from xml, cache or auto (default)
          -h, --help          show this help

        Exit status: 0 when every PATH was typed, 2 when one could not be read (the others are
        still typed) or on a usage error.
        """

    static let specs = [
        OptionSpec(long: "--brief", short: "-b"), OptionSpec(long: "--json"), OptionSpec(long: "--name-only"),
        OptionSpec(long: "--content-only"), OptionSpec(long: "--no-xattr"), OptionSpec(long: "--recursive", short: "-r"),
    ]

    static func run(_ words: [String], _ context: CommandContext) throws -> ExitStatus {
        let arguments = try ParsedArguments(words, specs: specs, subcommand: "type")
        guard !arguments.operands.isEmpty else { throw UsageError("expected at least one PATH", subcommand: "type") }
        if arguments.has("--name-only") && arguments.has("--content-only") {
            throw UsageError("'--name-only' and '--content-only' cannot be used together", subcommand: "type")
        }
        let options = DetectionOptions(useName: !arguments.has("--content-only"),
                                       useContent: !arguments.has("--name-only"),
                                       useAttribute: !arguments.has("--no-xattr"))
        let printer = TypePrinter(output: context.output, brief: arguments.has("--brief"), json: arguments.has("--json"))
        let detector = context.detector
        var status = ExitStatus.success
        for path in arguments.operands {
            if path == "-" {
                let data = (try? FileBytes.readAll(0, sizeHint: detector.maxExtent, limit: max(detector.maxExtent, 4096))) ?? []
                printer.print(path: "-", detector.detect(data: data))
                continue
            }
            if arguments.has("--recursive") && options.useContent && FileBytes.isDirectory(path) {
                status = status.combined(with: walk(path, detector: detector, options: options, printer: printer, context: context))
                continue
            }
            status = status.combined(with: typeOne(path, detector: detector, options: options, printer: printer, context: context))
        }
        return status
    }

    private static func typeOne(_ path: String, detector: TypeDetector, options: DetectionOptions,
                                printer: TypePrinter, context: CommandContext) -> ExitStatus {
        do {
            printer.print(path: path, try detector.detect(path: path, options: options))
            return .success
        } catch {
            context.output.error(error.description)
            return .failure
        }
    }

    /// Types every entry below `directory`, in name order, without following linked directories.
    private static func walk(_ directory: String, detector: TypeDetector, options: DetectionOptions,
                             printer: TypePrinter, context: CommandContext) -> ExitStatus {
        let names: [String]
        do { names = try FileBytes.directoryEntries(directory) } catch {
            context.output.error("cannot read '\(directory)': \(error.reason)")
            return .failure
        }
        var status = ExitStatus.success
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names {
            let path = prefix + name
            var info = stat()
            if lstat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                status = status.combined(with: walk(path, detector: detector, options: options, printer: printer, context: context))
            } else {
                status = status.combined(with: typeOne(path, detector: detector, options: options, printer: printer, context: context))
            }
        }
        return status
    }
}

/// Prints detections in the three forms of `assoc type`.
struct TypePrinter {
    let output: OutputSink
    let brief: Bool
    let json: Bool

    func print(path: String, _ detection: Detection) {
        if json {
            output.line(JSONValue.object([
                ("path", .string(path)), ("type", .string(detection.type)),
                ("source", .string(detection.source.rawValue)), ("uncertain", .bool(detection.uncertain)),
            ]).rendered)
        } else if brief {
            output.line(detection.type)
        } else {
            output.untrustedLine(path + ": " + detection.type)
        }
    }
}
