import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// "Open this one file with X" (DESIGN.md decision 6): the `user.assoc.open-with` attribute on
/// the file, and a line in `$XDG_STATE_HOME/assoc/open-with.list` keyed by absolute path and
/// checked against the inode.
///
/// The attribute travels with the file, so anyone who hands the user a file can plant one. The
/// list line is the record that the user made the choice on this machine (`assoc set --file`
/// writes both): an attribute with the same application in the list is *confirmed*. Where the
/// file system refuses attributes, the list line alone holds the choice.
public struct PerFileChoice: Sendable {
    /// The attribute that holds the desktop file ID of the view role.
    public static let attribute = ExtendedAttributes.assocPrefix + "open-with"

    /// The attribute that holds a role's choice: `user.assoc.open-with`, `user.assoc.edit-with`,
    /// `user.assoc.markup-with`.
    public static func attribute(for role: Role) -> String {
        ExtendedAttributes.assocPrefix + (role == .view ? "open" : role.rawValue) + "-with"
    }

    /// The group of the list that records a role's choices: `[Open With]`, `[Edit With]`, `[Markup With]`.
    static func group(for role: Role) -> String {
        role == .view ? "Open With" : role.rawValue.prefix(1).uppercased() + role.rawValue.dropFirst() + " With"
    }

    /// A per-file choice as found, before any check of whether it may be used.
    public struct Found: Sendable, Equatable {
        /// The chosen desktop file ID.
        public var app: String
        /// Where it was found, for messages: the attribute or the list.
        public var source: String
        /// Whether the user recorded this choice for this file on this machine.
        public var confirmed: Bool
    }

    let environment: XDGEnvironment
    /// The role whose choices this store holds.
    public let role: Role
    private var attributeName: String { Self.attribute(for: role) }
    private var groupName: String { Self.group(for: role) }

    /// Creates the store for `environment`, for the choices of `role` (by default, what opens the file).
    public init(environment: XDGEnvironment, role: Role = .view) {
        self.environment = environment
        self.role = role
    }

    var listPath: String { environment.stateHome + "/assoc/open-with.list" }

    /// The choice for `path`, if any: the attribute, confirmed when the list records the same
    /// application for this file; else the list's line.
    public func choice(for path: String) -> Found? {
        let recorded = recordedChoice(for: path)
        if let value = ExtendedAttributes.value(attributeName, of: path)?.trimmingSpaces(), !value.isEmpty {
            return Found(app: value, source: "the \(attributeName) attribute", confirmed: recorded == value)
        }
        return recorded.map { Found(app: $0, source: listPath, confirmed: true) }
    }

    /// The application the list records for `path`, when the line's inode is the file's.
    private func recordedChoice(for path: String) -> String? {
        guard let (absolute, inode) = identity(path), let bytes = try? FileBytes.read(listPath) else { return nil }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: listPath, diagnostics: &diagnostics)
        guard let raw = file.rawValue(Self.key(absolute), in: groupName) else { return nil }
        let values = KeyFileValue.list(raw)
        guard values.count >= 2, values[1] == String(inode) else { return nil }
        return values[0]
    }

    /// Records `app` for `path` in the list and, where the file system allows, in the attribute;
    /// returns where it was stored.
    ///
    /// - Throws: `FileBytes.Failure` when the file cannot be found, or the list's write error.
    public func set(_ app: String, for path: String) throws -> String {
        guard let (absolute, inode) = identity(path) else { throw FileBytes.Failure.fromErrno() }
        // The list names the user's files: private, as a new file; never under an unknown HOME.
        _ = try environment.stateHomeForWriting()
        try AtomicFile.update(listPath, newFileMode: 0o600) { old in
            var diagnostics: [Diagnostic] = []
            var file = KeyFile(parsing: old ?? "", path: listPath, diagnostics: &diagnostics)
            file.set("\(app);\(inode);", for: Self.key(absolute), in: groupName)
            return file.text
        }
        do {
            try ExtendedAttributes.set(attributeName, to: app, on: path)
            return "the \(attributeName) attribute, recorded as yours in \(listPath)"
        } catch {
            // An older attribute would hide the new choice.
            try? ExtendedAttributes.remove(attributeName, from: path)
            return listPath + " (the file system refuses attributes: \(error.reason))"
        }
    }

    /// Forgets the choice for `path` in both places.
    public func unset(_ path: String) throws {
        try? ExtendedAttributes.remove(attributeName, from: path)
        guard let (absolute, _) = identity(path), FileBytes.exists(listPath) else { return }
        _ = try environment.stateHomeForWriting()
        try AtomicFile.update(listPath, newFileMode: 0o600) { old in
            var diagnostics: [Diagnostic] = []
            var file = KeyFile(parsing: old ?? "", path: listPath, diagnostics: &diagnostics)
            return file.remove(Self.key(absolute), in: groupName) ? file.text : nil
        }
    }

    /// The list key for a path (`KeyFileKey`): bytes other than letters, digits and `/._-~+,@`
    /// percent-encoded, so that `=`, `[`, `]` and line ends in a name cannot break the line.
    static func key(_ path: String) -> String { KeyFileKey.encoded(path) }

    /// The absolute, resolved path and inode of `path`.
    private func identity(_ path: String) -> (String, UInt64)? {
        guard let resolved = realpath(PathCoding.cString(path), nil) else { return nil }
        defer { free(resolved) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return nil }
        return (PathCoding.decode(cString: resolved), UInt64(info.st_ino))
    }
}
