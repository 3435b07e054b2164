internal import CNcurses
import XDGSupport

/// Fitting text into terminal columns: escaped, measured by display width, cut with `…`, padded.
public enum TextLayout {
    /// The columns `text` takes on a terminal (wide characters count two, combining marks none).
    public static func width(_ text: String) -> Int { width(of: text.unicodeScalars) }

    private static func width(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        var total = 0
        for scalar in scalars {
            if scalar.isASCII {
                total += 1
                continue
            }
            let columns = Int(cncurses_width(scalar.value))
            total += max(columns, 0)
        }
        return total
    }

    /// `text` cut to at most `columns` columns (ending in `…` when cut) and, with `pad`, padded
    /// with spaces to exactly `columns`.
    public static func fit(_ text: String, _ columns: Int, pad: Bool = true) -> String {
        guard columns > 0 else { return "" }
        let full = width(text)
        if full <= columns {
            return pad && full < columns ? text + String(repeating: " ", count: columns - full) : text
        }
        var result = ""
        var used = 0
        let room = columns - 1
        for character in text {
            let characterWidth = width(of: character.unicodeScalars)
            if used + characterWidth > room { break }
            result.append(character)
            used += characterWidth
        }
        result += "…"
        used += 1
        return pad && used < columns ? result + String(repeating: " ", count: columns - used) : result
    }

    /// `text` right-aligned in `columns` columns.
    public static func right(_ text: String, _ columns: Int) -> String {
        let used = width(text)
        return used >= columns ? fit(text, columns) : String(repeating: " ", count: columns - used) + text
    }

    /// A name from the file system or a desktop entry, safe to draw: control characters and
    /// bidirectional overrides escaped, bytes that are not UTF-8 shown as `\xNN`.
    public static func safe(_ text: String) -> String { Terminal.sanitized(text) }
}
