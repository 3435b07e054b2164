import DesktopEntry
import Launching
import TerminalUI
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Choosing an application when there is no default, or when asked (SPECS rule 91; PEERS pain 9).
enum ApplicationChooser {
    /// The full-screen chooser when standard input and error are a terminal, else (or when it
    /// cannot start) a numbered list on standard error and a number read from standard input;
    /// nil when cancelled.
    static func ask(for target: String, candidates: [String], context: CommandContext) -> String? {
        if context.process.inputIsTerminal && context.process.errorIsTerminal {
            let offered = candidates.map { ChooserApplication(id: $0, name: context.applicationName($0), source: "candidate") }
            var model = ChooserModel(subject: target, offered: offered, everything: [], allowsPerFile: false, allowsAlways: false)
            do {
                let answer = try ScreenRunner.run(
                    &model, term: context.environment.variables["TERM"] ?? "",
                    colors: ScreenColors.allowed(context.environment))
                return answer?.id ?? cancelled(context)
            } catch {
                // No usable terminal (an unknown TERM): the numbered list below still works.
            }
        }
        context.output.errorText("Open '\(Terminal.sanitized(target))' with:\n")
        for (index, id) in candidates.enumerated() {
            context.output.errorText("  \(index + 1)) \(Terminal.sanitized(context.applicationName(id)))\n")
        }
        context.output.errorText("Number (empty to cancel): ")
        guard let line = readLine(), let number = Int(line.trimmingSpaces()), candidates.indices.contains(number - 1) else {
            return cancelled(context)
        }
        return candidates[number - 1]
    }

    private static func cancelled(_ context: CommandContext) -> String? {
        context.output.error("cancelled; nothing opened")
        return nil
    }

    /// Runs the menu program `command` (split by the Exec quoting rules, no shell) with one
    /// `ID<TAB>Name` line per candidate; the ID it prints must be one of them. Nil when cancelled.
    static func select(with command: String, candidates: [String], context: CommandContext) throws -> String? {
        let argv: [String]
        do { argv = try ExecTokenizer.tokenize(command).map(\.text) } catch {
            throw UsageError("--selector: \(error.description)", subcommand: "open")
        }
        let launcher = Launcher(environment: context.environment, applications: context.resolver.applications)
        // The name is only shown: escaped, so that it is one line and no control reaches the
        // menu's terminal; the ID is the answer and goes as it is.
        let input = candidates.map { "\($0)\t\(Terminal.sanitized(context.applicationName($0)))\n" }.joined()
        let (output, status) = try launcher.ask(argv, input: input)
        let chosen = output.split(separator: "\n").first.map { String($0.split(separator: "\t").first ?? "") }?.trimmingSpaces()
        guard status == 0, let chosen, candidates.contains(chosen) else {
            context.output.error("the selector was cancelled or chose nothing known; nothing opened")
            return nil
        }
        return chosen
    }
}
