import Associations
import PortalDialogs
import TerminalUI

/// `assoc choose --portal-request FILE`: the portal's ChooseApplication dialog, offering exactly
/// the applications the frontend sent; the frontend launches the choice, the dialog does not.
enum PortalChooseCommand {
    static func run(_ path: String, _ context: CommandContext) -> ExitStatus {
        guard let (request, channel) = PortalDialog.open(path, kinds: [.chooseApplication], command: "choose", context: context)
        else { return .failure }
        var model = ChooserModel(
            subject: subject(request), offered: applications(request.applications, request, context), everything: [],
            allowsPerFile: false, allowsAlways: request.contentType != nil)
        model.enterLabel = "choose"
        if let last = request.lastChoice { model.highlight(id: DesktopIDs.withSuffix(last)) }
        return PortalDialog.run(
            &model, channel: channel, context: context,
            update: { model, ids in model.replaceOffered(applications(ids, request, context)) },
            answering: { chosen in answer(chosen, request, context) })
    }

    /// The header: the file name or URI and the content type.
    static func subject(_ request: DialogRequest) -> String {
        var parts: [String] = []
        if let filename = request.filename { parts.append(filename) }
        if let uri = request.uri, uri != request.filename { parts.append(uri) }
        if let type = request.contentType { parts.append("(\(type))") }
        return parts.isEmpty ? "(nothing named)" : parts.joined(separator: "  ")
    }

    /// The rows for desktop IDs without `.desktop`, each with its name.
    static func applications(_ ids: [String], _ request: DialogRequest, _ context: CommandContext) -> [ChooserApplication] {
        ids.map { id in
            let full = DesktopIDs.withSuffix(id)
            return ChooserApplication(
                id: full, name: context.applicationName(full), source: id == request.lastChoice ? "last choice" : "offered")
        }
    }

    /// The portal's answer; "Always use this app" first makes it the type's default, as assoc set does.
    private static func answer(_ chosen: ChooserAnswer, _ request: DialogRequest, _ context: CommandContext) -> DialogAnswer? {
        if chosen.action == .always, let type = request.contentType {
            do {
                let request = EditRequest(
                    .set, .target(type), application: chosen.id, command: "the portal's Open-with dialog (Always use)")
                guard try EditRendering.apply(request, context: context, subcommand: "choose") == .success else { return nil }
            } catch {
                context.output.error(error)
                return nil
            }
        }
        var answer = DialogAnswer(response: .chosen)
        answer.choice = DesktopIDs.withoutSuffix(chosen.id)
        return answer
    }
}

/// Desktop file IDs with and without `.desktop`, as the portal gives and wants them.
enum DesktopIDs {
    /// `id` ending in `.desktop`.
    static func withSuffix(_ id: String) -> String { id.hasSuffix(".desktop") ? id : id + ".desktop" }

    /// `id` without a final `.desktop`.
    static func withoutSuffix(_ id: String) -> String { id.hasSuffix(".desktop") ? String(id.dropLast(8)) : id }
}
