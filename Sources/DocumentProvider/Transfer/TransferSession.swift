/// Several documents copied or moved into one directory by one request, none lost to another.
///
/// Each document is checked on its own by `DocumentTransfer`; the session adds what only the whole
/// request knows. An operand that names a file already transferred (the same file by another
/// path, or the same path twice) is refused rather than copied or moved again, and with
/// `replace` no document replaces the one an earlier operand has just become: `a/report.pdf` and
/// `b/report.pdf` moved together would otherwise leave only one of them.
public struct TransferSession: Sendable {
    /// Whether documents are moved or copied.
    public enum Mode: Sendable, Equatable {
        /// Copied: import or export.
        case copy
        /// Moved.
        case move
    }

    let transfer: DocumentTransfer
    let mode: Mode
    let directory: String
    /// The files transferred so far, with the operand that named each first.
    private var sources: [FileIdentity: String] = [:]
    /// The files this session has put in place, with the operand each came from.
    private var placed: [FileIdentity: String] = [:]

    /// Starts a session that transfers into `directory`, which must exist.
    public init(_ transfer: DocumentTransfer, mode: Mode, into directory: String) {
        self.transfer = transfer
        self.mode = mode
        self.directory = directory
    }

    /// Transfers the document at `source`.
    ///
    /// - Throws: `TransferError`: `.namedTwice` for a file an earlier operand named,
    ///   `.wouldReplaceTransferred` when it would replace an earlier operand's document, or what
    ///   `DocumentTransfer` throws; the source is then as it was.
    public mutating func transfer(_ source: String) throws(TransferError) -> TransferResult {
        let identity = FileIdentity(source)
        if let identity, let earlier = sources[identity] { throw .namedTwice(path: source, earlier: earlier) }
        let target = FilePlacement.join(directory, DocumentTransfer.baseName(source))
        if transfer.options.replace, let existing = FileIdentity(target, following: false), let earlier = placed[existing] {
            throw .wouldReplaceTransferred(source: source, destination: target, earlier: earlier)
        }
        let result = mode == .move ? try transfer.move(source, into: directory) : try transfer.copy(source, into: directory)
        if let identity { sources[identity] = source }
        if let landed = FileIdentity(result.destination, following: false) { placed[landed] = source }
        return result
    }
}
