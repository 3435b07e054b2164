import DesktopEntry
import XDGSupport

extension InstalledApplication {
    /// For an entry that could not be loaded at all, what is wrong with it, naming its file and,
    /// where there is one, the line; nil for an entry that loaded.
    public var brokenDiagnostic: Diagnostic? {
        guard case .broken(let reason) = status else { return nil }
        // The reason is DesktopEntryError's message: "PATH:LINE: what", "PATH: what" or other text.
        let unreadable = "cannot read '\(path)': "
        if reason.hasPrefix(unreadable) {
            return Diagnostic(path: path, message: "cannot read: " + reason.dropFirst(unreadable.count) + "; entry ignored")
        }
        guard reason.hasPrefix(path + ":") else { return Diagnostic(path: path, message: reason + "; entry ignored") }
        var rest = Substring(reason.dropFirst(path.count + 1))
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        var line: Int?
        if !digits.isEmpty, rest.dropFirst(digits.count).first == ":" {
            line = Int(digits)
            rest = rest.dropFirst(digits.count + 1)
        }
        return Diagnostic(path: path, line: line, message: rest.trimmingSpaces() + "; entry ignored")
    }
}
