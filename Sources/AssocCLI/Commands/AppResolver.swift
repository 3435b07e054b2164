import Associations
import DesktopEntry

/// Turns an APP argument into an installed desktop file ID (DESIGN.md, the command-line contract).
enum AppResolver {
    /// A desktop ID as given when installed; else `NAME.desktop`; else the one ID that starts with,
    /// ends with `.NAME.desktop`, or is named `NAME` (case-insensitively).
    ///
    /// - Throws: a `UsageError` naming the closest installed IDs when there is no single match.
    static func resolve(_ argument: String, context: CommandContext, subcommand: String) throws -> String {
        let index = context.resolver.applications
        let installed = index.allApplications().filter { $0.entry?.isApplication == true }
        let ids = installed.map(\.id)
        if ids.contains(argument) { return argument }
        if !argument.hasSuffix(".desktop"), ids.contains(argument + ".desktop") { return argument + ".desktop" }
        let lowered = argument.lowercased()
        let locale = context.environment.locale
        let matches = installed.filter { application in
            let id = application.id.lowercased()
            let name = application.entry?.name.value(for: locale).lowercased() ?? ""
            return id.hasPrefix(lowered) || id.hasSuffix("." + lowered + ".desktop") || name == lowered
        }.map(\.id)
        if matches.count == 1 {
            context.output.warning("'\(argument)' is taken to mean '\(matches[0])'")
            return matches[0]
        }
        let suggestions = matches.count > 1 ? matches : closest(to: lowered, in: ids)
        let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.prefix(5).map { "'\($0)'" }.joined(separator: ", "))?"
        throw UsageError((matches.count > 1 ? "'\(argument)' matches several applications" : "no installed application '\(argument)'") + hint,
                         subcommand: subcommand)
    }

    /// The IDs nearest to `text` by edit distance, best first.
    static func closest(to text: String, in ids: [String]) -> [String] {
        let scored = ids.map { ($0, distance(Array(text), Array($0.lowercased().replacingDesktopSuffix()))) }
        let best = scored.map(\.1).min() ?? 0
        return scored.filter { $0.1 <= max(best, 2) && $0.1 <= max(3, text.count / 2) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension String {
    fileprivate func replacingDesktopSuffix() -> String {
        hasSuffix(".desktop") ? String(dropLast(8)) : self
    }
}
