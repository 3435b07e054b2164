import DocumentProvider
import PortalDialogs
import TerminalUI

/// `assoc pick --portal-request FILE`: the portal's OpenFile, SaveFile or SaveFiles dialog.
enum PortalPickCommand {
    static func run(_ path: String, _ context: CommandContext) -> ExitStatus {
        guard
            let (given, channel) = PortalDialog.open(
                path, kinds: [.openFile, .saveFile, .saveFiles], command: "pick", context: context)
        else { return .failure }
        var request = given
        // SaveFiles writes one file per name in the chosen folder: each must be a file name, and
        // no two the same (the service checks them too; a request file may come from elsewhere).
        do { request.files = try FileName.unique(request.files) } catch {
            context.output.error("\(path): files: \(error)")
            try? channel.send(DialogAnswer(response: .other))
            return .failure
        }
        let plan = PortalPickPlan(
            request, home: context.environment.home, workingDirectory: context.process.workingDirectory,
            database: context.database)
        var source = PickerWorld.source(filters: [], context: context)
        source.documentNonConformance = { plan.nonConformance($0, filter: $1) }
        let picker: PickerModel
        do {
            picker = try startPicker(plan, source: source, home: context.environment.home)
        } catch {
            context.output.error(error.description)
            try? channel.send(DialogAnswer(response: .other))
            return .failure
        }
        var screen = PortalPickerScreen(request: request, plan: plan, picker: picker, exists: source.exists)
        return PortalDialog.run(&screen, channel: channel, context: context) { $0 }
    }

    /// The picker in the plan's folder, or in the home folder when that one cannot be listed.
    private static func startPicker(_ plan: PortalPickPlan, source: PickerSource, home: String) throws(PickerProblem)
        -> PickerModel
    {
        do {
            return try PickerModel(configuration: plan.configuration, source: source, directory: plan.directory)
        } catch {
            guard plan.directory != home else { throw error }
            return try PickerModel(configuration: plan.configuration, source: source, directory: home)
        }
    }
}
