/// What `assoc portal` asks a dialog: one portal request, as `request.json` holds it.
public struct DialogRequest: Sendable, Equatable {
    /// Which portal method the request comes from.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `FileChooser.OpenFile`.
        case openFile = "open-file"
        /// `FileChooser.SaveFile`.
        case saveFile = "save-file"
        /// `FileChooser.SaveFiles`.
        case saveFiles = "save-files"
        /// `AppChooser.ChooseApplication`.
        case chooseApplication = "choose-application"
    }

    /// Which portal method the request comes from.
    public var kind: Kind
    /// The dialog's title, as the application gave it.
    public var title: String = ""
    /// The label of the accepting action (the portal's `accept_label`), or nil for the dialog's own.
    public var acceptLabel: String?
    /// Whether the dialog is modal to the application's window (`modal`).
    public var modal: Bool = true
    /// Whether several files may be chosen (`multiple`, OpenFile).
    public var multiple: Bool = false
    /// Whether folders are chosen instead of files (`directory`, OpenFile).
    public var directory: Bool = false
    /// The file filters (`filters`); empty for all files.
    public var filters: [DialogFilter] = []
    /// The index into `filters` of the filter in use at first (`current_filter`).
    public var currentFilter: Int?
    /// The extra controls (`choices`).
    public var choices: [DialogChoice] = []
    /// The folder to start in (`current_folder`, or the application's last folder), in `PathCoding`'s form.
    public var currentFolder: String?
    /// The suggested name (`current_name`, SaveFile).
    public var currentName: String?
    /// The file being saved again (`current_file`, SaveFile).
    public var currentFile: String?
    /// The names of the files to save (`files`, SaveFiles).
    public var files: [String] = []
    /// The offered applications, desktop IDs without `.desktop` (ChooseApplication's `choices`).
    public var applications: [String] = []
    /// The application chosen last time, a desktop ID without `.desktop` (`last_choice`).
    public var lastChoice: String?
    /// The content type being opened (`content_type`).
    public var contentType: String?
    /// The URI being opened (`uri`).
    public var uri: String?
    /// The base name of the file being opened (`filename`).
    public var filename: String?
    /// The requesting application's ID (empty outside a sandbox).
    public var appID: String = ""
    /// The path of the Unix socket the dialog answers on.
    public var answerSocket: String

    /// A request of `kind` answered on `answerSocket`, every option at its default.
    public init(kind: Kind, answerSocket: String) {
        self.kind = kind
        self.answerSocket = answerSocket
    }

    /// Whether this request is for the file chooser (not the application chooser).
    public var isFileChooser: Bool { kind != .chooseApplication }
}
