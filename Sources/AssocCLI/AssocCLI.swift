import Associations
import DesktopEntry
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

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
            return PathCoding.decode(cString: pointer)
        }
        let status = run(
            arguments: arguments, environment: XDGEnvironment.processVariables(), output: output,
            process: ProcessState.current(outputIsTerminal: output.isTerminal), keepsStateUntilExit: true)
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
    public static func run(
        arguments: [String], environment: [String: String], output: OutputSink,
        process: ProcessState = ProcessState(), keepsStateUntilExit: Bool = false
    ) -> ExitStatus {
        do {
            var words = arguments
            let global = try GlobalOptions.extract(from: &words)
            if global.version {
                output.line("assoc \(version)")
                return .success
            }
            if let generation = global.generation { return try Generation.run(generation, output: output) }
            guard let name = words.first else {
                if global.help {
                    output.line(HelpRenderer.main(CommandTable.definitions))
                    return .success
                }
                throw UsageError("no command given")
            }
            let command = try CommandTable.command(named: name)
            let parsed = try ParsedArguments(
                Array(words.dropFirst()), options: command.definition.allOptions,
                subcommand: name)
            if global.help || parsed.has("--help") {
                output.line(HelpRenderer.help(for: command.definition))
                return .success
            }
            var database = global.database
            if let value = parsed.value("--database") { database = DatabaseSource(rawValue: value) ?? database }
            let context = CommandContext(
                environment: XDGEnvironment(environment), output: output, process: process,
                databaseSource: database, verbose: global.verbose || parsed.has("--verbose"))
            if keepsStateUntilExit { _ = Unmanaged.passRetained(context) }
            defer { context.reportBrokenEntries() }
            return try command.run(parsed, context)
        } catch {
            output.error(error)
            return .failure
        }
    }
}

/// A subcommand: its definition (options, help, man page, completions) and what it does.
struct Command: Sendable {
    /// Everything about it that is not code.
    var definition: CommandDefinition
    /// Runs the command with its parsed arguments.
    var run: @Sendable (ParsedArguments, CommandContext) throws -> ExitStatus

    /// The word after `assoc`.
    var name: String { definition.name }
}

/// What every command may use: the environment value, the output and the global options.
final class CommandContext: @unchecked Sendable {
    let environment: XDGEnvironment
    let output: OutputSink
    let databaseSource: DatabaseSource
    let verbose: Bool
    private var loadedDatabase: MIMEDatabase?

    /// The working directory and which streams are terminals.
    let process: ProcessState

    init(environment: XDGEnvironment, output: OutputSink, process: ProcessState, databaseSource: DatabaseSource, verbose: Bool) {
        self.environment = environment
        self.output = output
        self.process = process
        self.databaseSource = databaseSource
        self.verbose = verbose
    }

    /// How much of each `mime.cache` is checked before the first answer: a command that only
    /// answers queries (`type`, `default`, `apps`) sets `.perRead` before its first use of
    /// `database`; `check` and the others keep the whole validation and its warnings.
    var cacheChecking: CacheChecking = .whole

    /// The MIME database, loaded on first use; its warnings are printed once.
    var database: MIMEDatabase {
        if let loadedDatabase { return loadedDatabase }
        let database = MIMEDatabase(environment: environment, source: databaseSource, checking: cacheChecking)
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

    /// How much of each desktop entry the resolver reads: a command that only resolves and prints
    /// (`default`, `apps`) sets `.resolution` before its first use of `resolver`.
    var entryReading: DesktopEntry.Reading = .full

    /// The association resolver, built on first use; the lists' warnings are printed once.
    var resolver: AssociationResolver {
        if let loadedResolver { return loadedResolver }
        let applications = ApplicationIndex(environment: environment, reading: entryReading)
        let resolver = AssociationResolver(environment: environment, database: database, applications: applications)
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

/// The global options given before the command's name (after it, the command's parser takes
/// them, so that everything after `--` stays an operand).
struct GlobalOptions {
    var database: DatabaseSource = .auto
    var help = false
    var version = false
    var verbose = false
    /// `--generate-manual DIR` or `--generate-completions DIR`: write the generated files.
    var generation: Generation.Request?

    /// Removes the global options before the command's name from `words` and returns them.
    static func extract(from words: inout [String]) throws(UsageError) -> GlobalOptions {
        var options = GlobalOptions()
        var index = 0
        func value(of option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard index < words.count else { throw UsageError("missing value for '\(option)'") }
            index += 1
            return words[index - 1]
        }
        while index < words.count, words[index].hasPrefix("-"), words[index] != "-" {
            let word = words[index]
            index += 1
            let (name, inline) =
                word.firstIndex(of: "=").map { (String(word[..<$0]), String(word[word.index(after: $0)...])) }
                ?? (word, nil)
            switch name {
            case "--database":
                let text = try value(of: name, inline: inline)
                guard let source = DatabaseSource(rawValue: text) else {
                    throw UsageError(
                        "'--database' takes \(ParsedArguments.list(GlobalOptionDefinitions.database.choices)), "
                            + "not '\(text)'")
                }
                options.database = source
            case "--version": options.version = true
            case "--help", "-h": options.help = true
            case "--verbose": options.verbose = true
            case "--generate-manual": options.generation = .init(kind: .manual, directory: try value(of: name, inline: inline))
            case "--generate-completions":
                options.generation = .init(kind: .completions, directory: try value(of: name, inline: inline))
            case "--":
                words = Array(words[index...])
                return options
            default:
                let known = (GlobalOptionDefinitions.all + [GlobalOptionDefinitions.version]).map(\.long)
                throw UsageError("unknown option '\(name)'" + Suggestions.didYouMean(name, in: known))
            }
        }
        words = Array(words[index...])
        return options
    }
}
