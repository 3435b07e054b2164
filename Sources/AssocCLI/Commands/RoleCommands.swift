import Associations
import Launching
import XDGSupport

/// What `default`, `apps` and `explain` print for `--role edit|markup` (DESIGN.md decision 19):
/// the role's answer, its candidates each with why, and each step of its resolution.
enum RoleCommands {
    /// `assoc default --role ROLE TARGET`: the role's application.
    static func printDefault(_ target: TargetArgument, role: Role, json: Bool, context: CommandContext) -> ExitStatus {
        let resolution = RoleResolver(resolver: context.resolver).resolve(target.type, role: role, path: target.path)
        if json {
            context.output.line(
                JSONValue.object([
                    ("type", .string(resolution.type)), ("role", .string(role.rawValue)),
                    ("default", .optional(resolution.application)),
                ]).rendered)
        } else if let id = resolution.application {
            context.output.untrustedLine(id)
        }
        guard resolution.application != nil else {
            if !json { context.output.error("no \(role.rawValue) application for '\(resolution.type)'") }
            return .notFound
        }
        return .success
    }

    /// `assoc apps --role ROLE TARGET`: the candidates in order, each with where it came from and why.
    static func printCandidates(_ target: TargetArgument, role: Role, json: Bool, context: CommandContext) -> ExitStatus {
        let resolution = RoleResolver(resolver: context.resolver).resolve(target.type, role: role, path: target.path)
        if json {
            context.output.line(
                JSONValue.object([
                    ("type", .string(resolution.type)), ("role", .string(role.rawValue)),
                    (
                        "candidates",
                        .array(
                            resolution.candidates.map { candidate in
                                JSONValue.object([
                                    ("id", .string(candidate.id)), ("source", .string(candidate.source.rawValue)),
                                    ("reason", .string(candidate.reason)),
                                ])
                            })
                    ),
                ]).rendered)
        } else {
            context.output.untrustedLine("type: \(resolution.type)")
            context.output.untrustedLine("role: \(role.rawValue)" + (resolution.candidates.isEmpty ? " (no candidates)" : ""))
            for (position, candidate) in resolution.candidates.enumerated() {
                let name = context.resolver.applications.localizedName(of: candidate.id, locale: context.environment.locale)
                context.output.untrustedLine(
                    "\(position + 1). \(candidate.id)" + (name.map { " (\($0))" } ?? "")
                        + " — \(candidate.source.rawValue): \(candidate.reason)")
            }
        }
        return resolution.candidates.isEmpty ? .notFound : .success
    }

    /// The lines `assoc explain --role ROLE` prints after detection: each step of the role's resolution.
    static func explanation(for type: String, role: Role, path: String?, context: CommandContext) -> [String] {
        let resolution = RoleResolver(resolver: context.resolver).resolve(type, role: role, path: path)
        return ["\(role.rawValue) role of \(resolution.type) (docs/roles.md):"] + resolution.steps.map { "  " + $0 }
    }
}
