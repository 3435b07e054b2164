import XDGSupport

/// `xdg-terminals.list`: the terminal emulators in preference order, one desktop file ID a line
/// (`#` starts a comment), as the Default Terminal Execution proposal that `xdg-terminal-exec`
/// implements reads it from `$XDG_CONFIG_HOME`, then `$XDG_CONFIG_DIRS`, a `DESKTOP-` prefixed
/// list before the plain one in each.
///
/// No MIME type names the terminal, so this is where the `terminal` role of a profile is kept.
public struct TerminalPreferenceList: Sendable {
    /// The environment whose directories are read.
    public let environment: XDGEnvironment

    /// The lists of `environment`.
    public init(environment: XDGEnvironment) {
        self.environment = environment
    }

    /// The list written at `level` (with `desktop`, `DESKTOP-xdg-terminals.list`).
    ///
    /// - Throws: `XDGEnvironment.UnknownDirectory` when the user's directory is not absolute.
    public func path(level: EditRequest.Level, desktop: String?) throws(XDGEnvironment.UnknownDirectory) -> String {
        let directory =
            level == .user ? try environment.configHomeForWriting() : (environment.configDirs.first ?? "/etc/xdg")
        return directory + "/" + (desktop.map { $0.lowercased() + "-" } ?? "") + "xdg-terminals.list"
    }

    /// The preferred terminal and the file and line that name it: the first ID of the first list
    /// in precedence order that names one.
    public func preferred(desktops: [String]) -> (id: String, path: String, line: Int)? {
        for directory in environment.configSearchPath {
            for prefix in desktops.map({ $0.lowercased() + "-" }) + [""] {
                let path = directory + "/" + prefix + "xdg-terminals.list"
                guard let bytes = try? FileBytes.read(path) else { continue }
                for (index, line) in String(decoding: bytes, as: UTF8.self).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).enumerated() {
                    let id = Self.id(of: line)
                    if !id.isEmpty { return (id, path, index + 1) }
                }
            }
        }
        return nil
    }

    /// The text of a list after making `id` its first entry: other lines are kept, a line naming
    /// `id` elsewhere is dropped; nil when `id` is first already.
    public static func preferring(_ id: String, in old: String?) -> String? {
        var lines = (old ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let first = lines.firstIndex { !Self.id(of: $0).isEmpty }
        if let first, Self.id(of: lines[first]) == id { return nil }
        lines.removeAll { Self.id(of: $0) == id }
        lines.insert(id, at: lines.firstIndex { !Self.id(of: $0).isEmpty } ?? lines.count)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The desktop file ID a line names, or "" for a comment or a blank line.
    static func id(of line: some StringProtocol) -> String {
        let trimmed = String(line).trimmingSpaces()
        return trimmed.hasPrefix("#") ? "" : trimmed
    }

    /// Makes `id` the first entry of the list at `path`, or with `dryRun` only says how.
    ///
    /// - Throws: `AtomicFile.Failure` when it cannot be written.
    public static func prefer(_ id: String, at path: String, dryRun: Bool) throws -> ListChange {
        if dryRun {
            let old = (try? FileBytes.read(AtomicFile.resolvedTarget(path))).map { String(decoding: $0, as: UTF8.self) }
            guard let new = preferring(id, in: old) else { return .unchanged }
            return .wouldWrite(diff: UnifiedDiff.make(old: old, new: new, path: path))
        }
        guard let written = try AtomicFile.update(path, { old in preferring(id, in: old) }) else { return .unchanged }
        return .written(old: written.old, new: written.new)
    }
}
