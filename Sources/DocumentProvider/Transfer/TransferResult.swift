/// What happened to one document that was copied or moved.
public struct TransferResult: Sendable, Equatable {
    /// How the document got to its destination.
    public enum Method: String, Sendable, Equatable {
        /// Copied; the source stays.
        case copy
        /// Renamed within one file system.
        case rename
        /// Copied to another file system, checked, and the source removed.
        case copyAndDelete = "copy-and-delete"
        /// Nothing to do: the source already is the destination.
        case none
    }

    /// The source path as given.
    public var source: String
    /// The final path.
    public var destination: String
    /// How it got there.
    public var method: Method
    /// Whether a file that was there before was replaced (only with `--replace`).
    public var replaced: Bool
    /// `user.*` attributes the destination's file system does not support, so not copied.
    public var droppedAttributes: [String]
    /// assoc's own `user.assoc.*` attributes that a renamed file kept because they could not be
    /// removed (a copy never has them).
    public var retainedAttributes: [String]

    /// Creates a result.
    public init(
        source: String, destination: String, method: Method, replaced: Bool = false,
        droppedAttributes: [String] = [], retainedAttributes: [String] = []
    ) {
        self.source = source
        self.destination = destination
        self.method = method
        self.replaced = replaced
        self.droppedAttributes = droppedAttributes
        self.retainedAttributes = retainedAttributes
    }
}
