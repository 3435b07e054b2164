/// What a dialog answers: the portal's response and results.
public struct DialogAnswer: Sendable, Equatable {
    /// The portal's response codes.
    public enum Response: Int, Sendable, Equatable {
        /// The user chose.
        case chosen = 0
        /// The user cancelled.
        case cancelled = 1
        /// The dialog ended another way (it died, it was closed).
        case other = 2
    }

    /// A choice's value in the answer.
    public struct ChoiceValue: Sendable, Equatable {
        /// The choice's identifier.
        public var id: String
        /// The value: an option's id, or "true"/"false" for a check box.
        public var value: String

        /// A choice's value.
        public init(id: String, value: String) {
            self.id = id
            self.value = value
        }
    }

    /// The response.
    public var response: Response
    /// The chosen files as normalised `file://` URIs (`FileURL`), in order.
    public var uris: [String] = []
    /// The value of each choice.
    public var choices: [ChoiceValue] = []
    /// The index into the request's filters of the filter in use, or nil for none.
    public var currentFilter: Int?
    /// Whether the application may write the chosen files (OpenFile).
    public var writable: Bool = false
    /// The chosen application, a desktop ID without `.desktop` (ChooseApplication).
    public var choice: String?

    /// An answer with `response` and no results.
    public init(response: Response) { self.response = response }

    /// The answer of a cancel: `{"response":1}`.
    public static let cancelled = DialogAnswer(response: .cancelled)
}
