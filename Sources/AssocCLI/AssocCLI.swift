#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Associations
import MIMEDatabase
import XDGSupport

/// The `assoc` command line as a library: arguments and environment in, an exit status out.
///
/// The executable only calls `main()`; tests call `run` in-process with their own environment and
/// a capturing `OutputSink`, so nothing here reads the process's state behind their back.
public enum AssocCLI {
    /// The version printed by `assoc --version`.
    public static let version = "0.1.0"

    /// Runs the process: reads its arguments and environment, and exits with the status.
    public static func main() -> Never {
        signal(SIGPIPE, SIG_IGN)
        removeTemporariesOnSignals()
        let output = OutputSink.standardStreams
        // Read the arguments as bytes: a file name need not be UTF-8 (PathCoding carries it).
        let arguments = (1..<Int(CommandLine.argc)).map { index -> String in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            return PathCoding.decode(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                         count: strlen(pointer)))
        }
        let status = run(arguments: arguments, environment: processEnvironment(), output: output,
                         keepsStateUntilExit: true)
        output.flush()
        exit(status.rawValue)
    }

    /// On SIGINT, SIGTERM and SIGHUP, removes the temporary files being written (an edit's new
    /// list, a copy in progress) and then dies of the signal as it would have, so the shell sees
    /// the usual status (130 for Ctrl-C).
    private static func removeTemporariesOnSignals() {
        TemporaryFiles.prepareForSignals()
        // A parent may have started assoc with these blocked (Foundation's Process does): the
        // handler must run, so they are let through.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TemporaryFiles.removeRegistered()
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigaction(number, &action, nil)
        }
    }

    /// Runs one command line and returns its exit status.
    ///
    /// - Parameter keepsStateUntilExit: the process exits right after: the loaded database and
    ///   application index are left for the exit to reclaim instead of being freed piece by
    ///   piece (a few percent of a short query). Only `main()` passes true.
    public static func run(arguments: [String], environment: [String: String], output: OutputSink,
                           keepsStateUntilExit: Bool = false) -> ExitStatus {
        do {
            var words = arguments
            let global = try GlobalOptions.extract(from: &words)
            if global.version {
                output.line("assoc \(version)")
                return .success
            }
            guard let name = words.first else {
                if global.help {
                    output.line(HelpText.main)
                    return .success
                }
                throw UsageError("no command given")
            }
            guard let command = commands[name] else {
                throw UsageError("unknown command '\(name)'")
            }
            let rest = Array(words.dropFirst())
            // After `--` every word is an operand, `--help` and `-h` included.
            let options = rest.prefix { $0 != "--" }
            if global.help || options.contains("--help") || options.contains("-h") && !command.usesShortH {
                output.line(command.help)
                return .success
            }
            let context = CommandContext(environment: XDGEnvironment(environment), output: output,
                                         databaseSource: global.database, verbose: global.verbose)
            if keepsStateUntilExit { _ = Unmanaged.passRetained(context) }
            defer { context.reportBrokenEntries() }
            return try command.run(rest, context)
        } catch let error as UsageError {
            output.error(error.description)
            return .failure
        } catch {
            output.error("\(error)")
            return .failure
        }
    }

    /// Every subcommand by name.
    static let commands: [String: Command] = Dictionary(
        uniqueKeysWithValues: [MimeCommand.command, IsACommand.command, TypeCommand.command, ExplainCommand.command,
         DefaultCommand.command, AppsCommand.command, EditCommands.set, EditCommands.unset, EditCommands.add,
         EditCommands.remove, EditCommands.reset, SyncCommand.command, OpenCommand.command,
         ListCommand.command, TransferCommands.importCommand, TransferCommands.exportCommand,
         TransferCommands.moveCommand, CheckCommand.command].map { ($0.name, $0) })

    private static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// A subcommand: its name, help text and what it does.
