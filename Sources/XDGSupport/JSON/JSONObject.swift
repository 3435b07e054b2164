/// The members of a JSON object read with their types checked, for decoding a document into a
/// model: each accessor names the member, and its place in the document, when it is wrong.
public struct JSONObject: Sendable {
    /// A member that is missing or of the wrong type.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Where in the document: `filters[1].name`.
        public var place: String
        /// What was expected there.
        public var reason: String

        /// A failure at `place`.
        public init(place: String, reason: String) {
            self.place = place
            self.reason = reason
        }

        /// The message, naming the place.
        public var description: String { "'\(place)': \(reason)" }
    }

    /// The members, in document order.
    public let members: [(String, JSONValue)]
    /// Where this object is in the document (empty for the top level).
    public let place: String

    /// Reads `value` as an object found at `place`.
    ///
    /// - Throws: `Failure` when it is not an object.
    public init(_ value: JSONValue, at place: String = "") throws(Failure) {
        guard case .object(let members) = value else {
            throw Failure(place: place.isEmpty ? "the document" : place, reason: "expected an object")
        }
        self.members = members
        self.place = place
    }

    /// The place of member `key`.
    public func place(of key: String) -> String { place.isEmpty ? key : place + "." + key }

    /// The value of `key`, or nil when absent or `null`.
    public subscript(key: String) -> JSONValue? {
        guard let value = members.first(where: { $0.0 == key })?.1, value != .null else { return nil }
        return value
    }

    private func wrong(_ key: String, _ expected: String) -> Failure {
        Failure(place: place(of: key), reason: "expected \(expected)")
    }

    /// The string `key`, which must be present.
    public func string(_ key: String) throws(Failure) -> String {
        guard let value = try optionalString(key) else { throw Failure(place: place(of: key), reason: "missing") }
        return value
    }

    /// The string `key`, or nil when absent or `null`.
    public func optionalString(_ key: String) throws(Failure) -> String? {
        guard let value = self[key] else { return nil }
        guard case .string(let text) = value else { throw wrong(key, "a string") }
        return text
    }

    /// The integer `key`, which must be present.
    public func int(_ key: String) throws(Failure) -> Int {
        guard let value = try optionalInt(key) else { throw Failure(place: place(of: key), reason: "missing") }
        return value
    }

    /// The integer `key`, or nil when absent or `null`.
    public func optionalInt(_ key: String) throws(Failure) -> Int? {
        guard let value = self[key] else { return nil }
        guard case .int(let number) = value else { throw wrong(key, "an integer") }
        return number
    }

    /// The boolean `key`, or `fallback` when absent or `null`.
    public func bool(_ key: String, default fallback: Bool = false) throws(Failure) -> Bool {
        guard let value = self[key] else { return fallback }
        guard case .bool(let flag) = value else { throw wrong(key, "true or false") }
        return flag
    }

    /// The array `key`, empty when absent or `null`.
    public func array(_ key: String) throws(Failure) -> [JSONValue] {
        guard let value = self[key] else { return [] }
        guard case .array(let items) = value else { throw wrong(key, "an array") }
        return items
    }

    /// The objects of the array `key`, each read at `key[index]`.
    public func objects(_ key: String) throws(Failure) -> [JSONObject] {
        var result: [JSONObject] = []
        for (index, item) in try array(key).enumerated() {
            result.append(try JSONObject(item, at: place(of: key) + "[\(index)]"))
        }
        return result
    }

    /// The strings of the array `key`, empty when absent.
    public func strings(_ key: String) throws(Failure) -> [String] {
        var result: [String] = []
        for (index, item) in try array(key).enumerated() {
            guard case .string(let text) = item else {
                throw Failure(place: place(of: key) + "[\(index)]", reason: "expected a string")
            }
            result.append(text)
        }
        return result
    }

    /// The path `key` in `JSONValue.path`'s form: the bytes of `key_bytes` when present, else the
    /// string `key`; nil when both are absent.
    public func path(_ key: String) throws(Failure) -> String? {
        guard let encoded = try optionalString(key + "_bytes") else { return try optionalString(key) }
        return try Self.decodedPath(encoded, place: place(of: key + "_bytes"))
    }

    /// The paths `key` in `JSONValue.paths`'s form: the bytes of `key_bytes` when present (one per
    /// path), else the strings of `key`.
    public func paths(_ key: String) throws(Failure) -> [String] {
        let texts = try strings(key)
        guard self[key + "_bytes"] != nil else { return texts }
        let encoded = try strings(key + "_bytes")
        guard encoded.count == texts.count else {
            throw Failure(place: place(of: key + "_bytes"), reason: "expected as many items as '\(key)' has")
        }
        var result: [String] = []
        for (index, item) in encoded.enumerated() {
            result.append(try Self.decodedPath(item, place: place(of: key + "_bytes") + "[\(index)]"))
        }
        return result
    }

    private static func decodedPath(_ encoded: String, place: String) throws(Failure) -> String {
        guard let bytes = Base64.decoded(encoded) else { throw Failure(place: place, reason: "expected base64") }
        return PathCoding.decode(bytes)
    }
}
