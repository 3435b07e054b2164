import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension ApplicationIndex {
    /// The application whose `Exec` program is the file `program` runs (both looked up on `PATH`
    /// and followed through symbolic links), as xdg-utils' `binary_to_desktop_file` maps
    /// `$BROWSER` to a desktop entry: a shown application (not `Hidden`, not `NoDisplay`), the
    /// first by desktop file ID.
    public func application(runningProgram program: String) -> InstalledApplication? {
        guard let target = findProgram(program).flatMap(Self.canonicalPath) else { return nil }
        return applicationEntries().first { application in
            guard let entry = application.entry, !entry.hidden, !entry.noDisplay, let exec = entry.exec,
                let first = try? ExecTokenizer.tokenize(exec).first?.text
            else { return false }
            return findProgram(first).flatMap(Self.canonicalPath) == target
        }
    }

    /// Why `id` cannot be made a default, or nil when it can: not installed, or installed but
    /// unusable (hidden, its `TryExec` or `Exec` program missing, not an application).
    public func unusableReason(_ id: String) -> String? {
        guard let application = application(id) else { return "it is not installed" }
        return application.status.isUsable ? nil : application.status.description
    }

    /// `path` with every symbolic link and `.`/`..` resolved, or nil when it does not exist.
    private static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(PathCoding.cString(path), nil) else { return nil }
        defer { free(resolved) }
        return PathCoding.decode(cString: resolved)
    }
}
