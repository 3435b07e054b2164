import Associations
import MIMEDatabase
import XDGSupport

/// What to do with one target of "open" (DESIGN decisions 7 and 11): the policy every front end
/// (the command line, the chooser, the portal) asks, so none decides on its own.
///
/// In order: a forced application (`--with`), refused for a program it does not declare; the
/// file's per-file choice, when it may be used; a choice the person is asked for, when asked or
/// when there is no default and someone can answer; the default, refused for a downloaded program
/// nobody chose a handler for; no application, refused outright for a program.
public struct OpenPlanner: Sendable {
    /// What one target comes to.
    public enum Decision: Sendable, Equatable {
        /// Open it with this application.
        case open(app: String)
        /// Ask the person which of these applications (most preferred first).
        case ask(candidates: [String])
        /// No application: the candidates there are, for a message.
        case noApplication(candidates: [String])
    }

    /// How the front end asks.
    public struct Request: Sendable, Equatable {
        /// The application the person named (`--with`), as a desktop file ID.
        public var forced: String?
        /// Refuse a download whose name and content disagree, and every unconfirmed per-file choice.
        public var strict: Bool
        /// Ask even when there is a default (`--choose`).
        public var alwaysAsk: Bool
        /// Whether someone can be asked (a terminal, a selector, a dialog).
        public var canAsk: Bool
        /// The rules that find the default; a per-file choice counts only with the
        /// specification's, since GIO and xdg-open know nothing of it.
        public var mode: ResolutionMode
        /// What the person wants to do: view (open), edit or mark up; edit and markup resolve by
        /// `RoleResolver` (DESIGN.md decision 19).
        public var role: Role
        /// For markup, whether to work on the file or on a copy beside it.
        public var placement: MarkupCopy.Placement

        /// A request; by default nothing forced, nothing strict, no one to ask, the specification's
        /// rules, to view.
        public init(
            forced: String? = nil, strict: Bool = false, alwaysAsk: Bool = false, canAsk: Bool = false,
            mode: ResolutionMode = .spec, role: Role = .view, placement: MarkupCopy.Placement = .automatic
        ) {
            self.role = role
            self.placement = placement
            self.forced = forced
            self.strict = strict
            self.alwaysAsk = alwaysAsk
            self.canAsk = canAsk
            self.mode = mode
        }
    }

    /// The plan for one argument: its target, the decision and the warnings to show.
    public struct Plan: Sendable, Equatable {
        /// The target, as an absolute path or a URL.
        public var target: LaunchTarget
        /// Its type.
        public var type: String
        /// What to do.
        public var decision: Decision
        /// Things the person should know: a download that disagrees with its name, a per-file
        /// choice passed over.
        public var warnings: [String]
        /// For markup of a file: why it is marked up on a copy beside it (`MarkupCopy`), which the
        /// front end makes before launching; nil to work on the file itself.
        public var copyReason: String?
    }

    /// The resolver for defaults, associations and per-file choices.
    public let resolver: AssociationResolver
    /// The detector for files.
    public let detector: TypeDetector
    /// The directory relative paths are made absolute against.
    public let workingDirectory: String

    /// A planner.
    public init(resolver: AssociationResolver, detector: TypeDetector, workingDirectory: String) {
        self.resolver = resolver
        self.detector = detector
        self.workingDirectory = workingDirectory
    }

    /// The plan for `argument` (a path, a `file://` URL or another URL).
    ///
    /// - Throws: `LaunchError.refused` for what must not be opened, `OpenPlanner.Failure` for an
    ///   argument that is no file or URL, and the detector's error for an unreadable file.
    public func plan(_ argument: String, _ request: Request) throws -> Plan {
        let resolved = try TargetArgument.resolve(argument, detector: detector)
        let target: LaunchTarget
        switch resolved.kind {
        case .url: target = .url(argument)
        case .type: throw Failure.notATarget(argument)
        case .path: target = .localFile(resolved.path ?? argument, relativeTo: workingDirectory)
        }
        let database = detector.database
        let type = resolved.type
        let isProgram = OpenSafety.isProgram(type, database: database)
        var warnings: [String] = []
        if case .file(let path) = target, let mismatch = OpenSafety.downloadMismatch(path: path, detector: detector) {
            if request.strict { throw LaunchError.refused(target: path, reason: mismatch + " (--strict)") }
            warnings.append(mismatch)
        }
        let copyReason: String?
        if request.role == .markup, case .file(let path) = target {
            copyReason = MarkupCopy.reason(for: path, placement: request.placement)
        } else {
            copyReason = nil
        }
        if let forced = request.forced {
            // A program opened with an application that does not take its type would be run by it.
            if case .file = target, isProgram, let refusal = resolver.refusalOfChosenApplication(forced, type: type) {
                throw LaunchError.refused(
                    target: argument, reason: "it is a \(type), and assoc never runs a file as a program: \(refusal)")
            }
            return Plan(target: target, type: type, decision: .open(app: forced), warnings: warnings, copyReason: copyReason)
        }
        if request.role != .view {
            var plan = try planRole(target, type: type, isProgram: isProgram, request)
            plan.warnings = warnings + plan.warnings
            plan.copyReason = copyReason
            return plan
        }
        if case .file(let path) = target, request.mode == .spec {
            switch resolver.perFileChoice(for: path, type: type, strict: request.strict) {
            case .honoured(let found)?:
                return Plan(target: target, type: type, decision: .open(app: found.app), warnings: warnings)
            case .ignored(let found, let refusal)?:
                warnings.append("the per-file choice for '\(path)': " + Self.ignoredMessage(path, found, refusal))
            case nil: break
            }
        }
        let resolution = resolver.resolve(type, mode: request.mode)
        var candidates: [String] = []
        for id in [resolution.defaultApplication].compactMap({ $0 }) + resolution.recommended + resolution.fallback
        where !candidates.contains(id) {
            candidates.append(id)
        }
        if request.canAsk && !candidates.isEmpty && (request.alwaysAsk || resolution.defaultApplication == nil) {
            return Plan(target: target, type: type, decision: .ask(candidates: candidates), warnings: warnings)
        }
        if let app = resolution.defaultApplication {
            try refuseUnchosenHandler(app, of: target, type: type, isProgram: isProgram, resolution: resolution)
            return Plan(target: target, type: type, decision: .open(app: app), warnings: warnings)
        }
        if isProgram {
            throw LaunchError.refused(
                target: argument,
                reason: "it is a \(type), and assoc never runs a file as a program; "
                    + "no application is set to open that type")
        }
        return Plan(target: target, type: type, decision: .noApplication(candidates: candidates), warnings: warnings)
    }

