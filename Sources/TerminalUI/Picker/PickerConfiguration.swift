/// What a picker is asked for: its mode, its filters, and what it places or saves.
public struct PickerConfiguration: Sendable, Equatable {
    /// The mode.
    public var mode: PickerMode
    /// The names of the type filters the person switches between with Tab (the `--type`
    /// values); empty for one filter that takes every document.
    public var filterNames: [String]
    /// Whether several documents may be chosen (Space toggles).
    public var multiple: Bool
    /// Whether a folder is chosen instead of documents (open and import only).
    public var choosesDirectories: Bool
    /// The file name a save starts with.
    public var fileName: String
    /// The documents an export or a move places, as paths.
    public var placing: [String]
    /// The title shown instead of `assoc pick: MODE` (a dialog's own, from the application).
    public var title: String?
    /// The label of the action row instead of the mode's own (`Save here`), as a dialog's accept button names it.
    public var actionLabel: String?
    /// The index in `filterNames` of the filter current at first.
    public var initialFilter = 0
    /// Whether documents that cannot be chosen are listed at first (`a` switches); nil for what the
    /// context calls for: only the documents that conform to the filter, and folders, when
    /// documents are chosen; every file, greyed, when a folder is (so that names taken are seen).
    public var showsUnavailable: Bool?

    /// Creates a configuration; the defaults open one document of any type.
    public init(
        mode: PickerMode = .open, filterNames: [String] = [], multiple: Bool = false,
        choosesDirectories: Bool = false, fileName: String = "", placing: [String] = [], showsUnavailable: Bool? = nil
    ) {
        self.showsUnavailable = showsUnavailable
        self.mode = mode
        self.filterNames = filterNames
        self.multiple = multiple
        self.choosesDirectories = choosesDirectories
        self.fileName = fileName
        self.placing = placing
    }

    /// Whether every folder starts with an action row (`Export here`, `Choose this folder`).
    var actionTitle: String? {
        guard let title = mode.actionTitle ?? (choosesDirectories ? "Choose this folder" : nil) else { return nil }
        return actionLabel ?? title
    }

    /// Whether files are shown greyed because a folder is being chosen.
    var choosesFolder: Bool { mode.choosesFolder || choosesDirectories }
}

/// A question the picker asks on its status line.
public enum PickerPrompt: Sendable, Equatable {
    /// The name of a new folder, as typed so far.
    case newFolder(String)
    /// The file name to save as, as typed so far.
    case fileName(String)
    /// Whether to replace the file at a path (save).
    case confirmReplace(path: String)
    /// What to do with each document whose name is taken at the destination: the first of
    /// `pending` is asked now; `answers` holds those answered.
    case clash(pending: [String], answers: [String: ClashAnswer])
    /// Whether to cancel although documents are selected (with `multiple`): `y` cancels, any
    /// other key keeps the selection.
    case confirmCancel(selected: Int)
}
