import XDGSupport

/// The folder each application last chose in, `$XDG_STATE_HOME/assoc/portal-folders`: key-file
/// syntax, group `[Folders]`, one key per application ID (`unsandboxed` for the empty ID of an
/// application outside a sandbox; a real ID always has a dot), the value the folder's `file://`
/// URI. Written atomically.
///
/// The key is the ID encoded as `KeyFileKey` does (an ID is its own key; a line end, `=` or `[`
/// in one is percent-encoded), so that no ID can make GLib's key-file grammar refuse the file.
/// The file is read tolerantly (`KeyFile`): a line that is not `key=value`, as an older version
/// wrote for such an ID, costs only that line, not every application's folder.
public struct FolderMemory: Sendable {
    /// The file.
    public let path: String

    /// The memory of `environment`.
    public init(environment: XDGEnvironment) {
        path = environment.stateHome + "/assoc/portal-folders"
    }

    /// The key for `appID`.
    static func key(for appID: String) -> String { appID.isEmpty ? "unsandboxed" : KeyFileKey.encoded(appID) }

    /// The folder `appID` last used, when it is still a folder.
    public func folder(for appID: String) -> String? {
        guard let bytes = try? FileBytes.read(path, limit: 1 << 20) else { return nil }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        guard let value = file.rawValue(Self.key(for: appID), in: "Folders"),
            let folder = try? FileURL.path(of: KeyFileValue.unescape(value)), FileBytes.isDirectory(folder)
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
