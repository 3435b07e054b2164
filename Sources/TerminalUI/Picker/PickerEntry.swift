import DocumentProvider

/// One row of a folder in the picker: a document of the listing and whether it can be chosen.
public struct PickerEntry: Sendable, Equatable {
    /// The document as `DocumentLister` lists it.
    public var document: Document
    /// The name shown: the last component of the path.
    public var name: String
    /// Why it cannot be chosen; nil when it can.
    public var reason: String?

    /// Creates an entry for `document`, named `name` (its last path component by default).
    public init(document: Document, name: String? = nil, reason: String?) {
        self.document = document
        self.name = name ?? baseName(document.path)
        self.reason = reason
    }

    /// Whether it can be chosen (a directory can always be entered).
    public var isAvailable: Bool { reason == nil }
}

/// What the picker asks of the world: the listing, the type filters, descriptions, folders made.
/// The CLI hands it the library's lister and filters; tests hand it made-up folders.
public struct PickerSource {
    /// Lists a folder (its entries, hidden ones when asked, each examined when first shown), or
    /// says why it cannot.
    public var list: (_ directory: String, _ hidden: Bool) -> Result<FolderListing, PickerProblem>
    /// Lists every document under a folder, at any depth, at most `limit` of them (hidden ones
    /// when asked), named by their path below it, with whether some were left out; nil when the
    /// source has no flat view.
    public var listFlat:
        ((_ directory: String, _ hidden: Bool, _ limit: Int) -> Result<(FolderListing, truncated: Bool), PickerProblem>)?
    /// Why a type does not conform to the filter at an index; nil when it conforms.
    public var nonConformance: (_ type: String, _ filter: Int) -> String?
    /// The comment of a type (`PDF document`).
    public var comment: (_ type: String) -> String?
    /// The default application of a type, as a desktop file ID.
    public var defaultApplication: (_ type: String) -> String?
    /// The path of a valid thumbnail of a document.
    public var thumbnail: (_ document: Document) -> String?
    /// Makes a folder, or says why it cannot.
    public var makeDirectory: (_ path: String) -> PickerProblem?
    /// Whether something exists at a path (without following a last link).
    public var exists: (_ path: String) -> Bool
    /// Now, in seconds since the epoch, for relative dates.
    public var now: Int64
    /// Why a document does not pass the filter at an index, when the name matters as well as the
    /// type (a dialog's globs); when set it is asked instead of `nonConformance`, per document.
    public var documentNonConformance: ((_ document: Document, _ filter: Int) -> String?)?

    /// Creates a source from its parts.
    public init(
        list: @escaping (String, Bool) -> Result<FolderListing, PickerProblem>,
        nonConformance: @escaping (String, Int) -> String?, comment: @escaping (String) -> String? = { _ in nil },
        defaultApplication: @escaping (String) -> String? = { _ in nil },
        thumbnail: @escaping (Document) -> String? = { _ in nil },
        makeDirectory: @escaping (String) -> PickerProblem?, exists: @escaping (String) -> Bool, now: Int64,
        listFlat: ((String, Bool, Int) -> Result<(FolderListing, truncated: Bool), PickerProblem>)? = nil
    ) {
        self.list = list
        self.listFlat = listFlat
        self.nonConformance = nonConformance
        self.comment = comment
        self.defaultApplication = defaultApplication
        self.thumbnail = thumbnail
        self.makeDirectory = makeDirectory
        self.exists = exists
        self.now = now
    }
}
