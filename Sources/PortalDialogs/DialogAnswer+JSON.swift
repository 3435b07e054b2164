import XDGSupport

extension DialogAnswer {
    /// The answer as JSON: `{"response":N}` alone unless the user chose, then the results too
    /// (`uris`, `choices`, `current_filter` when a filter was in use, `writable`, `choice` when there is one).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("response", .int(response.rawValue))]
        guard response == .chosen else { return .object(members) }
        members += [
            ("uris", .strings(uris)),
            ("choices", .array(choices.map { .object([("id", .string($0.id)), ("value", .string($0.value))]) })),
        ]
        if let currentFilter { members.append(("current_filter", .int(currentFilter))) }
        members.append(("writable", .bool(writable)))
        if let choice { members.append(("choice", .string(choice))) }
        return .object(members)
    }

    /// The line the dialog writes: the JSON and a newline.
    public var line: String { json.rendered + "\n" }

    /// The answer `bytes` hold (one line, without its newline), read from `source` (named in errors).
    ///
    /// - Throws: `PortalMessageError` naming `source` and the member that is wrong.
    public init(json bytes: [UInt8], source: String = "the answer line") throws(PortalMessageError) {
        self = try PortalMessageError.decoding(bytes, from: source) { object throws(JSONObject.Failure) in
            let code = try object.int("response")
            guard let response = Response(rawValue: code) else {
                throw JSONObject.Failure(place: "response", reason: "\(code) is not 0, 1 or 2")
            }
            var answer = DialogAnswer(response: response)
            answer.uris = try object.strings("uris")
            answer.choices = try object.objects("choices").map { (item) throws(JSONObject.Failure) in
                ChoiceValue(id: try item.string("id"), value: try item.string("value"))
            }
            answer.currentFilter = try object.optionalInt("current_filter")
            answer.writable = try object.bool("writable")
            answer.choice = try object.optionalString("choice")
            return answer
        }
    }
}
