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
        if gio.defaultApplication == spec.defaultApplication {
            lines.append("  GIO agrees: \(gio.defaultApplication ?? "no default")")
        } else {
            lines.append("  GIO would choose: \(gio.defaultApplication ?? "no default") — \(difference(spec: spec, gio: gio))")
        }
        return lines
    }

    /// Names the rule behind a different answer.
    static func difference(spec: Resolution, gio: Resolution) -> String {
        if spec.type != gio.type {
            return "MIME types are case-insensitive, so assoc reads '\(gio.type)' as '\(spec.type)'; "
                + "GIO compares names as spelled and treats them as two types (SPECS rule 8)"
        }
        if let id = gio.defaultApplication, spec.steps.contains(where: {
            if case .rejected(id, let reason) = $0 { return reason.hasPrefix("not associated") }
            return false
        }) {
            return "GIO does not check that a default is associated with its type; the specification does (SPECS rules 53, 56)"
        }
        if let id = spec.defaultApplication, spec.steps.contains(where: {
            if case .parentStep(_, "text/plain") = $0 { return true }
            return false
        }), !gio.recommended.contains(id) {
            return "the specification makes every text/* type a kind of text/plain; GIO walks explicit parents only (SPECS rules 29, 50, 54)"
        }
        if spec.defaultApplication == nil {
            return "GIO takes the first installed of all defaults and associations, without the specification's checks (SPECS rule 56)"
        }
        return "GIO merges every directory's defaults before any association and reads MimeType= only through mimeinfo.cache (SPECS rules 44, 50, 56)"
    }
}
