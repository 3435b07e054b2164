/// The kinds of problem `assoc check` reports; the raw value is the stable name in its output.
public enum ProblemKind: String, Sendable, Equatable, CaseIterable {
    // MARK: - Files

    /// A list or entry that exists but cannot be read: a directory, a dangling link, no permission,
    /// bytes that are not UTF-8.
    case unreadableFile = "unreadable-file"
    /// A line of a list that is not a comment, a `[Group]` or `key=value`.
    case listSyntax = "list-syntax"
    /// A list GIO ignores whole, because GLib's key-file reader refuses one of its lines (a key
    /// before any group, a line without `=`, a bad group or key name, `Encoding` other than UTF-8).
    case gioIgnoresList = "gio-ignores-list"
    /// A desktop entry that no tool can load.
    case brokenEntry = "broken-entry"
    /// A broken part of the MIME database (a package, a cache, a cycle in `sub-class-of`).
    case mimeData = "mime-data"

    // MARK: - Keys and values of lists

    /// A key that is an alias (or another spelling) of a type; some tools look up only the
    /// canonical name (SPECS rule 8).
    case aliasKey = "alias-key"
    /// A key with `*` or `?`, which GIO, xdg-mime and KDE ignore.
    case wildcardKey = "wildcard-key"
    /// A key that is not a MIME type at all.
    case invalidKey = "invalid-key"
    /// A value that names something that is not a desktop file ID (`evince.deskto`).
    case invalidID = "invalid-id"
    /// The same application in `[Added Associations]` and `[Removed Associations]` of one list for
    /// one type: "invalid" by the specification (SPECS rule 45).
    case addedAndRemoved = "added-and-removed"
    /// A key written twice in one group: GIO takes the last line, xdg-mime the first, assoc
    /// merges them (SPECS rule 61: no duplicate keys).
    case duplicateKey = "duplicate-key"
    /// A group whose name is a near miss of one the specification defines (`[Default
    /// applications]`): every reader ignores its lines.
    case misspelledGroup = "misspelled-group"
    /// `[Added Associations]` or `[Removed Associations]` in a desktop-specific list, where every
    /// reader ignores them (SPECS rule 43).
    case desktopListAssociations = "desktop-list-associations"

    // MARK: - Defaults

    /// A default that is not installed.
    case defaultMissing = "default-missing"
    /// An `[Added Associations]` entry naming an application that is not installed.
    case associationMissing = "association-missing"
    /// A default whose entry says `Hidden=true`.
    case defaultHidden = "default-hidden"
    /// A default whose `TryExec` program is not installed.
    case defaultTryExec = "default-try-exec"
    /// A default whose `Exec` program is not on `PATH`.
    case defaultProgramMissing = "default-program-missing"
    /// A default whose entry is a `Link` or a `Directory`, not an application.
    case defaultNotApplication = "default-not-application"
    /// A default whose entry cannot be loaded or has no usable `Exec`.
    case defaultBroken = "default-broken"
    /// A default that is not associated with its type, which the specification requires and so
    /// assoc ignores, while GIO uses it (SPECS rules 53, 56).
    case defaultNotAssociated = "default-not-associated"
    /// A role default (`roles.list`) whose application is not installed or cannot be used.
    case roleDefaultMissing = "role-default-missing"
    /// A role default whose application declares neither the type nor a supertype of it.
    case roleDefaultUndeclared = "role-default-undeclared"

    // MARK: - Desktop entries

    /// An `Exec` that cannot be split into arguments (an unclosed quote, a bad escape).
    case execSyntax = "exec-syntax"
    /// An `Exec` field code the specification does not define, or one used where it may not be.
    case execFieldCode = "exec-field-code"
    /// More than one of `%f`, `%F`, `%u`, `%U` in one `Exec` (SPECS rule 77).
    case execFileCodes = "exec-file-codes"
    /// `Path=` names no existing directory, so the application cannot start in it.
    case workingDirectoryMissing = "working-directory-missing"
    /// `MimeType=` lists an alias (or another spelling) of a type.
    case entryAliasType = "entry-alias-type"
    /// Two files with one desktop file ID: in one directory (which wins is undefined), or a more
    /// important directory masking a less important one.
    case duplicateID = "duplicate-id"

    // MARK: - Caches

    /// A `mimeinfo.cache` that disagrees with the entries of its directory, or none where they
    /// declare types: GIO and xdg-mime read the directory's associations from it.
    case staleMimeInfoCache = "stale-mimeinfo-cache"
    /// A `mime.cache` older than its `packages/`, or none beside them: GIO reads stale types.
    case staleMIMECache = "stale-mime-cache"

    // MARK: - The user's list

    /// The user's list is a symbolic link, which desktop settings replace with a file.
    case symlinkedList = "symlinked-list"
    /// The user's list cannot be written, so no tool can record a choice.
    case readOnlyList = "read-only-list"
    /// A temporary file assoc left when it was killed mid-write (an edit's new list, a copy in
    /// progress): hidden, possibly large, and never a finished file.
    case leftoverTemporary = "leftover-temporary"

    // MARK: - The history of defaults

    /// A type's effective default was changed by another program (not an assoc command) since
    /// `assoc history` was last read.
    case defaultChanged = "default-changed"
    /// A type is pinned but `assoc watch` is not running, so nothing restores it.
    case pinUndefended = "pin-undefended"
}
