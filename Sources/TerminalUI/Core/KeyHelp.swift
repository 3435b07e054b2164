/// The help overlay every screen shows with `?`: its keys, one per line, and how to close it.
enum KeyHelp {
    /// The overlay's lines for `keys` (key, what it does), fitted to `lines` × `columns`.
    static func render(title: String, keys: [(String, String)], lines: Int, columns: Int) -> [StyledLine] {
        var result = [StyledLine(TextLayout.fit(title + ": keys", columns), style: .title)]
        for (key, meaning) in keys {
            result.append(StyledLine(TextLayout.fit("  " + TextLayout.fit(key, 16) + meaning, columns)))
        }
        result = Array(result.prefix(max(lines - 1, 1)))
        while result.count < lines - 1 { result.append(StyledLine(TextLayout.fit("", columns))) }
        result.append(StyledLine(TextLayout.fit("any key closes this help", columns), style: .status))
        return result
    }
}
