/// xdg-desktop-portal's memory of "Open with" choices: the permission store's table
/// `desktop-used-apps`, whose entry for a content type holds, per requesting application, the
/// application chosen last, how many times in a row, and the threshold at which OpenURI stops
/// asking (3 unless the entry says otherwise).
public struct UsedApplications: Sendable, Equatable {
    /// One requesting application's memory.
    public struct Choice: Sendable, Equatable {
        /// The requesting application's ID; empty for applications outside a sandbox.
        public var requester: String
        /// The application chosen, a desktop ID without `.desktop`.
        public var application: String
        /// How many times in a row it was chosen.
        public var count: Int
        /// From this count on, OpenURI opens it without asking.
        public var threshold: Int

        /// A choice.
        public init(requester: String, application: String, count: Int, threshold: Int) {
            self.requester = requester
            self.application = application
            self.count = count
            self.threshold = threshold
        }
    }

    /// The threshold when an entry names none (xdg-desktop-portal's default).
    public static let defaultThreshold = 3

    /// The choices, in the store's order.
    public var choices: [Choice]
    /// Whether the entry asks every time (its data's `always-ask`).
    public var alwaysAsk: Bool

    /// The entry in the text `gdbus call` prints for the store's `Lookup` (GVariant text of
    /// `(a{sas}v)`: `({'': ['org.gnome.Evince', '3', '3']}, <byte 0x00>)`), or nil when the text is
    /// not of that form.
    public init?(lookupOutput text: String) {
        var scanner = GVariantTextScanner(Array(text.unicodeScalars))
        guard scanner.take("("), let permissions = scanner.stringListDictionary() else { return nil }
        choices = permissions.compactMap { (requester, values) -> Choice? in
            // The store keeps [application, count, threshold]; an entry without a count is not a choice.
            guard values.count >= 2, let count = Int(values[1]) else { return nil }
            let threshold = values.count > 2 ? Int(values[2].filter { $0 != " " }) : nil
            return Choice(
                requester: requester, application: values[0], count: count, threshold: threshold ?? Self.defaultThreshold)
        }
        let rest = String(String.UnicodeScalarView(scanner.rest))
        alwaysAsk = rest.contains("'always-ask': <true>")
    }
}

/// Reads the parts of GVariant's text form that the permission store's answer uses: a
/// dictionary of strings to lists of strings, quoted strings with their escapes.
private struct GVariantTextScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var rest: ArraySlice<Unicode.Scalar> { scalars[index...] }

    mutating func skipSpace() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\n" { index += 1 } }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        skipSpace()
        guard index < scalars.count, scalars[index] == scalar else { return false }
        index += 1
        return true
    }

    /// `{'key': ['a', 'b'], …}`, or `@a{sas} {}` for an empty one.
    mutating func stringListDictionary() -> [(String, [String])]? {
        skipSpace()
        if scalars[index...].starts(with: "@a{sas}".unicodeScalars) { index += 7 }
        guard take("{") else { return nil }
        var result: [(String, [String])] = []
        if take("}") { return result }
        repeat {
            guard let key = string(), take(":"), let values = stringList() else { return nil }
            result.append((key, values))
        } while take(",")
        return take("}") ? result : nil
    }

    /// `['a', "b"]`, or `@as []`.
    mutating func stringList() -> [String]? {
        skipSpace()
        if scalars[index...].starts(with: "@as".unicodeScalars) { index += 3 }
        guard take("[") else { return nil }
        var result: [String] = []
        if take("]") { return result }
        repeat {
            guard let value = string() else { return nil }
            result.append(value)
        } while take(",")
        return take("]") ? result : nil
    }

    /// A string in single or double quotes, with GVariant's backslash escapes.
    mutating func string() -> String? {
        skipSpace()
        guard index < scalars.count, scalars[index] == "'" || scalars[index] == "\"" else { return nil }
        let quote = scalars[index]
        index += 1
        var result = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == quote { return String(result) }
            guard scalar == "\\", index < scalars.count else {
                result.append(scalar)
                continue
            }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "u", "U":
                let width = escaped == "u" ? 4 : 8
                guard index + width <= scalars.count,
                    let value = UInt32(String(String.UnicodeScalarView(scalars[index..<index + width])), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                result.append(decoded)
                index += width
            default: result.append(escaped)
            }
        }
        return nil
    }
}