    /// The plan of the edit or markup role for one target: the role's answer (`RoleResolver`),
    /// the candidates when asked, refused for a downloaded program whose application nobody chose.
    private func planRole(_ target: LaunchTarget, type: String, isProgram: Bool, _ request: Request) throws -> Plan {
        var path: String?
        if case .file(let file) = target { path = file }
        let resolution = RoleResolver(resolver: resolver).resolve(type, role: request.role, path: path, strict: request.strict)
        let candidates = resolution.candidates.map(\.id)
        if request.canAsk && !candidates.isEmpty && (request.alwaysAsk || resolution.application == nil) {
            return Plan(target: target, type: type, decision: .ask(candidates: candidates), warnings: [])
        }
        guard let first = resolution.candidates.first else {
            return Plan(target: target, type: type, decision: .noApplication(candidates: []), warnings: [])
        }
        let chosen: Set<RoleCandidate.Source> = [.perFile, .roleDefault, .editDefault]
        if let path, isProgram, !chosen.contains(first.source),
            let origin = ExtendedAttributes.value(ExtendedAttributes.originURL, of: path)
        {
            throw LaunchError.refused(
                target: path,
                reason: "it is a \(type) downloaded from \(origin), and '\(first.id)' would \(request.role.verb) it only because "
                    + "\(first.reason), which may run it; choose an application with --with, or with: "
                    + "assoc set --role \(request.role.rawValue) \(type) APP")
        }
        return Plan(target: target, type: type, decision: .open(app: first.id), warnings: [])
    }

    /// The processes that open `targets` with `app`: its `Exec` expanded per the Desktop Entry
    /// rules, a `Terminal=true` application wrapped in a terminal unless `inline`.
    ///
    /// - Throws: `LaunchError` when the application is gone or cannot be launched.
    public func launchPlans(app: String, targets: [LaunchTarget], launcher: Launcher, inline: Bool) throws -> [LaunchPlan] {
        guard let application = resolver.applications.application(app) else {
            throw LaunchError.notLaunchable(app: app, reason: "it is not installed")
        }
        return try ExecExpander.plans(for: application, targets: targets, locale: resolver.environment.locale).map { plan in
            guard plan.terminal && !inline else { return plan }
            guard let wrapped = launcher.inTerminal(plan) else {
                throw LaunchError.notLaunchable(app: plan.app, reason: "it needs a terminal and none is installed")
            }
            return wrapped
        }
    }

    /// Refuses a downloaded program (a script, an executable, a desktop entry with
    /// `user.xdg.origin.url`) whose default handler nobody chose: one found only because it
    /// declares the type may be an interpreter, which would run the download. A `[Default
    /// Applications]` line, `--with` or a confirmed per-file choice is a choice.
    private func refuseUnchosenHandler(
        _ app: String, of target: LaunchTarget, type: String, isProgram: Bool,
        resolution: Resolution
    ) throws {
        // GIO's rules do not say where their answer came from: the specification's reading of
        // the same lists does.
        let listed =
            resolution.defaultIsListed || (resolution.mode == .gio && resolver.resolve(type).isListedDefault(app))
        guard case .file(let path) = target, !listed, isProgram,
            let origin = ExtendedAttributes.value(ExtendedAttributes.originURL, of: path)
        else { return }
        throw LaunchError.refused(
            target: path,
            reason: "it is a \(type) downloaded from \(origin), and '\(app)' would open it "
                + "only because it declares that type, which may run it; choose an application with --with, or make one "
                + "the default with: assoc set \(type) APP")
    }

    /// The words for a per-file choice of `path` passed over: the choice, where it was found,
    /// why, and for a download how to confirm it.
    public static func ignoredMessage(_ path: String, _ found: PerFileChoice.Found, _ refusal: PerFileChoiceRefusal) -> String {
        var message = "'\(found.app)' (from \(found.source)) is ignored: \(refusal)"
        if case .unconfirmedDownload = refusal {
            message +=
                "; if you chose it, confirm it with: assoc set --file \(ShellQuoting.quoted(path)) "
                + ShellQuoting.quoted(found.app)
        }
        return message
    }

    /// Why an argument cannot be opened at all.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// It names a type, not a file or a URL.
        case notATarget(String)

        /// The message.
        public var description: String {
            switch self {
            case .notATarget(let argument): return "'\(argument)' is neither an existing file nor a URL"
            }
        }
    }
}
