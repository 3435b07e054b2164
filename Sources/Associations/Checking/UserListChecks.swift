import XDGSupport

/// The checks of the user's own list as a file: a symbolic link, or one that cannot be written.
extension ConfigurationChecker {
    /// The user's list as a file: a link that settings dialogs replace, or one nobody may write.
    func userListProblems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        for location in resolver.lists.map(\.location) where location.scope == .userConfig && location.kind == .mimeapps {
            let path = location.path
            guard FileBytes.exists(path) else { continue }
            if FileBytes.isSymbolicLink(path) {
                found.append(
                    problem(
                        .symlinkedList, .warning, path: path,
                        "is a symbolic link to '\(FileBytes.linkTarget(path) ?? "?")': assoc writes through it, but "
                            + "desktop settings (GNOME, KDE, pcmanfm-qt) replace it with a file, and the two drift apart",
                        fix: ConfigurationFix(
                            "keep the link only if no settings dialog writes defaults; else replace it "
                                + "with a copy of its target")))
            }
            if FileBytes.isReadOnly(AtomicFile.resolvedTarget(path)) {
                found.append(
                    problem(
                        .readOnlyList, .warning, path: path,
                        "cannot be written: assoc refuses to change it and prints the change instead, and other tools "
                            + "fail or replace it",
                        fix: ConfigurationFix(
                            "chmod u+w '\(AtomicFile.resolvedTarget(path))', or change it where it is managed "
                                + "(for example home-manager)")))
            }
        }
        return found
    }
}
