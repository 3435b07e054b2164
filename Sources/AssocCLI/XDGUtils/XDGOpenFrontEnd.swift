import Associations
import Launching
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `xdg-open [--nowait] [--] {FILE | URL}...`: each operand opened as `assoc open` opens it
/// (`OpenPlanner`, `Launcher`), with xdg-utils' exit statuses and `$BROWSER`.
enum XDGOpenFrontEnd {
    /// Reads the options and operands, then opens each operand in turn; the status is the first
    /// failure's.
    static func run(_ arguments: [String], _ session: XDGSession) throws(XDGExit) -> XDGStatus {
        guard let first = arguments.first, !first.isEmpty else { throw .syntax(nil) }
        var noWait = false
        var operands: [String] = []
        var optionsEnded = false
        for word in arguments {
            if optionsEnded || !word.hasPrefix("-") {
                operands.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word == "--nowait" {
                noWait = true
            } else {
                throw .syntax("unexpected option '\(word)'")
            }
        }
        guard !operands.isEmpty else { throw .syntax("file or URL argument missing") }
        let opener = Opener(session: session)
        var status = XDGStatus.success
        for (index, operand) in operands.enumerated() {
            do {
                try opener.open(operand, wait: !noWait && index == operands.count - 1)
            } catch {
                session.report(error)
                if status == .success { status = error.status }
            }
        }
        return status
    }
}

/// Opens one operand after another with the session's resolution.
private struct Opener {
    let session: XDGSession
    let planner: OpenPlanner
    let launcher: Launcher
    /// `$BROWSER`, unless GIO's rules answer (gio open knows nothing of it).
    let browser: BrowserVariable?

    init(session: XDGSession) {
        self.session = session
        let context = session.context
        planner = OpenPlanner(
            resolver: context.resolver, detector: context.detector, workingDirectory: context.process.workingDirectory)
        launcher = Launcher(environment: context.environment, applications: context.resolver.applications)
        browser = session.mode == .gio ? nil : BrowserVariable(context.environment.variables["BROWSER"])
    }

    /// Opens `operand`; with `wait`, waits for the application and fails when it fails, as
    /// xdg-utils waits for the last operand.
    func open(_ operand: String, wait: Bool) throws(XDGExit) {
        let scheme = try check(operand)
        if let scheme, let browser, BrowserVariable.isPreferred(forScheme: scheme),
            try openInBrowser(operand, browser, wait: wait)
        {
            return
        }
        let plan: OpenPlanner.Plan
        do {
            plan = try planner.plan(operand, OpenPlanner.Request(canAsk: false, mode: session.mode))
        } catch let error as LaunchError {
            throw XDGExit(status: .failed, message: error.description)
        } catch {
            throw XDGExit(status: .failed, message: "\(error)")
        }
        for warning in plan.warnings { session.message("warning: " + warning) }
        session.explain(plan.type)
        guard case .open(let app) = plan.decision else {
            if scheme != nil, let browser, try openInBrowser(operand, browser, wait: wait) { return }
            throw XDGExit(
                status: .impossible,
                message: "no method available for opening '\(operand)' (no application opens \(plan.type))")
        }
        try launch(app, plan.target, wait: wait)
    }

    /// Checks what xdg-utils checks of an operand before opening it, and returns the scheme of a
    /// URL (nil for a file): a file must exist (status 2) and be readable (status 5).
    private func check(_ operand: String) throws(XDGExit) -> String? {
        let path: String
        do {
            if let decoded = try FileURL.path(of: operand) {
                path = decoded
            } else if !FileBytes.exists(operand), let scheme = TargetArgument.urlScheme(operand) {
                return scheme
            } else {
                path = operand
            }
        } catch {
            throw XDGExit(status: .failed, message: error.description)
        }
        var info = stat()
        guard !path.isEmpty, stat(PathCoding.cString(path), &info) == 0 else { throw .missing(path) }
        guard access(PathCoding.cString(path), R_OK) == 0 else {
            throw XDGExit(status: .noPermission, message: "no permission to read file '\(path)'")
        }
        return nil
    }

    /// Starts each process of `app` for `target`.
    private func launch(_ app: String, _ target: LaunchTarget, wait: Bool) throws(XDGExit) {
        let process = session.context.process
        // Like xdg-utils, a terminal application runs here when there is a terminal to run in.
        let inline = wait && process.inputIsTerminal && process.outputIsTerminal
        let plans: [LaunchPlan]
        do {
            plans = try planner.launchPlans(app: app, targets: [target], launcher: launcher, inline: inline)
        } catch let error as LaunchError {
            throw XDGExit(status: Self.status(of: error), message: error.description)
        } catch {
            throw XDGExit(status: .failed, message: "\(error)")
        }
        for plan in plans { try start(plan, wait: wait && plan == plans.last) }
    }

    /// Tries each alternative of `$BROWSER` for `url` in turn; true when one opened it. Without
    /// `wait` the first alternative whose program is installed is started and taken.
    private func openInBrowser(_ url: String, _ browser: BrowserVariable, wait: Bool) throws(XDGExit) -> Bool {
        if session.debugLevel >= 1 {
            session.message(
                "answering from $BROWSER: " + browser.alternatives.map { $0.joined(separator: " ") }.joined(separator: ":"))
        }
        for plan in browser.launchPlans(for: url) {
            do {
                try start(plan, wait: wait)
                return true
            } catch {
                if session.debugLevel >= 1, let message = error.message { session.message(message) }
            }
        }
        return false
    }

    /// Starts `plan`; with `wait`, waits and fails when the program exits unsuccessfully.
    private func start(_ plan: LaunchPlan, wait: Bool) throws(XDGExit) {
        session.context.output.flush()
        guard launcher.applications.findProgram(plan.argv[0]) != nil else {
            throw XDGExit(status: .impossible, message: "cannot start '\(plan.argv[0])' for \(plan.app): not found on PATH")
        }
        let status: Int32
        do {
            status = try launcher.start(plan, wait: wait)
        } catch {
            throw XDGExit(status: Self.status(of: error), message: error.description)
        }
        guard !wait || status == 0 else {
            throw XDGExit(status: .failed, message: "'\(plan.argv[0])' (for \(plan.app)) exited with status \(status)")
        }
    }

    /// 3 when something needed is not installed (the application, a terminal), else 4.
    private static func status(of error: LaunchError) -> XDGStatus {
        if case .notLaunchable = error { return .impossible }
        return .failed
    }
}
