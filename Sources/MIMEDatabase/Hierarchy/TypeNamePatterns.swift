#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one place where a pattern given for types (an extension, a wildcard) turns into the known
/// types it names: `assoc set .pdf`, `set 'image/*'`, `list --type application/vnd.oasis.*` and the
/// document provider's filters all ask here.
extension MIMEDatabase {
    /// Whether `text` is a wildcard over type names: it has `*`, `?` or `[`.
    public static func isTypeWildcard(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The canonical types whose glob is `*.EXT` for the extension `.EXT` (matched without regard
    /// to case), in the order of the database's globs.
    public func types(withExtension fileExtension: String) -> [String] {
        guard fileExtension.hasPrefix("."), fileExtension.count > 1 else { return [] }
        let pattern = "*" + fileExtension.lowercased()
        var types: [String] = []
        for rule in contents.globs where rule.pattern.lowercased() == pattern && !types.contains(rule.mimeType) {
            types.append(rule.mimeType)
        }
        return types
    }

    /// The known canonical types whose name a wildcard (`image/*`,
    /// `application/vnd.oasis.opendocument.*`, `text/x-?sh`) matches, as fnmatch(3) matches
    /// names, without regard to case; sorted.
    public func types(matchingWildcard wildcard: String) -> [String] {
        let pattern = wildcard.lowercased()
        return allTypes.filter { fnmatch(pattern, $0.lowercased(), 0) == 0 }
    }
}
