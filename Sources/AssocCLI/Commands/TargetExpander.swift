#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import MIMEDatabase

/// Compiles a TARGET (a type, a wildcard or an extension) into concrete types (DESIGN.md decision 8).
enum TargetExpander {
    /// Whether TARGET is a rule to remember: a wildcard or an extension.
    static func isRule(_ target: String) -> Bool { target.hasPrefix(".") || target.contains("*") }

    /// The canonical types TARGET names. A wildcard or extension keeps the types APP declares
    /// (directly or through a parent), unless `allTypes`.
    static func types(for target: String, app: String?, allTypes: Bool, context: CommandContext,
                      subcommand: String) throws -> [String] {
        let database = context.database
        guard isRule(target) else {
            guard MIMETypeName.isValid(target) else { throw UsageError(MIMEDatabaseError.invalidTypeName(target).message, subcommand: subcommand) }
            if !database.isKnown(target) && !target.hasPrefix("x-scheme-handler/") {
                context.output.warning("'\(target)' is not in the shared-mime-info database")
            }
            return [database.canonicalName(target)]
        }
        var matching: [String]
        if target.hasPrefix(".") {
            let pattern = "*" + target.lowercased()
            matching = database.allTypes.filter { type in database.globs(of: type).contains { $0.pattern.lowercased() == pattern } }
        } else {
            matching = database.allTypes.filter { fnmatch(target, $0, 0) == 0 }
        }
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
