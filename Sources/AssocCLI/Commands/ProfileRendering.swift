import Associations
import XDGSupport

/// Reads the profiles, runs `ProfileApplier` and renders its outcome as text or JSON.
struct ProfileRendering {
    let context: CommandContext
    let json: Bool
    let diff: Bool

    /// Applies (or checks) the profiles at `paths` and returns the exit status.
    func apply(_ paths: [String], _ options: ProfileApplier.Options) -> ExitStatus {
        let outcome: ProfileOutcome
        do {
            let profiles = try paths.map { path throws(ProfileError) in
                try ProfileReader().read(path.hasPrefix("/") ? path : context.process.workingDirectory + "/" + path)
            }
            outcome = try ProfileApplier(editor: EditRendering.editor(context)).apply(profiles, options: options)
        } catch {
            context.output.error(error.description)
            return .failure
        }
        if json {
            context.output.line(Self.json(outcome).rendered)
        } else {
            render(outcome, checking: options.checkOnly)
        }
        if options.checkOnly { return outcome.complies ? .success : .notFound }
        return outcome.hasUnappliedEntries ? .notFound : .success
    }

    /// The text of a list change: the unified diff, or empty.
    static func diffText(_ write: ListWrite) -> String {
        switch write.change {
        case .unchanged: return ""
        case .wouldWrite(let diff): return diff
        case .written(let old, let new): return UnifiedDiff.make(old: old, new: new, path: write.file)
        }
    }

    private func render(_ outcome: ProfileOutcome, checking: Bool) {
        for warning in outcome.warnings { context.output.warning(warning.description) }
        // With --diff, standard output is the diff alone, so it can be fed to patch or compared.
        guard !diff else {
            for write in outcome.writes { context.output.line(Self.diffText(write), terminator: "") }
            return
        }
        for write in outcome.writes {
            switch write.change {
            case .unchanged: context.output.untrustedLine("\(write.file): nothing to change")
            case .wouldWrite(let text) where text.isEmpty: context.output.untrustedLine("\(write.file): nothing to change")
            case .wouldWrite(let text):
                context.output.untrustedLine("\(write.file): would change:")
                for line in text.split(separator: "\n").dropFirst(2) where line.hasPrefix("+") || line.hasPrefix("-") {
                    context.output.untrustedLine("  " + line)
                }
            case .written:
                context.output.untrustedLine("\(write.file):")
                for line in write.change.changedLines { context.output.untrustedLine("  " + line) }
            }
        }
        if outcome.writes.isEmpty { context.output.line("nothing to change") }
        for entry in outcome.entries {
            let what: String
            switch entry.status {
            case .applied: what = entry.chosen ?? "(none)"
            case .kept: what = "suggested \(entry.chosen ?? "(none)") applied before; the person's choice is kept"
            case .skipped: what = "(not applied)"
            case .replaced: what = "(its types are written by a later entry)"
            }
            let role = entry.entry.group.role
            context.output.untrustedLine("\(entry.entry.target)\(role == .view ? "" : " (\(role.rawValue))"): \(what)")
        }
        if checking {
            context.output.line(outcome.complies ? "the machine complies" : "the machine does not comply")
        }
    }

    /// The JSON object of an outcome.
    static func json(_ outcome: ProfileOutcome) -> JSONValue {
        .object([
            ("changed", .bool(outcome.changed)), ("complies", .bool(outcome.complies)),
            (
                "files",
                .array(
                    outcome.writes.map { write in
                        .object(
                            JSONValue.path("path", write.file) + [
                                ("changed", .bool(!diffText(write).isEmpty)), ("diff", .string(diffText(write))),
                            ])
                    })
            ),
            ("entries", .array(outcome.entries.map(json))),
            (
                "warnings",
                .array(
                    outcome.warnings.map { warning in
                        .object(
                            [("kind", .string(warning.kind))] + JSONValue.path("path", warning.entry.path) + [
                                ("line", .int(warning.entry.line)), ("target", .string(warning.entry.target)),
                                ("message", .string(warning.description)),
                            ])
                    })
            ),
        ])
    }

    private static func json(_ entry: ProfileEntryOutcome) -> JSONValue {
        func answers(_ map: [String: String]) -> JSONValue {
            .object(entry.types.map { ($0, .optional(map[$0])) })
        }
        return .object(
            [
                ("target", .string(entry.entry.target)), ("group", .string(entry.entry.group.name)),
                ("role", .string(entry.entry.group.role.rawValue)), ("profile", .string(entry.profile)),
            ] + JSONValue.path("path", entry.entry.path) + [
                ("line", .int(entry.entry.line)),
                ("wanted", .strings(entry.entry.candidates)), ("chosen", .optional(entry.chosen)),
                ("status", .string(entry.status.rawValue)), ("types", .strings(entry.types)),
                ("before", answers(entry.before)), ("after", answers(entry.after)),
                (
                    "resolutions",
                    .array(
                        entry.verification.map { check in
                            .object([
                                ("type", .string(check.type)), ("desktop", .optional(check.desktop)),
                                ("as", .string(check.resolution)), ("default", .optional(check.answer)),
                                ("matches", .bool(check.matches)),
                                ("origin", .optional(check.origin.map { $0.path + ($0.line.map { ":\($0)" } ?? "") })),
                            ])
                        })
                ),
            ])
    }
}
