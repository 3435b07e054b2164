import XDGSupport

extension DefaultsSnapshot {
    /// The format version written; a snapshot of another version is taken again.
    static let formatVersion = 1

    /// The snapshot as one JSON object: `version`, `time`, `defaults` (type → view → ID, `""`
    /// for none), `lists` (path → lines, in precedence order), `entries`, `files`,
    /// `definitions`, `patterns`, `inputs` (the fingerprints the incremental capture compares),
    /// `declared` and `named` (types, sorted). A reader that does not know the last three
    /// skips them; a snapshot without them is read with them empty.
    public var json: JSONValue {
        func strings(_ map: [String: String]) -> JSONValue {
            .object(map.keys.sorted().map { ($0, .string(map[$0] ?? "")) })
        }
        return .object([
            ("version", .int(Self.formatVersion)), ("time", .string(JournalTime.format(time))),
            (
                "defaults",
                .object(
                    defaults.keys.sorted().map { type in
                        let views = defaults[type] ?? [:]
                        return (type, .object(views.keys.sorted().map { ($0.key, .string(views[$0] ?? "")) }))
                    })
            ),
            ("lists", .object(lists.map { ($0.path, .strings($0.lines)) })),
            ("entries", strings(entries)), ("files", strings(files)), ("definitions", strings(definitions)),
            ("patterns", strings(patterns)), ("inputs", strings(inputs)), ("declared", .strings(declared.sorted())),
            ("named", .strings(named.sorted())),
        ])
    }

    /// Reads a snapshot written by `json`.
    ///
    /// - Throws: `JSONObject.Failure` naming the member that is wrong.
    public init(json value: JSONValue) throws(JSONObject.Failure) {
        let object = try JSONObject(value)
        guard (try? object.int("version")) == Self.formatVersion else {
            throw JSONObject.Failure(place: object.place(of: "version"), reason: "not version \(Self.formatVersion)")
        }
        time = JournalTime.parse(try object.string("time")) ?? 0
        let defaultsObject = try JSONObject(object["defaults"] ?? .object([]), at: object.place(of: "defaults"))
        var defaults: [String: [DefaultsView: String]] = [:]
        for (type, _) in defaultsObject.members {
            let views = try Self.strings(type, in: defaultsObject)
            defaults[type] = Dictionary(
                uniqueKeysWithValues: views.compactMap { key, id in DefaultsView(key: key).map { ($0, id) } })
        }
        self.defaults = defaults
        let listsObject = try JSONObject(object["lists"] ?? .object([]), at: object.place(of: "lists"))
        var lists: [(path: String, lines: [String])] = []
        for (path, _) in listsObject.members { lists.append((path, try listsObject.strings(path))) }
        self.lists = lists
        entries = try Self.strings("entries", in: object)
        files = try Self.strings("files", in: object)
        definitions = try Self.strings("definitions", in: object)
        patterns = try Self.strings("patterns", in: object)
        inputs = try Self.strings("inputs", in: object)
        declared = Set(object["declared"] == nil ? [] : try object.strings("declared"))
        named = Set(object["named"] == nil ? [] : try object.strings("named"))
    }

    private static func strings(_ key: String, in object: JSONObject) throws(JSONObject.Failure) -> [String: String] {
        let members = try JSONObject(object[key] ?? .object([]), at: object.place(of: key))
        var result: [String: String] = [:]
        for (name, _) in members.members { result[name] = try members.string(name) }
        return result
    }
}
