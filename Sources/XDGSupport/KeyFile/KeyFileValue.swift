/// Decoding of key-file values: string escapes, lists and booleans (SPECS rule 62).
///
/// Values are walked as Unicode scalars, not Characters: it is much faster, and a combining mark
/// after `\` or `;` must not change how the escape or separator reads.
public enum KeyFileValue {
    /// Undoes the escapes `\s`, `\n`, `\t`, `\r` and `\\`; any other backslash pair is kept as is.
    public static func unescape(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var result = String.UnicodeScalarView()
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            switch iterator.next() {
            case "s": result.append(" ")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\\": result.append("\\")
            case let other?:
                result.append("\\")
                result.append(other)
            case nil: result.append("\\")
            }
        }
        return String(result)
    }

    /// Splits a `;`-separated list; `\;` is a literal semicolon, and a trailing `;` ends the list.
    ///
    /// The other escapes are undone in each element.
    public static func list(_ value: String) -> [String] {
        var storage = value
        let plain: [String]? = storage.withUTF8 { bytes in
            // The common case: no escapes at all; cut at each ';' byte.
            guard !bytes.contains(UInt8(ascii: "\\")) else { return nil }
            var items: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ";") {
                items.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            }
            if items.last == "" { items.removeLast() }
            return items
        }
        if let plain { return plain }
        var items: [String] = []
        var current = String.UnicodeScalarView()
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\\" {
                guard let next = iterator.next() else {
                    current.append("\\")
                    break
                }
                if next == ";" {
                    current.append(";")
                } else {
                    current.append("\\")
                    current.append(next)
                }
            } else if scalar == ";" {
                items.append(unescape(String(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { items.append(unescape(String(current))) }
        return items
    }

    /// Writes `items` as a list that `list` reads back as `items`: each element with `;`, the
    /// backslash and the line-breaking characters escaped, and followed by `;`.
    public static func listValue(_ items: [String]) -> String {
        var result = String.UnicodeScalarView()
        for item in items {
            for scalar in item.unicodeScalars {
                switch scalar {
                case ";": result.append(contentsOf: "\\;".unicodeScalars)
                case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
                case "\n": result.append(contentsOf: "\\n".unicodeScalars)
                case "\t": result.append(contentsOf: "\\t".unicodeScalars)
                case "\r": result.append(contentsOf: "\\r".unicodeScalars)
                default: result.append(scalar)
                }
            }
            result.append(";")
        }
        return String(result)
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
