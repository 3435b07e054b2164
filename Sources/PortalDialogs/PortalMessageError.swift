import XDGSupport

/// A request, answer or service line that cannot be read: it names where it came from and what is wrong.
public struct PortalMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the message came from: a file's path, or "the answer line".
    public var source: String
    /// What is wrong, in a phrase.
    public var reason: String

    /// An error about the message from `source`.
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    /// The message, naming the source.
    public var description: String { "\(source): \(reason)" }

    /// Reads the JSON text `bytes` from `source` and decodes it with `decode`, every failure named by `source`.
    static func decoding<Value>(
        _ bytes: [UInt8], from source: String, _ decode: (JSONObject) throws(JSONObject.Failure) -> Value
    ) throws(PortalMessageError) -> Value {
        do {
            let value = try JSONReader(maximumSize: PortalDialogs.maximumMessageSize).read(bytes)
            return try decode(try JSONObject(value))
        } catch let failure as JSONReader.Failure {
            throw PortalMessageError(source: source, reason: failure.description)
        } catch let failure as JSONObject.Failure {
            throw PortalMessageError(source: source, reason: failure.description)
        } catch {
            throw PortalMessageError(source: source, reason: "\(error)")
        }
    }
}
