import Associations
import MIMEDatabase

/// The resolution part of `assoc explain`: the steps of the spec's resolution, then GIO's answer
/// and the rule that makes the two differ.
enum ResolutionExplainer {
    static func lines(for type: String, context: CommandContext) -> [String] {
        let spec = context.resolver.resolve(type, mode: .spec)
        let gio = context.resolver.resolve(type, mode: .gio)
        var lines = ["resolution of \(spec.type) (by the specification):"]
        lines += spec.steps.map { "  " + $0.text }
        if !spec.recommended.isEmpty { lines.append("  recommended: \(spec.recommended.joined(separator: ", "))") }
        if !spec.fallback.isEmpty { lines.append("  fallback: \(spec.fallback.joined(separator: ", "))") }
        let difference = ResolutionDifference(spec: spec, gio: gio)
        if difference == .none {
            lines.append("  GIO agrees: \(gio.defaultApplication ?? "no default")")
        } else {
            lines.append("  GIO would choose: \(gio.defaultApplication ?? "no default") — \(difference.text)")
        }
        return lines
    }
}
