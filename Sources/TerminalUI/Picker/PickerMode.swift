/// What the document picker is for, as the document-provider dialogs have it.
public enum PickerMode: String, Sendable, Equatable, CaseIterable {
    /// Choose documents to open; their paths are the answer.
    case open
    /// Choose documents to copy into a place of the application's.
    case `import`
    /// Choose the folder documents are copied out to.
    case export
    /// Choose the folder documents are moved to.
    case move
    /// Choose a folder and a name to save a new document as.
    case save

    /// Whether the picker chooses a folder (files shown greyed), not documents.
    public var choosesFolder: Bool { self == .export || self == .move || self == .save }

    /// The first row of every folder, the action itself, for the modes that choose a folder.
    public var actionTitle: String? {
        switch self {
        case .open, .import: return nil
        case .export: return "Export here"
        case .move: return "Move here"
        case .save: return "Save here"
        }
    }
}

/// How a clash of names at the destination is answered, per document.
public enum ClashAnswer: String, Sendable, Equatable {
    /// Keep both: the new one gets a numbered name.
    case keepBoth = "keep-both"
    /// Replace the one that is there.
    case replace
    /// Leave this document where it is.
    case skip
}

/// What the document picker answers.
public enum PickerAnswer: Sendable, Equatable {
    /// The chosen documents (or folders, with `--directory`), in the order chosen.
    case documents([PickerEntry])
    /// The folder to export or move to, and the answer to each clash by the document's path.
    case destination(directory: String, clashes: [String: ClashAnswer])
    /// The path to save as; `replacing` when the person confirmed replacing a file.
    case save(path: String, replacing: Bool)
    /// The chosen documents, to be marked up (`m`, when `PickerModel.offersMarkup`): handed to
    /// the markup role as `assoc open --markup` opens them.
    case markUp([PickerEntry])
}
