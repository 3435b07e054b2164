/// A `<root-XML>` rule: an XML document whose root element has this namespace and name is of
/// `mimeType` (SPECS rule 34). An empty `localName` matches any element in the namespace.
public struct RootXMLRule: Sendable, Hashable {
    /// The namespace URI of the document element.
    public var namespaceURI: String
    /// The local name of the document element, or empty for any.
    public var localName: String
    /// The type such a document has.
    public var mimeType: String

    /// Creates a rule.
    public init(namespaceURI: String, localName: String, mimeType: String) {
        self.namespaceURI = namespaceURI
        self.localName = localName
        self.mimeType = mimeType
    }
}
