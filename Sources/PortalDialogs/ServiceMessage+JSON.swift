import XDGSupport

extension ServiceMessage {
    /// The message as JSON: `{"update_choices":[…]}` or `{"close":true}`.
    public var json: JSONValue {
        switch self {
        case .updateChoices(let applications): return .object([("update_choices", .strings(applications))])
        case .close: return .object([("close", .bool(true))])
        }
    }

    /// The line the service writes: the JSON and a newline.
    public var line: String { json.rendered + "\n" }

    /// The message `bytes` hold (one line, without its newline).
    ///
    /// - Throws: `PortalMessageError` when it is neither form.
    public init(json bytes: [UInt8], source: String = "the service's line") throws(PortalMessageError) {
        self = try PortalMessageError.decoding(bytes, from: source) { object throws(JSONObject.Failure) in
            if object["update_choices"] != nil { return .updateChoices(try object.strings("update_choices")) }
            if try object.bool("close") { return .close }
            throw JSONObject.Failure(place: "the document", reason: "expected 'update_choices' or 'close'")
        }
    }
}
