import DesktopEntry
import MIMEDatabase
import XDGSupport

/// The checks of the installed desktop entries: broken files, `Exec` lines, `MimeType=` spellings
/// and desktop file IDs used twice.
extension ConfigurationChecker {
    func entryProblems() -> [ConfigurationProblem] {
        var found = duplicateProblems()
        for application in applications.allApplications() {
            if let broken = application.brokenDiagnostic {
                found.append(
                    problem(
                        .brokenEntry, .warning, path: application.path, line: broken.line,
                        broken.message.replacingSuffix("; entry ignored", with: "; no tool can use this entry"),
                        fix: ConfigurationFix("repair or delete the file")))
                continue
            }
            guard let entry = application.entry, entry.isApplication, !entry.hidden else { continue }
            found += execProblems(entry)
            found += typeProblems(entry)
            found += workingDirectoryProblems(entry)
        }
        return found
    }

    private func execProblems(_ entry: DesktopEntry) -> [ConfigurationProblem] {
        var lines: [(exec: String, line: Int?, label: String)] = []
        if let exec = entry.exec { lines.append((exec, entry.execLine, "Exec")) }
        for action in entry.actions {
            if let exec = action.exec {
                lines.append(
                    (
                        exec, lineOf("Exec", group: "Desktop Action \(action.identifier)", in: entry.path),
                        "the Exec of action '\(action.identifier)'"
                    ))
            }
        }
        var found: [ConfigurationProblem] = []
        for (exec, line, label) in lines {
            for finding in ExecLineCheck.findings(exec, label: label) {
                found.append(
                    problem(
                        finding.kind, finding.severity, path: entry.path, line: line, finding.message,
                        fix: ConfigurationFix(
                            isUsers(entry.path)
                                ? "correct the Exec line"
                                : "report it to the package; meanwhile a corrected copy in "
                                    + "\(environment.dataHome)/applications/\(entry.id) masks it")))
            }
        }
        return found
    }

    /// A `Path=` that is not an existing directory: every launch fails before the program starts.
    private func workingDirectoryProblems(_ entry: DesktopEntry) -> [ConfigurationProblem] {
        guard let directory = entry.workingDirectory, !FileBytes.isDirectory(directory) else { return [] }
        return [
            problem(
                .workingDirectoryMissing, .warning, path: entry.path,
                line: lineOf("Path", group: DesktopEntry.mainGroup, in: entry.path),
                "Path=\(directory) is not an existing directory, so the application cannot start in it",
                fix: ConfigurationFix("create the directory, or correct or remove the Path= line"))
        ]
    }

    /// Aliases and other spellings in `MimeType=`: indexes file the entry under the spelling.
    private func typeProblems(_ entry: DesktopEntry) -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        var line: Int??
        for type in entry.mimeTypes where MIMETypeName.isValid(type) && database.isKnown(type) {
            let canonical = database.canonicalName(type)
            guard canonical != type else { continue }
            if line == nil { line = lineOf("MimeType", group: DesktopEntry.mainGroup, in: entry.path) }
            let what = database.unaliasExact(type) == canonical ? "an alias of" : "another spelling of"
            found.append(
                problem(
                    .entryAliasType, .warning, path: entry.path, line: line ?? nil,
                    "MimeType= lists '\(type)', \(what) '\(canonical)'; mimeinfo.cache and the tools that read it "
                        + "file the entry under that spelling",
                    fix: ConfigurationFix("list '\(canonical)' instead")))
        }
        return found
    }

    /// The line of the unlocalised `key` in `group` of the file at `path`.
    func lineOf(_ key: String, group: String, in path: String) -> Int? {
        guard let bytes = try? FileBytes.read(path, limit: DesktopEntry.maximumSize) else { return nil }
        var ignored: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &ignored)
        return file.entries(in: group).first { $0.key == key && $0.locale == nil }?.line
    }

    // MARK: - Desktop file IDs

    /// IDs that two files share: in one directory, where which wins is undefined (SPECS rule 60),
    /// and across directories, where the more important one masks the other.
    private func duplicateProblems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        for directory in applications.directories {
            let paths = Self.entryFiles(in: directory.path)
            for id in paths.keys.sorted() {
                guard let files = paths[id], files.count > 1 else { continue }
                for other in files.dropFirst() where !FileBytes.isSameFile(other, files[0]) {
                    found.append(
                        problem(
                            .duplicateID, .warning, path: other,
                            "has the desktop file ID \(id), as \(files[0]) has: which of the two is used is undefined",
                            fix: ConfigurationFix("rename or delete one of them")))
                }
            }
        }
        for (index, directory) in applications.directories.enumerated() where index > 0 {
            for id in directory.table.ids.sorted() {
                guard let masking = applications.directories.prefix(index).firstIndex(where: { $0.table.contains(id) }),
                    let maskingPath = applications.directories[masking].table.path(of: id),
                    let path = directory.table.path(of: id)
                else { continue }
                // One directory reached twice (a data directory listed again through a link).
                if FileBytes.isSameFile(path, maskingPath) { continue }
                // A Hidden=true copy is how a user deletes an entry: masking is the point.
                if applications.application(id, in: masking)?.entry?.hidden == true { continue }
                found.append(
                    ConfigurationProblem(
                        kind: .duplicateID, severity: .note, path: path,
                        message: "is masked by \(maskingPath), which has the same desktop file ID \(id); only that one counts",
                        fix: ConfigurationFix("delete \(maskingPath) if it is an old copy")))
            }
        }
        return found
    }

    /// Every `.desktop` file below `directory` by ID, all of them (`ApplicationIndex` keeps one).
    static func entryFiles(in directory: String) -> [String: [String]] {
        var paths: [String: [String]] = [:]
        for file in DesktopFileScan.files(in: directory) { paths[file.id, default: []].append(file.path) }
        return paths
    }
}

extension String {
    /// The text with `suffix` replaced, when it ends with it.
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
