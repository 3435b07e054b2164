/// Recognises a group name that was meant to be one of the groups of `mimeapps.list`.
enum GroupNameSpelling {
    /// The group `name` was probably meant to be, when it is not one itself: the same letters in
    /// another case, or at most two letters added, dropped or changed (`[Added Association]`).
    /// Other groups, such as KDE's `[Added KDE Service Associations]`, are left alone.
    static func intended(_ name: String) -> AssociationGroup? {
        let groups: [AssociationGroup] = [.defaultApplications, .addedAssociations, .removedAssociations]
        guard !groups.contains(where: { $0.rawValue == name }) else { return nil }
        let folded = Array(name.lowercased().unicodeScalars)
        return groups.first { group in
            let target = Array(group.rawValue.lowercased().unicodeScalars)
            return distance(folded, target, atMost: 2) <= 2
        }
    }

    /// The Levenshtein distance of `a` and `b`, or `limit + 1` once it is known to be more.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            if !current.contains(where: { $0 <= limit }) { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
