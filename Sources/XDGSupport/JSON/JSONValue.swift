/// A JSON value with object keys kept in the order they were given, rendered on one line.
///
/// assoc prints JSON Lines with stable field names (DESIGN.md, the command-line contract); a small
/// renderer keeps Foundation's encoder and its start-up cost out of the single-query path.
public enum JSONValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object with ordered keys.
    case object([(String, JSONValue)])

    /// A string, or `null` when `value` is nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The members for a path: `key` with the path as a string and, when the path is not its own
    /// UTF-8 (a name with bytes that are not UTF-8, or with one of the scalars that carry them),
    /// `key_bytes` with the path's exact bytes in base64.
    ///
    /// A consumer takes `key_bytes` when present and the UTF-8 of `key` otherwise; `key` alone
    /// shows each carried byte as the private-use character U+10FF00 + byte.
    public static func path(_ key: String, _ value: String?) -> [(String, JSONValue)] {
        guard let value else { return [(key, .null)] }
        guard PathCoding.carriesBytes(value) else { return [(key, .string(value))] }
        return [(key, .string(value)), (key + "_bytes", .string(Base64.encoded(PathCoding.encode(value))))]
    }

    /// An array of strings.
    public static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// The members for a list of paths: `key` with the paths as strings and, when any of them is
    /// not its own UTF-8, `key_bytes` with every path's exact bytes in base64, in the same order.
    public static func paths(_ key: String, _ values: [String]) -> [(String, JSONValue)] {
        guard values.contains(where: PathCoding.carriesBytes) else { return [(key, strings(values))] }
        return [(key, strings(values)), (key + "_bytes", strings(values.map { Base64.encoded(PathCoding.encode($0)) }))]
    }

    /// The compact JSON text.
    public var rendered: String {
        var output = ""
        render(into: &output)
        return output
    }

    private func render(into output: inout String) {
        switch self {
        case .string(let text): Self.quote(text, into: &output)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.render(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.quote(key, into: &output)
                output += ":"
                value.render(into: &output)
            }
            output += "}"
        }
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        // Printable ASCII other than the quote and the backslash needs no escape: such a string (a type,
        // an ID, a path, most lines of a list) is copied whole rather than scalar by scalar.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            // Every character a terminal must not receive raw (C0, DEL, C1, bidirectional
            // controls: `Terminal.needsEscaping`) and the two JavaScript line ends, as \uXXXX:
            // valid JSON that reads back the same, and safe when the output is a terminal.
            case _ where Terminal.needsEscaping(scalar) || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Two values are equal when they render the same text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered == rhs.rendered }
}
