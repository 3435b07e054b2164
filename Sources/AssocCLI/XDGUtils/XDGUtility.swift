import Associations
import XDGSupport

/// The xdg-utils commands assoc answers when started under their names (DESIGN decision 17):
/// their arguments, output and exit statuses, answered by assoc's own library calls.
///
/// These are front ends only: typing is `TypeDetector`'s, resolution `AssociationResolver`'s,
/// opening `OpenPlanner`'s and `Launcher`'s, editing `DefaultsEditor`'s.
enum XDGUtility: String, CaseIterable, Sendable {
    case open = "xdg-open"
    case mime = "xdg-mime"
    case settings = "xdg-settings"

    /// The xdg-utils release whose command lines these follow (its several operands and `--`
    /// for xdg-open), printed by `--version`.
    static let interfaceVersion = "1.2.1"

    /// The utility whose name is the base name of `path` (`argv[0]`).
    init?(invokedAs path: String) {
        self.init(rawValue: String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""))
    }

    /// Its help, manual and man page.
    var definition: CommandDefinition {
        switch self {
        case .open: XDGOpenFrontEnd.definition
        case .mime: XDGMimeFrontEnd.definition
        case .settings: XDGSettingsFrontEnd.definition
        }
    }

    /// Runs the utility with `arguments` and returns xdg-utils' exit status.
    ///
    /// - Parameter keepsStateUntilExit: the process exits right after: what the session loaded is
    ///   left for the exit to reclaim (as `AssocCLI.run` leaves it). Only `AssocCLI.main()` passes true.
    func run(
        _ arguments: [String], environment: [String: String], output: OutputSink, process: ProcessState,
        keepsStateUntilExit: Bool = false
    ) -> Int32 {
        let session = XDGSession(utility: self, environment: environment, output: output, process: process)
        if keepsStateUntilExit { _ = Unmanaged.passRetained(session) }
        let status: XDGStatus
        do {
            if let status = try session.commonCommand(arguments) { return status.rawValue }
            switch self {
            case .open: status = try XDGOpenFrontEnd.run(arguments, session)
            case .mime: status = try XDGMimeFrontEnd.run(arguments, session)
            case .settings: status = try XDGSettingsFrontEnd.run(arguments, session)
            }
        } catch {
            session.report(error)
            status = error.status
        }
        if session.debugLevel >= 1 { session.context.reportBrokenEntries() }
        return status.rawValue
    }
}

/// The exit statuses of xdg-utils (`xdg-utils-common`): each command's page lists those it uses.
enum XDGStatus: Int32, Sendable {
    /// Done.
    case success = 0
    /// An error in the command line's syntax.
    case syntax = 1
    /// A file named on the command line does not exist (or an application named there is not installed).
    case fileMissing = 2
    /// No method: no handler, or a tool that is needed is missing.
    case impossible = 3
    /// The action failed.
    case failed = 4
    /// No permission to read or write a file.
    case noPermission = 5
}

/// How a command ends early: its status and what to say.
struct XDGExit: Error, Sendable {
    /// The exit status.
    var status: XDGStatus
    /// The message, without the command's name; nil for none (a syntax error then prints the usage).
    var message: String?

    /// A syntax error: with a message, the message and a pointer to `--help`; without, the usage.
    static func syntax(_ message: String?) -> XDGExit { XDGExit(status: .syntax, message: message) }

    /// `file 'NAME' does not exist`, status 2.
    static func missing(_ path: String) -> XDGExit { XDGExit(status: .fileMissing, message: "file '\(path)' does not exist") }
}

/// What one run of a front end shares: the utility, the command context over the environment,
/// the resolution chosen and the debug level.
final class XDGSession: Sendable {
    let utility: XDGUtility
    let context: CommandContext
    /// Which rules answer, and where that was chosen.
    let resolution: DropInResolution
    /// `$XDG_UTILS_DEBUG_LEVEL` as a number (0 when unset or not a number).
    let debugLevel: Int

    init(utility: XDGUtility, environment: [String: String], output: OutputSink, process: ProcessState) {
        self.utility = utility
        let xdg = XDGEnvironment(environment)
        context = CommandContext(environment: xdg, output: output, process: process, databaseSource: .auto, verbose: false)
        resolution = DropInResolution.choice(in: xdg)
        debugLevel = environment["XDG_UTILS_DEBUG_LEVEL"].flatMap { Int($0.trimmingSpaces()) } ?? 0
        context.showsDiagnostics = debugLevel >= 1
        if let problem = resolution.problem { message("warning: " + problem) }
    }

    /// The rules that answer.
    var mode: ResolutionMode { resolution.mode }

    /// `--help`, `--manual` or `--version` anywhere before `--`, answered as xdg-utils'
    /// `check_common_commands` does; nil when there is none.
    func commonCommand(_ arguments: [String]) throws(XDGExit) -> XDGStatus? {
        for argument in arguments.prefix(while: { $0 != "--" }) {
            switch argument {
            case "--help":
                context.output.line(HelpRenderer.help(for: utility.definition))
                return .success
            case "--manual":
                context.output.line(HelpRenderer.manual(for: utility.definition))
                return .success
            case "--version":
                context.output.line("\(utility.rawValue) \(XDGUtility.interfaceVersion) (assoc \(AssocCLI.version))")
                return .success
            default: continue
            }
        }
        return nil
    }

    /// Writes `NAME: text` to standard error, control characters escaped.
    func message(_ text: String) {
        context.output.errorText(Terminal.sanitized("\(utility.rawValue): \(text)") + "\n")
    }

    /// Says why the command ends: a syntax error with its message and where help is, or the
    /// usage when it has none; any other status with its message.
    func report(_ exit: XDGExit) {
        guard let text = exit.message else {
            if exit.status == .syntax {
                context.output.line(
                    HelpRenderer.help(for: utility.definition).split(separator: "\n\n").first.map(String.init) ?? "")
                context.output.line("Use 'man assoc-\(utility.rawValue)' or '\(utility.rawValue) --manual' for additional info.")
            }
            return
        }
        message(text)
        if exit.status == .syntax { context.output.errorText("Try '\(utility.rawValue) --help' for more information.\n") }
    }

    /// With `XDG_UTILS_DEBUG_LEVEL` 1 or more, the lines of `assoc explain` for `type` on
    /// standard error: which file and line decided, and what GIO and xdg-open would answer where
    /// they differ.
    func explain(_ type: String) {
        guard debugLevel >= 1 else { return }
        message("answering by the \(mode.rawValue) resolution (chosen by \(resolution.source))")
        for line in ResolutionExplainer.lines(for: type, context: context) { message(line) }
    }
}
