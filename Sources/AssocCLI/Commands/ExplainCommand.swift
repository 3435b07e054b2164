import Associations
import Launching
import MIMEDatabase
import XDGSupport

/// `assoc explain PATH|TYPE`: every step of detection, and GIO's answer where it differs.
enum ExplainCommand {
    static let definition = CommandDefinition(
        name: "explain", summary: "show each step of detection and resolution, and GIO's answer",
        forms: ["[--no-xattr] [--no-resolve] [--role ROLE] PATH|TYPE|URL..."],
        description: """
            For a PATH, prints each step of detection: the user.mime_type attribute, the file's kind, each \
            glob candidate with its pattern, weight and the mime/ directory it came from, the candidates \
            discarded for a shorter suffix, how much content was read, the magic that matched with its \
            priority, the XML root element, the result with its source, why the winner won, the package of \
            $XDG_DATA_HOME/mime/packages that gave the winning glob, magic or XML root when it came from one \
            (a type the user installed or defined), and what GLib's \
            g_content_type_guess answers for the name and the first 4 KiB, by GLib's own steps, where it \
            differs (for example, GIO keeps glob candidates of lower weights, and takes magic of priority 80 \
            or more even when globs disagree with it; assoc follows the specification's conflict rule).

            For a TYPE, prints its canonical name, parents and ancestors; for a URL, its x-scheme-handler type.

            Then the resolution of the default application by the specification: the types tried, every \
            list file read (and which are missing), each association and where it came from, each [Default \
            Applications] line with its file and line number, each candidate passed over and why (not \
            installed, Hidden, TryExec or Exec program missing, masked, removed, not associated), each parent \
            step and the answer; last, GIO's answer where it differs, with the rule that separates them.

            When a session bus is there and xdg-desktop-portal's permission store has an entry for the type \
            in its desktop-used-apps table (the portal's memory of "Open with" choices), explain says which \
            application was chosen, how many times in a row, and whether OpenURI still asks. It only reads the \
            store, through gdbus(1), and gives up after two seconds.

            With --role edit or markup, the resolution shown is that role's, step by step: the keys tried \
            (the type, its supertypes, their media wildcards), every roles.list read, each [Edit \
            Applications] or [Markup Applications] line with its file and line, each application passed \
            over and why, for markup the edit defaults, then each application that handles the type with \
            the category or keyword that makes it proposed or not (a Viewer is never proposed for edit), \
            the view default, and the answer.
            """,
        options: [
            RoleOption.any,
            .flag("--no-xattr", "ignore the user.mime_type attribute"),
            .flag("--no-resolve", "show detection only, not the resolution of the default application"),
        ],
        operands: [OperandDefinition(name: "PATH|TYPE|URL...", completion: .file)],
        exitStatus: [
            (0, "everything was explained"), (1, "a TYPE is not in the database (the others are still explained)"),
            (2, "a PATH cannot be read, or a usage error"),
        ],
        examples: [
            Example(command: "assoc explain report.pdf", explanation: "why report.pdf is a PDF, and who opens it"),
            Example(command: "assoc explain --no-resolve page.xml", explanation: "detection only"),
        ],
        seeAlso: ["assoc-type(1)", "assoc-default(1)"])

    static let command = Command(definition: definition, run: run)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitStatus {
        guard !arguments.operands.isEmpty else { throw UsageError("expected a PATH or TYPE", subcommand: "explain") }
        var status = ExitStatus.success
        let options = DetectionOptions(useAttribute: !arguments.has("--no-xattr"))
        for (index, target) in arguments.operands.enumerated() {
            if index > 0 { context.output.line("") }
            let resolved: TargetArgument
            do {
                resolved = try TargetArgument.resolve(target, detector: context.detector, options: options)
            } catch {
                context.output.error(error)
                status = status.combined(with: .failure)
                continue
            }
            switch resolved.kind {
            case .path:
                if let detection = resolved.detection {
                    for line in lines(for: target, detection, context) { context.output.untrustedLine(line) }
                }
            case .type:
                if !explainType(target, context) { status = status.combined(with: .notFound) }
            case .url:
                context.output.untrustedLine("url: \(target)")
                context.output.untrustedLine(
                    "  type: \(resolved.type) (a URL is typed by its scheme: the shared-mime-info specification, \"URI scheme handlers\")"
                )
            }
            if let path = resolved.path {
                switch context.resolver.perFileChoice(for: path, type: resolved.type) {
                case nil: break
                case .honoured(let found):
                    context.output.untrustedLine(
                        "per-file choice: \(found.app) (from \(found.source)); it comes before any default")
                case .ignored(let found, let refusal):
                    context.output.untrustedLine("per-file choice: " + OpenPlanner.ignoredMessage(path, found, refusal))
                }
            }
            let role = RoleOption.role(arguments)
            if !arguments.has("--no-resolve") && role != .view {
                for line in RoleCommands.explanation(for: resolved.type, role: role, path: resolved.path, context: context) {
                    context.output.untrustedLine(line)
                }
            } else if !arguments.has("--no-resolve") {
                for line in ResolutionExplainer.lines(for: resolved.type, context: context) {
                    context.output.untrustedLine(line)
                }
                for line in PortalChoiceExplainer.lines(for: resolved.type, context: context) {
                    context.output.untrustedLine(line)
                }
                if let change = DefaultsHistory(environment: context.environment).lastChange(of: resolved.type) {
                    context.output.untrustedLine("last change (\(change.id), 'assoc history' lists them):")
                    context.output.untrustedLine("  " + HistoryCommand.words(change, context))
                }
            }
        }
        return status
    }

