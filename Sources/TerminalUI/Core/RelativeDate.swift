import DocumentProvider

/// Dates as a picker shows them: relative when recent, ISO 8601 otherwise.
public enum RelativeDate {
    /// `just now`, `5 min ago`, `3 h ago`, `2 days ago` within a week of `now`; otherwise
    /// `2024-05-01 12:34` (UTC). A time in the future is shown as a date.
    public static func text(_ seconds: Int64, now: Int64) -> String {
        let age = now - seconds
        switch age {
        case 0..<60: return "just now"
        case 60..<3600: return "\(age / 60) min ago"
        case 3600..<86400: return "\(age / 3600) h ago"
        case 86400..<(7 * 86400): return age < 2 * 86400 ? "1 day ago" : "\(age / 86400) days ago"
        default:
            let iso = Document.iso8601(seconds: seconds)
            return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5))
        }
    }
}
