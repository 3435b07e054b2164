import Associations
import XDGSupport

/// `assoc set --file PATH APP` and `assoc unset --file PATH` (DESIGN.md decision 6), and the
/// per-file choice as `open` and `default` use it (decision 11).
enum PerFileChoiceCommand {
    enum Action { case set, unset }

    static func run(
        _ action: Action, path: String, operands: [String], context: CommandContext,
        subcommand: String, role: Role = .view
    ) throws -> ExitStatus {
        guard FileBytes.exists(path) else { throw UsageError("'\(path)' does not exist", subcommand: subcommand) }
        let store = PerFileChoice(environment: context.environment, role: role)
        let verb = role == .view ? "open" : role.verb
        switch action {
        case .set:
            guard operands.count == 1 else { throw UsageError("expected --file PATH APP", subcommand: subcommand) }
            let app = try AppResolver.resolve(operands[0], context: context, subcommand: subcommand)
            let type = try context.detector.detect(path: path).type
            if let refusal = context.resolver.refusalOfChosenApplication(app, type: type) {
                throw UsageError("cannot open '\(path)' (\(type)) with '\(app)': \(refusal)", subcommand: subcommand)
            }
            let place = try store.set(app, for: path)
            context.output.untrustedLine("\(path): \(verb) with \(app) (\(place))")
        case .unset:
            guard operands.isEmpty else { throw UsageError("expected --file PATH", subcommand: subcommand) }
            try store.unset(path)
            context.output.untrustedLine("\(path): no per-file choice" + (role == .view ? "" : " to \(verb)"))
        }
        return .success
    }
}
