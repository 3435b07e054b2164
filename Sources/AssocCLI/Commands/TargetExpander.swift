import Associations

/// TARGET arguments compiled by `AssociationTarget`, its notes printed and its errors turned into
/// usage errors.
enum TargetExpander {
    /// The canonical types TARGET names (see `AssociationTarget`).
    static func types(
        for target: String, app: String?, allTypes: Bool, force: Bool = false, context: CommandContext,
        subcommand: String
    ) throws -> [String] {
        do {
            let compiled = try AssociationTarget(
                target, app: app, allTypes: allTypes, force: force, database: context.database,
                applications: context.resolver.applications)
            for note in compiled.notes { context.output.warning(note) }
            return compiled.types
        } catch {
            throw UsageError(error.description, subcommand: subcommand)
        }
    }
}
