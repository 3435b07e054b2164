import Associations
import XDGSupport

/// `assoc check --xdg-utils`: which `xdg-open`, `xdg-mime` and `xdg-settings` a `PATH` lookup
/// finds, whether each is assoc's, and what each would open for a PDF, an https URL and a folder.
///
/// For assoc's own, the answers are its resolution's (the one `ASSOC_XDG_RESOLUTION` or
/// assoc.conf chooses, with `$BROWSER`); for xdg-utils' scripts, assoc's model of the path they
/// take on this desktop (GIO's rules where xdg-open hands over to `gio open`, xdg-mime's
/// generic rules elsewhere); a desktop's own tool it does not model is said to be so.
enum DropInReport {
    /// The questions asked of each: what opens a PDF, an https URL and a folder.
    static let questions = [
        ("a PDF", "application/pdf"), ("an https URL", "x-scheme-handler/https"), ("a folder", "inode/directory"),
    ]

    /// Prints the report; 0 when all three are assoc's, else 1.
    static func run(_ context: CommandContext) -> ExitStatus {
        context.entryReading = .resolution
        let locator = XDGUtilityLocator(environment: context.environment)
        let choice = DropInResolution.choice(in: context.environment)
        if let problem = choice.problem { context.output.warning(problem) }
        var allAssoc = true
        for utility in XDGUtility.allCases {
            guard let path = locator.found(utility) else {
                allAssoc = false
                context.output.untrustedLine("\(utility.rawValue): not found on PATH")
                continue
            }
            let target = XDGUtilityLocator.canonicalPath(path).map { $0 == path ? "" : " -> " + $0 } ?? ""
            if XDGUtilityLocator.isAssoc(path) {
                context.output.untrustedLine(
                    "\(utility.rawValue): \(path)\(target): assoc's, answering by the \(choice.mode.rawValue) resolution "
                        + "(chosen by \(choice.source))")
                for line in answers(utility, mode: choice.mode, readsBrowser: choice.mode != .gio, context: context) {
                    context.output.untrustedLine("  " + line)
                }
            } else {
                allAssoc = false
                let version = XDGUtilityLocator.scriptVersion(path, utility: utility).map { "xdg-utils \($0)" } ?? "a program"
                context.output.untrustedLine("\(utility.rawValue): \(path)\(target): \(version), not assoc's")
                for line in foreignAnswers(utility, context: context) { context.output.untrustedLine("  " + line) }
            }
        }
        if !allAssoc {
            context.output.line(
                "to answer with assoc: make install-xdg-utils, then put its directory first on PATH (see assoc-xdg-open(1))")
        }
        return allAssoc ? .success : .notFound
    }

    /// What a tool answering by `mode` (with `$BROWSER` when `readsBrowser`) opens for each
    /// question; for xdg-settings, the web browser.
    private static func answers(
        _ utility: XDGUtility, mode: ResolutionMode, readsBrowser: Bool, context: CommandContext
    ) -> [String] {
        let settings = WebBrowserSettings(resolver: context.resolver, mode: mode, readsBrowser: readsBrowser)
        if utility == .settings {
            let answer = settings.webBrowser()
            return ["the web browser: \(answer.id ?? "none")" + (answer.resolution == nil ? " (from $BROWSER)" : "")]
        }
        return questions.map { what, type in
            var answer = context.resolver.resolve(type, mode: mode).defaultApplication ?? "nothing"
            if utility == .open, type.hasPrefix("x-scheme-handler/"), let browser = settings.browser {
                answer = "$BROWSER: " + browser.alternatives.map { $0.joined(separator: " ") }.joined(separator: ":")
            }
            return "\(what) (\(type)): \(answer)"
        }
    }

    /// What xdg-utils' script would answer on this desktop, as far as assoc models it.
    private static func foreignAnswers(_ utility: XDGUtility, context: CommandContext) -> [String] {
        let variables = context.environment.variables
        let desktop = variables["XDG_CURRENT_DESKTOP"] ?? ""
        let named = desktop.isEmpty ? "no XDG_CURRENT_DESKTOP" : "XDG_CURRENT_DESKTOP=\(desktop)"
        let kind = desktopKind(desktop)
        if kind == .kde && utility != .mime || kind == .xfce && utility == .settings {
            return ["on this desktop (\(named)) it asks the desktop's own tools, which assoc does not model"]
        }
        if utility == .open && kind == .gio {
            return ["on this desktop (\(named)) it runs gio open: GIO's answers"]
                + answers(utility, mode: .gio, readsBrowser: false, context: context)
        }
        var lines = ["on this desktop (\(named)) it answers by xdg-mime's generic rules"]
        if utility == .open && (variables["DISPLAY"] ?? "").isEmpty && (variables["WAYLAND_DISPLAY"] ?? "").isEmpty {
            lines.append("but without DISPLAY or WAYLAND_DISPLAY it reads no desktop entry for a file at all")
        }
        // The generic path reads $BROWSER for xdg-settings; xdg-open tries the handler first.
        return lines + answers(utility, mode: .xdgOpen, readsBrowser: utility == .settings && kind == .generic, context: context)
    }

    /// How xdg-utils 1.1.3's `detectDE` sorts a desktop, as far as it matters here.
    private enum DesktopKind { case gio, kde, xfce, generic }

    private static func desktopKind(_ desktop: String) -> DesktopKind {
        switch desktop {
        case "KDE": return .kde
        case "XFCE": return .xfce
        case _ where desktop.hasPrefix("GNOME"), "Cinnamon", "X-Cinnamon", "MATE", "Budgie:GNOME": return .gio
        default: return .generic
        }
    }
}
