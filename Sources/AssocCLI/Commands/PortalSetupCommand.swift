import DesktopEntry
import Launching
import PortalDialogs
import XDGSupport

/// `assoc portal --check`, `--register` and `--unregister`: whether xdg-desktop-portal will pick
/// assoc, and the explicit, reversible step that lets a frontend see an installed assoc.
enum PortalSetupCommand {
    static let check = OptionDefinition.flag(
        "--check", "say whether xdg-desktop-portal will pick assoc for the file and application dialogs, why not, and what to run"
    )
    static let register = OptionDefinition.flag(
        "--register", "link the frontend's portals directory to the installed assoc.portal (as root; reversible)")
    static let unregister = OptionDefinition.flag("--unregister", "remove the link --register made, and nothing else")
    static let json = OptionDefinition.flag("--json", "with --check: one JSON object")

    /// The `assoc.portal` that `make install` put beside this executable's prefix, if any.
    static func installedDeclaration(executable: String) -> String? {
        let bin = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let prefix = bin.lastIndex(of: "/").map { String(bin[..<$0]) } ?? "."
        let path = prefix + "/share/xdg-desktop-portal/portals/assoc.portal"
        return FileBytes.exists(path) ? path : nil
    }

    /// The installed frontend, its version asked of it.
    static func frontend(_ context: CommandContext) -> PortalFrontend? {
        let launcher = Launcher(environment: context.environment, applications: context.resolver.applications)
        return PortalFrontend.installed(context.environment) { executable in
            (try? launcher.run([executable, "--version"], timeout: 5000)).flatMap { PortalFrontend.parseVersion($0.text) }
        }
    }

    /// Runs whichever of the three was asked for.
    static func run(_ arguments: ParsedArguments, executable: String?, context: CommandContext) -> ExitStatus {
        let declaration = executable.flatMap(installedDeclaration)
        guard !arguments.has(check) else { return runCheck(declaration, json: arguments.has(json), context: context) }
        guard let frontend = frontend(context) else {
            context.output.error("portal: xdg-desktop-portal is not installed; there is nothing to register with")
            return .failure
        }
        guard let declaration else {
            context.output.error(
                "portal: no installed assoc.portal beside this assoc (PREFIX/share/xdg-desktop-portal/portals); run make install first"
            )
            return .failure
        }
        do {
            if arguments.has(register) {
                let made = try PortalRegistration.register(declaration, in: frontend.portalsDirectory)
                context.output.untrustedLine(
                    "\(frontend.portalsDirectory)/assoc.portal \(made ? "now links to" : "already links to") \(declaration); "
                        + "restart xdg-desktop-portal (or log in again), then check with 'assoc portal --check'")
            } else {
                let removed = try PortalRegistration.unregister(declaration, in: frontend.portalsDirectory)
                context.output.untrustedLine(
                    removed
                        ? "removed the link \(frontend.portalsDirectory)/assoc.portal"
                        : "\(frontend.portalsDirectory)/assoc.portal was not there; nothing to remove")
            }
            return .success
        } catch {
            context.output.error("portal: \(error)")
            return .failure
        }
    }

    private static func runCheck(_ declaration: String?, json: Bool, context: CommandContext) -> ExitStatus {
        let frontend = frontend(context)
        var report = PortalSetupCheck(environment: context.environment, frontend: frontend, installedDeclaration: declaration)
        report.problems += terminalProblems(context)
        let terminal = terminalCommand(context)
        if json {
            context.output.line(
                JSONValue.object([
                    ("ready", .bool(report.isReady)),
                    ("frontend", .optional(frontend?.executable)),
                    ("version", .optional(frontend?.version.map { _ in frontend!.versionText })),
                    ("portals_directory", .optional(frontend?.portalsDirectory)),
                    ("portals_conf", .optional(report.configuration?.path)),
                    (
                        "interfaces",
                        .array(
                            report.selections.map {
                                .object([
                                    ("interface", .string($0.interface)), ("backend", .optional($0.chosen?.name)),
                                    ("reason", .string($0.reason)),
                                ])
                            })
                    ),
                    ("terminal", terminal.map(JSONValue.strings) ?? .null),
                    (
                        "problems",
                        .array(report.problems.map { .object([("problem", .string($0.what)), ("fix", .string($0.fix))]) })
                    ),
                ]).rendered)
            return report.isReady ? .success : .notFound
        }
        if let frontend {
            context.output.untrustedLine(
                "xdg-desktop-portal \(frontend.versionText) (\(frontend.executable)) reads backends from \(frontend.portalsDirectory)"
                    + (frontend.readsPortalsConf ? "; portals.conf: \(report.configuration?.path ?? "none")" : ""))
        }
        for selection in report.selections {
            let short = selection.interface.split(separator: ".").last.map(String.init) ?? selection.interface
            context.output.untrustedLine("\(short): \(selection.chosen?.name ?? "no backend") (\(selection.reason))")
        }
        context.output.untrustedLine("terminal: " + (terminal.map { $0.joined(separator: " ") + " COMMAND…" } ?? "none"))
        for problem in report.problems {
            context.output.untrustedLine("problem: \(problem.what)")
            context.output.untrustedLine("  fix: \(problem.fix)")
        }
        context.output.line(report.isReady ? "assoc will serve both dialogs" : "\(report.problems.count) problem(s)")
        return report.isReady ? .success : .notFound
    }

    /// The terminal the dialogs would start in, as the service chooses it.
    private static func terminalCommand(_ context: CommandContext) -> [String]? {
        let configured = (try? PortalSettings.load(from: context.environment))?.terminal
        return Launcher(environment: context.environment, applications: context.resolver.applications)
            .terminalPrefix(configured: configured)
    }

    /// What is wrong with the terminal setting (`TerminalSettingCheck`).
    static func terminalProblems(_ context: CommandContext) -> [PortalSetupCheck.Problem] {
        TerminalSettingCheck.problems(
            context.environment, applications: context.resolver.applications,
            isKnownTerminal: { Launcher.knownTerminal($0) != nil }, defaultTerminal: { terminalCommand(context) })
    }
}
