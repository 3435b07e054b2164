/// Checks on the spelling of MIME type names (SPECS rule 88).
public enum MIMETypeName {
    /// Whether `name` is `media/subtype` with both parts non-empty and no spaces or control characters.
    ///
    /// Subtypes may contain `+`, `.` and `-` (`application/x-ipynb+json`).
    public static func isValid(_ name: String) -> Bool {
        guard let slash = name.firstIndex(of: "/") else { return false }
        let media = name[..<slash]
        let subtype = name[name.index(after: slash)...]
        guard !media.isEmpty, !subtype.isEmpty, !subtype.contains("/") else { return false }
        return name.unicodeScalars.allSatisfy { $0.value > 32 && $0.value != 127 }
    }

    /// The media part, `image` for `image/png`.
    public static func media(of name: String) -> Substring {
        name.firstIndex(of: "/").map { name[..<$0] } ?? Substring(name)
    }
}
