import DocumentProvider
import MIMEDatabase
import PortalDialogs

/// How a portal file-chooser request sets up the document picker: the mode, the folder shown
/// first, the filters, the name to save as, the names of a SaveFiles.
public struct PortalPickPlan {
    /// The picker's configuration.
    public var configuration: PickerConfiguration
    /// The folder shown first, absolute.
    public var directory: String
    /// The portal's filters, in order, as the picker's filter list.
    public var filters: [NameOrTypeFilter]
    /// The label of the accepting action, without mnemonic marks.
    public var acceptLabel: String

    /// The plan for `request`; `home` is the fallback start folder, `workingDirectory` resolves a relative path.
    public init(_ request: DialogRequest, home: String, workingDirectory: String, database: MIMEDatabase) {
        var configuration = PickerConfiguration()
        let currentFile = request.currentFile.map { FileURI.absolute($0, in: workingDirectory) }
        var folder = request.currentFolder
        switch request.kind {
        case .openFile, .chooseApplication:
            configuration.mode = .open
            configuration.multiple = request.multiple
            configuration.choosesDirectories = request.directory
            acceptLabel = request.directory ? "Choose this folder" : "Open"
        case .saveFile:
            configuration.mode = .save
            configuration.fileName = request.currentName ?? currentFile.map(DocumentTransfer.baseName) ?? ""
            if folder == nil, let currentFile { folder = FileURI.absolute(currentFile + "/..", in: "/") }
            acceptLabel = "Save here"
        case .saveFiles:
            // A folder is chosen; the action row saves every one of `files` there.
            configuration.mode = .export
            configuration.placing = request.files
            acceptLabel = "Save here"
        }
        if let label = request.acceptLabel.map(DialogLabel.plain), !label.isEmpty { acceptLabel = label }
        configuration.actionLabel = acceptLabel
        configuration.title = request.title.isEmpty ? Self.defaultTitle(request.kind) : request.title
        configuration.filterNames = request.filters.map(\.name)
        configuration.initialFilter = request.currentFilter ?? 0
        filters = request.filters.map { filter in
            NameOrTypeFilter(
                globs: filter.patterns.compactMap { if case .glob(let glob) = $0 { return glob } else { return nil } },
                types: filter.patterns.compactMap { if case .mimeType(let type) = $0 { return type } else { return nil } },
                database: database)
        }
        self.configuration = configuration
        directory = FileURI.absolute(folder ?? home, in: workingDirectory)
    }

    /// Why a document does not pass the filter at `index`, by its name and type; nil when it passes.
    public func nonConformance(_ document: Document, filter index: Int) -> String? {
        guard filters.indices.contains(index) else { return nil }
        return filters[index].nonConformance(name: DocumentTransfer.baseName(document.path), type: document.type)
    }

    private static func defaultTitle(_ kind: DialogRequest.Kind) -> String {
        switch kind {
        case .openFile, .chooseApplication: return "Open File"
        case .saveFile: return "Save File"
        case .saveFiles: return "Save Files"
        }
    }
}