struct Command: Sendable {
    /// The word after `assoc`.
    var name: String
    /// The text of `assoc NAME --help`.
    var help: String
    /// Whether `-h` means something else to this command (it never does yet).
    var usesShortH = false
    /// Runs the command with the words after its name.
    var run: @Sendable ([String], CommandContext) throws -> ExitStatus
}

/// What every command may use: the environment value, the output and the global options.
final class CommandContext: @unchecked Sendable {
    let environment: XDGEnvironment
    let output: OutputSink
    let databaseSource: DatabaseSource
    let verbose: Bool
    private var loadedDatabase: MIMEDatabase?

    init(environment: XDGEnvironment, output: OutputSink, databaseSource: DatabaseSource, verbose: Bool) {
        self.environment = environment
        self.output = output
        self.databaseSource = databaseSource
        self.verbose = verbose
    }

    /// The MIME database, loaded on first use; its warnings are printed once.
    var database: MIMEDatabase {
        if let loadedDatabase { return loadedDatabase }
        let database = MIMEDatabase(environment: environment, source: databaseSource)
        report(database.diagnostics)
        loadedDatabase = database
        return database
    }

    /// The type detector over `database`, built on first use.
    var detector: TypeDetector {
        if let loadedDetector { return loadedDetector }
        let detector = TypeDetector(database: database)
        loadedDetector = detector
        return detector
    }

    private var loadedDetector: TypeDetector?

    /// The association resolver, built on first use; the lists' warnings are printed once.
    var resolver: AssociationResolver {
        if let loadedResolver { return loadedResolver }
        let resolver = AssociationResolver(environment: environment, database: database)
        report(resolver.diagnostics)
        loadedResolver = resolver
        return resolver
    }

    private var loadedResolver: AssociationResolver?

    /// The files already warned about: each broken file is named once.
    private var reportedPaths: Set<String> = []

    /// Prints warnings always and notes with `--verbose`: one line per file, with how many more
    /// problems the file has, unless `--verbose` asks for every one.
    func report(_ diagnostics: [Diagnostic]) {
        var order: [String] = []
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .warning || verbose {
            if byPath[diagnostic.path] == nil { order.append(diagnostic.path) }
            byPath[diagnostic.path, default: []].append(diagnostic)
        }
        for path in order {
            let found = byPath[path] ?? []
            if verbose {
                for diagnostic in found { output.warning(diagnostic.description) }
            } else if reportedPaths.insert(path).inserted, let first = found.first {
                let more = found.count - 1
                output.warning(first.description + (more == 0 ? "" : " (and \(more) more in this file)"))
            }
        }
    }

    /// Warns about the desktop entries the command read that could not be used at all.
    func reportBrokenEntries() {
        guard let loadedResolver else { return }
        report(loadedResolver.applications.parsedApplications().compactMap(\.brokenDiagnostic).sorted { $0.path < $1.path })
    }
}

/// Options that any command accepts, before or after its name.
struct GlobalOptions {
    var database: DatabaseSource = .auto
    var help = false
    var version = false
    var verbose = false

    /// Removes the global options from `words` and returns them.
    static func extract(from words: inout [String]) throws(UsageError) -> GlobalOptions {
        var options = GlobalOptions()
        var kept: [String] = []
        var index = 0
        var isFirst = true
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                kept += words[(index - 1)...]
                break
            }
            if word == "--database" || word.hasPrefix("--database=") {
                let value: String
                if word == "--database" {
                    guard index < words.count else { throw UsageError("missing value for '--database'") }
                    value = words[index]
                    index += 1
                } else {
                    value = String(word.dropFirst("--database=".count))
                }
                guard let source = DatabaseSource(rawValue: value) else {
                    throw UsageError("'--database' takes auto, xml, cache or text, not '\(value)'")
                }
                options.database = source
            } else if word == "--version" && isFirst {
                options.version = true
            } else if (word == "--help" || word == "-h") && isFirst {
                options.help = true
            } else if word == "--verbose" {
                options.verbose = true
            } else {
                kept.append(word)
                isFirst = false
            }
        }
        words = kept
        return options
    }
}
