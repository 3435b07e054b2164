import MIMEDatabase
import XDGSupport

/// Checks before opening a file (DESIGN.md decision 7, SPECS rule 27).
public enum OpenSafety {
    /// Types that are programs: opening one must never run it.
    public static let programTypes = [
        "application/x-executable", "application/x-sharedlib", "application/x-shellscript", "application/x-desktop",
        "application/vnd.appimage", "application/x-iso9660-appimage", "application/x-ms-dos-executable",
        "application/x-msdownload", "application/x-perl", "text/x-python", "application/x-ruby",
    ]

    /// Whether a file of `type` is a program, a script or a launcher.
    public static func isProgram(_ type: String, database: MIMEDatabase) -> Bool {
        programTypes.contains { database.isA(type, $0) }
    }

    /// For a downloaded file (one with `user.xdg.origin.url`), a warning when its name and its
    /// content disagree, naming both types and the origin; nil when they agree or it is no download.
    public static func downloadMismatch(path: String, detector: TypeDetector) -> String? {
        guard let origin = ExtendedAttributes.value(ExtendedAttributes.originURL, of: path) else { return nil }
        let byName = detector.detect(name: path)
        guard let byContent = try? detector.detect(path: path, options: DetectionOptions(useName: false, useAttribute: false)),
            byName.source == .glob
        else { return nil }
        let database = detector.database
        let related = database.isA(byName.type, byContent.type) || database.isA(byContent.type, byName.type)
        let genericContent = byContent.type == "application/octet-stream" || byContent.type == "text/plain"
        if related || (genericContent && !isProgram(byContent.type, database: database)) { return nil }
        return "'\(path)' was downloaded from \(origin): its name says \(byName.type) but its content is \(byContent.type)"
    }
}
