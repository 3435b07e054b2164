import Associations
import MIMEDatabase

/// The resolution part of `assoc explain`: the steps of the spec's resolution, then GIO's and
/// xdg-open's answers and, where one differs, the reason its own resolution gives.
enum ResolutionExplainer {
    static func lines(for type: String, context: CommandContext) -> [String] {
        let spec = context.resolver.resolve(type, mode: .spec)
        let gio = context.resolver.resolve(type, mode: .gio)
        let xdgOpen = context.resolver.resolve(type, mode: .xdgOpen)
        var lines = ["resolution of \(spec.type) (by the specification):"]
        lines += spec.steps.map { "  " + $0.text }
        if !spec.recommended.isEmpty {
            lines.append("  recommended: \(spec.recommended.joined(separator: ", "))")
        }
        if !spec.fallback.isEmpty { lines.append("  fallback: \(spec.fallback.joined(separator: ", "))") }
        for (name, other) in [("GIO", gio), ("xdg-open on a generic desktop", xdgOpen)] {
            let difference = ResolutionDifference(spec: spec, gio: other)
            let answer = other.defaultApplication ?? "no default"
            lines.append(
                difference == .none
                    ? "  \(name) agrees: \(answer)" : "  \(name) would choose: \(answer) — \(difference.text)"
            )
        }
        let answers = [(spec, "by the specification"), (gio, "via GIO"), (xdgOpen, "via xdg-open")]
        if Set(answers.map(\.0.defaultApplication)).count > 1 {
            lines.append(
                "  answers: "
                    + answers.map { "\($0.0.defaultApplication ?? "none") \($0.1)" }.joined(separator: ", "))
        }
        return lines
    }
}
