/// Desktop file IDs (SPECS rule 60).
public enum DesktopFileID {
    /// The ID of a file at `relativePath` below an `applications/` directory: `/` becomes `-`,
    /// so `kde4/okular.desktop` is `kde4-okular.desktop`.
    public static func from(relativePath: String) -> String {
        String(relativePath.map { $0 == "/" ? "-" : $0 })
    }

    /// Whether `id` is shaped like a desktop file ID: ends in `.desktop`, no `/`, no control characters.
    public static func isValid(_ id: String) -> Bool {
        id.hasSuffix(".desktop") && id.count > ".desktop".count && !id.contains("/")
            && id.unicodeScalars.allSatisfy { $0.value >= 32 }
    }
}
