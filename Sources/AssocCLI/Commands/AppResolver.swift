import Associations
import DesktopEntry

/// Turns an APP argument into an installed desktop file ID, or a usage error that says what is
/// installed (the lookup itself is `ApplicationLookup`'s).
enum AppResolver {
    /// The desktop file ID `argument` names; with `type`, a miss lists the installed applications
    /// that handle it.
    ///
    /// - Throws: a `UsageError` naming the closest installed IDs when there is no single match.
    static func resolve(
        _ argument: String, for type: String? = nil, context: CommandContext,
        subcommand: String
    ) throws -> String {
        let lookup = ApplicationLookup(argument, in: context.resolver.applications, locale: context.environment.locale)
        switch lookup {
        case .exact(let id): return id
        case .unique(let id):
            context.output.warning("'\(argument)' is taken to mean '\(id)'")
            return id
        case .ambiguous(let ids):
            throw UsageError(
                "'\(argument)' matches several applications" + Suggestions.phrase(Array(ids.prefix(5))),
                subcommand: subcommand)
        case .notFound(let nearest):
            var message = "no installed application '\(argument)'" + Suggestions.phrase(nearest)
            if let type {
                let resolution = context.resolver.resolve(type)
                let handlers = resolution.recommended + resolution.fallback
                message +=
                    handlers.isEmpty
                    ? "; no installed application handles \(type)"
                    : "; installed ones that handle \(type): " + handlers.prefix(8).joined(separator: ", ")
            }
            throw UsageError(message, subcommand: subcommand)
        }
    }
}
