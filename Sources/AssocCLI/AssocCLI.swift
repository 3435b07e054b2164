import Associations
import DesktopEntry
import MIMEDatabase
import Synchronization
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
    ///
    /// Started as `xdg-open`, `xdg-mime` or `xdg-settings` (the base name of `argv[0]`, so a
    /// symbolic link is enough), it runs that command instead (DESIGN decision 17).
    public static func main() -> Never {
        signal(SIGPIPE, SIG_IGN)
        removeTemporariesOnSignals()
        let output = OutputSink.standardStreams
        // Read the arguments as bytes: a file name need not be UTF-8 (PathCoding carries it).
        let arguments = (1..<Int(CommandLine.argc)).map { index -> String in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            return PathCoding.decode(cString: pointer)
        }
        let invokedAs = CommandLine.unsafeArgv[0].map { PathCoding.decode(cString: $0) } ?? ""
        if let utility = XDGUtility(invokedAs: invokedAs) {
            let status = utility.run(
                arguments, environment: XDGEnvironment.processVariables(), output: output,
                process: ProcessState.current(outputIsTerminal: output.isTerminal), keepsStateUntilExit: true)
            end(status, output)
        }
        let status = run(
            arguments: arguments, environment: XDGEnvironment.processVariables(), output: output,
            process: ProcessState.current(outputIsTerminal: output.isTerminal), keepsStateUntilExit: true)
        end(status.rawValue, output)
    }

    /// Ends the process with `status` once the results `output` holds are written.
    private static func end(_ status: Int32, _ output: OutputSink) -> Never {
        output.flush()
        exit(status)
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

    /// Runs `xdg-open`, `xdg-mime` or `xdg-settings` (by the base name `invokedAs`) with its
    /// arguments and returns xdg-utils' exit status; nil when `invokedAs` is none of them.
    public static func runXDGUtility(
        invokedAs: String, arguments: [String], environment: [String: String], output: OutputSink,
        process: ProcessState = ProcessState()
    ) -> Int32? {
        XDGUtility(invokedAs: invokedAs)?.run(arguments, environment: environment, output: output, process: process)
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
                databaseSource: database, verbose: global.verbose || parsed.has("--verbose"),
                keepsStateUntilExit: keepsStateUntilExit)
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
///
/// The database, detector and resolver are loaded on first use; that state is behind a mutex,
/// so a context may be shared with the threads bulk typing works on.
final class CommandContext: Sendable {
    let environment: XDGEnvironment
    let output: OutputSink
    let databaseSource: DatabaseSource
    let verbose: Bool

    /// The working directory and which streams are terminals.
    let process: ProcessState
    /// Whether the process exits right after the command, so that what it built may be left for
    /// the exit to reclaim (`AssocCLI.run`'s `keepsStateUntilExit`).
    let keepsStateUntilExit: Bool

    /// What is loaded on first use, and the files already warned about.
    private struct Loaded {
        var cacheChecking: CacheChecking = .whole
        var entryReading: DesktopEntry.Reading = .full
        var database: MIMEDatabase?
        var detector: TypeDetector?
        var resolver: AssociationResolver?
        var reportedPaths: Set<String> = []
        var showsDiagnostics = true
    }

    private let loaded = Mutex(Loaded())

    init(
        environment: XDGEnvironment, output: OutputSink, process: ProcessState, databaseSource: DatabaseSource, verbose: Bool,
        keepsStateUntilExit: Bool = false
    ) {
        self.keepsStateUntilExit = keepsStateUntilExit
        self.environment = environment
        self.output = output
        self.process = process
        self.databaseSource = databaseSource
        self.verbose = verbose
    }

    /// How much of each `mime.cache` is checked before the first answer: a command that only
    /// answers queries (`type`, `default`, `apps`) sets `.perRead` before its first use of
    /// `database`; `check` and the others keep the whole validation and its warnings.
    var cacheChecking: CacheChecking {
        get { loaded.withLock { $0.cacheChecking } }
        set { loaded.withLock { $0.cacheChecking = newValue } }
    }

    /// The MIME database, loaded on first use; its warnings are printed once.
    var database: MIMEDatabase {
        if let database = loaded.withLock({ $0.database }) { return database }
        let database = MIMEDatabase(environment: environment, source: databaseSource, checking: cacheChecking)
        let (kept, isFirst) = loaded.withLock { state in
            if let earlier = state.database { return (earlier, false) }
            state.database = database
            return (database, true)
        }
        if isFirst { report(database.diagnostics) }
        return kept
    }

    /// The type detector over `database`, built on first use.
    var detector: TypeDetector {
        if let detector = loaded.withLock({ $0.detector }) { return detector }
        let detector = TypeDetector(database: database)
        return loaded.withLock { state in
            if let earlier = state.detector { return earlier }
            state.detector = detector
            return detector
        }
    }

    /// How much of each desktop entry the resolver reads: a command that only resolves and prints
    /// (`default`, `apps`) sets `.resolution` before its first use of `resolver`.
    var entryReading: DesktopEntry.Reading {
        get { loaded.withLock { $0.entryReading } }
        set { loaded.withLock { $0.entryReading = newValue } }
    }

    /// The association resolver, built on first use; the lists' warnings are printed once.
    var resolver: AssociationResolver {
        if let resolver = loaded.withLock({ $0.resolver }) { return resolver }
        let applications = ApplicationIndex(environment: environment, reading: entryReading)
        let resolver = AssociationResolver(environment: environment, database: database, applications: applications)
        let (kept, isFirst) = loaded.withLock { state in
            if let earlier = state.resolver { return (earlier, false) }
            state.resolver = resolver
            return (resolver, true)
        }
        // Asked only when they are printed: finding a list's problems reads every line of it.
        if isFirst && showsDiagnostics { report(resolver.diagnostics) }
        return kept
    }

    /// Whether problems in the data read are printed at all: the xdg-utils front ends, whose
    /// output scripts read, print them only when asked to debug.
    var showsDiagnostics: Bool {
        get { loaded.withLock { $0.showsDiagnostics } }
        set { loaded.withLock { $0.showsDiagnostics = newValue } }
    }

    /// Prints warnings always and notes with `--verbose`: one line per file, with how many more
    /// problems the file has, unless `--verbose` asks for every one.
    func report(_ diagnostics: [Diagnostic]) {
        guard showsDiagnostics else { return }
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
            } else if loaded.withLock({ $0.reportedPaths.insert(path).inserted }), let first = found.first {
                let more = found.count - 1
                output.warning(first.description + (more == 0 ? "" : " (and \(more) more in this file)"))
            }
        }
    }

    /// Warns about the desktop entries the command read that could not be used at all.
    func reportBrokenEntries() {
        guard let loadedResolver = loaded.withLock({ $0.resolver }) else { return }
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

    /// Removes the global options before the command's name from `words` and returns them, read
    /// by the definitions of `GlobalOptionDefinitions` (and the hidden generation options).
    static func extract(from words: inout [String]) throws(UsageError) -> GlobalOptions {
        let specs = GlobalOptionDefinitions.beforeCommand
        // The options end at the first word that is neither an option nor an option's value.
        var end = 0
        while end < words.count, words[end].hasPrefix("-"), words[end] != "-" {
            let word = words[end]
            end += 1
            if word == "--" { break }
            let name = word.firstIndex(of: "=").map { String(word[..<$0]) } ?? word
            if !word.contains("="), specs.first(where: { $0.long == name || $0.short == name })?.takesValue == true {
                end += 1
            }
        }
        let parsed = try ParsedArguments(Array(words[..<min(end, words.count)]), options: specs, subcommand: nil)
        words = Array(words[min(end, words.count)...])
        var options = GlobalOptions()
        if let source = parsed.value(GlobalOptionDefinitions.database) {
            options.database = DatabaseSource(rawValue: source) ?? .auto
        }
        options.help = parsed.has(GlobalOptionDefinitions.help)
        options.version = parsed.has(GlobalOptionDefinitions.version)
        options.verbose = parsed.has(GlobalOptionDefinitions.verbose)
        if let directory = parsed.value(GlobalOptionDefinitions.generateManual) {
            options.generation = .init(kind: .manual, directory: directory)
        } else if let directory = parsed.value(GlobalOptionDefinitions.generateCompletions) {
            options.generation = .init(kind: .completions, directory: directory)
        }
        return options
    }
}