    /// Prints what the database says of the type; false when it does not know it.
    private static func explainType(_ name: String, _ context: CommandContext) -> Bool {
        let database = context.database
        guard database.isKnown(name) else {
            context.output.untrustedLine("type: \(name)")
            context.output.line("  not in the shared-mime-info database: no aliases or parents")
            return false
        }
        let canonical = database.canonicalName(name)
        context.output.untrustedLine("type: \(canonical)")
        if canonical != name { context.output.untrustedLine("  '\(name)' is an alias of '\(canonical)'") }
        context.output.untrustedLine("  parents: \(database.parents(of: canonical).joined(separator: ", "))")
        context.output.untrustedLine("  ancestors: \(database.ancestors(of: canonical).joined(separator: ", "))")
        return true
    }

    static func lines(for path: String, _ detection: Detection, _ context: CommandContext) -> [String] {
        let trace = detection.trace
        var lines = ["path: \(path)"]
        lines.append("  attribute user.mime_type: \(trace.attribute ?? "(none)")")
        if let kind = trace.kind { lines.append("  kind: \(kind)") }
        if let name = trace.name {
            lines.append("  name: \(name)")
            if trace.globSurvivors.isEmpty { lines.append("  globs: none match") }
            let heaviest = trace.globSurvivors.first?.rule.weight ?? 0
            for match in trace.globSurvivors {
                // A lighter candidate is another type of the surviving pattern (GlobRank).
                let lighter = match.rule.weight < heaviest ? " (lighter, same pattern: only content may choose it)" : ""
                lines.append("  glob candidate: \(describe(match, context.database))\(lighter)")
            }
            for match in trace.globDiscarded {
                lines.append("  glob discarded: \(describe(match, context.database)) (lower weight or shorter pattern)")
            }
        }
        if let read = trace.bytesRead { lines.append("  content: \(read) bytes read") }
        for match in trace.magicMatches.prefix(5) {
            lines.append("  magic: \(match.mimeType) (priority \(match.priority))")
        }
        if let root = trace.xmlRoot {
            lines.append("  xml root: {\(root.namespaceURI)}\(root.localName)")
        }
        lines.append(
            "  result: \(detection.type) (source \(detection.source.rawValue)\(detection.uncertain ? ", uncertain" : ""))")
        lines.append("  why: \(trace.reason)")
        if let package = PackageCatalog.userPackage(deciding: detection, environment: context.environment) {
            lines.append("  rule from the user's package: \(package)")
        }
        // GIO's guess is about a name and content: not about an attribute, nor a directory or a
        // device (an empty file, typed by stat, is content too).
        if detection.source != .xattr && (detection.source != .stat || detection.type == "application/x-zerosize") {
            // GIO sniffs the first 4 KiB whenever its own globs do not settle the type, which
            // assoc's may have settled without reading a byte.
            let data = try? FileBytes.readPrefix(path, count: GIOGuess.sniffLength)
            let gio = context.detector.gioGuess(name: trace.name, data: data)
            if gio.type != detection.type && detection.source == .xmlRoot {
                lines.append(
                    "  GIO would say: \(gio.type): GIO does not read the root element of XML documents (shared-mime-info specification, \"root-XML\")"
                )
            } else if gio.type != detection.type {
                lines.append(
                    "  GIO would say: \(gio.type): \(gio.reason) (assoc follows the shared-mime-info specification, \"Recommended checking order\")"
                )
            } else {
                lines.append("  GIO agrees")
            }
        }
        return lines
    }

    /// A glob match with its pattern as its package wrote it (matching ignores case unless the
    /// rule says otherwise, shared-mime-info specification, "The glob files").
    private static func describe(_ match: GlobMatch, _ database: MIMEDatabase) -> String {
        let rule = match.rule
        let from = match.directory.map { " from \($0)" } ?? ""
        let sensitive = rule.caseSensitive ? ", case-sensitive" : ""
        return "\(database.writtenPattern(of: rule)) → \(rule.mimeType) (weight \(rule.weight)\(sensitive))\(from)"
    }
}
