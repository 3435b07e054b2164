#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import MIMEDatabase
import XDGSupport

/// Compiles a TARGET (a type, a wildcard or an extension) into concrete types (DESIGN.md decision 8).
enum TargetExpander {
    /// Whether TARGET is a rule to remember: a wildcard or an extension.
    static func isRule(_ target: String) -> Bool { target.hasPrefix(".") || MIMEDatabase.isTypeWildcard(target) }

    /// The canonical types TARGET names. A wildcard or extension keeps the types APP declares
    /// (directly or through a parent), unless `allTypes`. A bare word is a URL scheme
    /// (`https` is x-scheme-handler/https), unless it is an extension without its dot.
    static func types(for target: String, app: String?, allTypes: Bool, context: CommandContext,
                      subcommand: String) throws -> [String] {
        let database = context.database
        if !target.contains("/") && !isRule(target) {
            guard database.types(withExtension: "." + target).isEmpty else {
                throw UsageError("'\(target)' is not a MIME type; did you mean the extension '.\(target)'?", subcommand: subcommand)
            }
            guard let scheme = URLScheme.handlerType(target) else {
                throw UsageError("'\(target)' is not a MIME type, an extension (.ext), a wildcard or a URL scheme",
                                 subcommand: subcommand)
            }
            context.output.warning("'\(target)' is taken as the URL scheme: \(scheme)")
            return [scheme]
        }
        guard isRule(target) else {
            guard MIMETypeName.isValid(target) else { throw UsageError(MIMEDatabaseError.invalidTypeName(target).message, subcommand: subcommand) }
            if !database.isKnown(target) && !target.hasPrefix("x-scheme-handler/") {
                context.output.warning("'\(target)' is not in the shared-mime-info database"
                    + Suggestions.didYouMean(target, in: database.allTypes))
            }
            return [database.canonicalName(target)]
        }
        // rules.list is a key file: '[' and ']' in a key would read back as a locale.
        if target.contains("[") || target.contains("]") {
            throw UsageError("'\(target)': a rule with '[' or ']' cannot be remembered for 'assoc sync'; "
                + "name the types, or use '*' and '?'", subcommand: subcommand)
        }
        let matching = (target.hasPrefix(".") ? database.types(withExtension: target)
            : database.types(matchingWildcard: target)).sorted()
        guard !matching.isEmpty else {
            throw UsageError("'\(target)' matches no known type", subcommand: subcommand)
        }
        guard !allTypes, let app, let entry = context.resolver.applications.application(app)?.entry else { return matching }
        let declared = entry.mimeTypes.map(database.canonicalName)
        let supported = matching.filter { type in declared.contains { database.isA(type, $0) } }
        guard !supported.isEmpty else {
            throw UsageError("'\(app)' declares none of the \(matching.count) types '\(target)' matches; use --all-types to set them anyway",
                             subcommand: subcommand)
        }
        return supported
    }
}
