/// The check of one list's `[Added Associations]` against its `[Removed Associations]`.
extension ConfigurationChecker {
    /// The same application added and removed for one type in one list (SPECS rule 45).
    func addedAndRemoved(
        added: [String: [(id: String, line: Int)]], removed: [String: [(id: String, line: Int)]],
        location: ListLocation
    ) -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        for type in added.keys.sorted() {
            guard let removals = removed[type] else { continue }
            let addedIDs = Set(added[type, default: []].map(\.id))
            var reported = Set<String>()
            for removal in removals where addedIDs.contains(removal.id) && reported.insert(removal.id).inserted {
                let suggestion =
                    "keep the addition, as every reader does now (assoc add \(type) \(removal.id)), "
                    + "or take it away (assoc remove \(type) \(removal.id))"
                let safe = location.scope == .userConfig
                found.append(
                    problem(
                        .addedAndRemoved, .error, path: location.path, line: removal.line,
                        "\(removal.id) is both added and removed for \(type), which the specification calls invalid; "
                            + "GIO and assoc let the addition win",
                        fix: safe
                            ? ConfigurationFix(suggestion, edit: .add(type: type, app: removal.id), in: location.path)
                            : ConfigurationFix(suggestion)))
            }
        }
        return found
    }
}
