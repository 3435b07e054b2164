import DesktopEntry
import MIMEDatabase

extension ConfigurationChecker {
    /// The problems of the role lists (`roles.list`, DESIGN.md decision 19): lines the key-file
    /// reader could not read, role defaults whose application is not installed or cannot be used,
    /// and role defaults whose application declares neither the type nor a supertype of it.
    func roleProblems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        for list in RolesList.all(for: environment, database: database) where list.exists || !list.diagnostics.isEmpty {
            for diagnostic in list.diagnostics {
                found.append(
                    problem(
                        .listSyntax, .warning, path: diagnostic.path, line: diagnostic.line, diagnostic.message,
                        fix: ConfigurationFix("correct or delete the line")))
            }
            for group in [AssociationGroup.editApplications, .markupApplications] {
                for (key, value) in list.entries(group) {
                    for id in value.ids { found += problems(of: id, key: key, value: value, group: group, in: list) }
                }
            }
        }
        return found
    }

    /// The problems of one ID of a role default.
    private func problems(
        of id: String, key: String, value: ListValue, group: AssociationGroup, in list: RolesList
    ) -> [ConfigurationProblem] {
        let role = group == .editApplications ? "edit" : "markup"
        let fix = ConfigurationFix(
            "choose another with: assoc set --role \(role) \(key) APP, or: assoc unset --role \(role) \(key)")
        guard let application = applications.application(id) else {
            return [
                problem(
                    .roleDefaultMissing, .warning, path: list.path, line: value.line,
                    "[\(group.rawValue)] \(value.key): '\(id)' is not installed, so the \(role) role passes over it", fix: fix)
            ]
        }
        guard application.status.isUsable else {
            return [
                problem(
                    .roleDefaultMissing, .warning, path: list.path, line: value.line,
                    "[\(group.rawValue)] \(value.key): '\(id)' cannot be used (\(application.status.description)), "
                        + "so the \(role) role passes over it", fix: fix)
            ]
        }
        let declared = Set((application.entry?.mimeTypes ?? []).map(database.canonicalName))
        let declares: Bool
        if key.hasSuffix("/*") {
            let media = key.dropLast(2)
            declares = declared.contains { MIMETypeName.media(of: $0) == media }
        } else {
            declares = resolver.specChain(key).contains(where: declared.contains)
        }
        guard !declares else { return [] }
        return [
            problem(
                .roleDefaultUndeclared, .warning, path: list.path, line: value.line,
                "[\(group.rawValue)] \(value.key): '\(id)' declares neither \(key) nor a supertype of it in MimeType=; "
                    + "assoc uses it since it was chosen, but it may not open such files", fix: fix)
        ]
    }
}
