/// Decoding of key-file values: string escapes, lists and booleans (SPECS rule 62).
public enum KeyFileValue {
    /// Undoes the escapes `\s`, `\n`, `\t`, `\r` and `\\`; any other backslash pair is kept as is.
    public static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var iterator = value.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            case let other?: result.append("\\"); result.append(other)
            case nil: result.append("\\")
            }
        }
        return result
    }

    /// Splits a `;`-separated list; `\;` is a literal semicolon, and a trailing `;` ends the list.
    ///
    /// The other escapes are undone in each element.
    public static func list(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var iterator = value.makeIterator()
        while let character = iterator.next() {
            if character == "\\" {
                guard let next = iterator.next() else {
                    current.append("\\")
                    break
                }
                if next == ";" { current.append(";") } else { current.append("\\"); current.append(next) }
            } else if character == ";" {
                items.append(unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { items.append(unescape(current)) }
        return items
    }

    /// Reads a boolean: `true`/`false`, and the pre-1.0 `1`/`0`; anything else is `nil`.
    public static func boolean(_ value: String) -> Bool? {
        switch value.trimmingSpaces() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}
