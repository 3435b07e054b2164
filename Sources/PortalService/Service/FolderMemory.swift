import XDGSupport

/// The folder each application last chose in, `$XDG_STATE_HOME/assoc/portal-folders`: key-file
/// syntax, group `[Folders]`, one key per application ID (`unsandboxed` for the empty ID of an
/// application outside a sandbox; a real ID always has a dot), the value the folder's `file://`
/// URI. Written atomically.
public struct FolderMemory: Sendable {
    /// The file.
    public let path: String

    /// The memory of `environment`.
    public init(environment: XDGEnvironment) {
        path = environment.stateHome + "/assoc/portal-folders"
    }

    /// The key for `appID`.
    static func key(for appID: String) -> String { appID.isEmpty ? "unsandboxed" : appID }

    /// The folder `appID` last used, when it is still a folder.
    public func folder(for appID: String) -> String? {
        guard let bytes = try? FileBytes.read(path, limit: 1 << 20), let keyFile = try? GLibKeyFile(bytes: bytes),
            let value = keyFile.group("Folders")?.value(Self.key(for: appID)), let uri = GLibKeyFile.string(value),
            let folder = try? FileURL.path(of: uri), FileBytes.isDirectory(folder)
        else { return nil }
        return folder
    }

    /// Records `folder` as the one `appID` used last.
    public func remember(_ folder: String, for appID: String) throws(AtomicFile.Failure) {
        let uri = FileURL.url(forAbsolutePath: folder)
        let key = Self.key(for: appID)
        do {
            try AtomicFile.update(path, newFileMode: 0o600) { old in
                var diagnostics: [Diagnostic] = []
                var file = KeyFile(parsing: old ?? "", path: path, diagnostics: &diagnostics)
                guard file.rawValue(key, in: "Folders") != uri else { return nil }
                file.set(uri, for: key, in: "Folders")
                return file.text
            }
        } catch let failure as AtomicFile.Failure {
            throw failure
        } catch {
            throw .system(path: path, step: "update", reason: "\(error)")
        }
    }
}
