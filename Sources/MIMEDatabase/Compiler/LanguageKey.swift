internal import CLibXML2

/// A number for a `<comment>`'s `xml:lang` (FNV-1a of its bytes; one fixed number without one),
/// so that `TypeDocument` finds the earlier comment of a language without making and hashing a
/// copy of its name for each of the tens of thousands of translated comments a database has,
/// which cost more than the rest of reading the type. Two languages can share a number: equal
/// numbers are confirmed by `sameLanguage`.
enum LanguageKey {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    /// The number of `field`'s language.
    static func of(_ field: UnsafeMutablePointer<xmlNode>) -> UInt64 {
        if let text = inPlace(field) {
            guard let text else { return 0 }
            return hash(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))))
        }
        guard let bytes = XMLNodes.propertyBytes(field, "lang", namespace: XMLNodes.xmlNamespace) else { return 0 }
        return bytes.withUnsafeBufferPointer(hash)
    }

    /// Whether `earlier` (a comment, or nil for one removed) has `field`'s language, as
    /// `xmlGetNsProp` reads both.
    static func sameLanguage(_ earlier: UnsafeMutablePointer<xmlNode>?, _ field: UnsafeMutablePointer<xmlNode>) -> Bool {
        guard let earlier, XMLNodes.isFreedesktop(earlier, named: "comment") else { return false }
        let language = { XMLNodes.propertyBytes($0, "lang", namespace: XMLNodes.xmlNamespace) }
        return language(earlier) == language(field)
    }

    /// The value of `field`'s own `xml:lang` when it is one text node, read in place: `.some(nil)`
    /// when the element has no `xml:lang` and its document declares no defaults (no internal
    /// subset), nil when only `xmlGetNsProp` can tell.
    private static func inPlace(_ field: UnsafeMutablePointer<xmlNode>) -> UnsafePointer<xmlChar>?? {
        var attribute = field.pointee.properties
        while let current = attribute {
            if XMLNodes.equals(current.pointee.name, "lang"),
                XMLNodes.equals(current.pointee.ns?.pointee.href, XMLNodes.xmlNamespace)
            {
                guard let text = current.pointee.children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil,
                    let content = text.pointee.content
                else { return nil }
                return .some(UnsafePointer(content))
            }
            attribute = current.pointee.next
        }
        return field.pointee.doc?.pointee.intSubset == nil ? .some(nil) : nil
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value = offsetBasis
        for byte in bytes { value = (value ^ UInt64(byte)) &* prime }
        return value
    }
}
