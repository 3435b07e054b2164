internal import CLibXML2

/// Writes a type's `MEDIA/SUBTYPE.xml` directly, with the bytes libxml2 (2.9) saves for the
/// document `TypeDocument` would build, when every element copied into it is simple; nil when one
/// is not, and libxml2 must build and save it.
///
/// Simple means: an element in the shared-mime-info namespace without a prefix and without
/// namespace declarations of its own; each attribute without a namespace or `xml:`-prefixed, its
/// value one text node (or empty); no child, or one text child. That is every element of the
/// packages shared-mime-info and applications ship (`<comment>`, `<glob>`, `<alias>`, `<icon>`…).
///
/// What libxml2 does with such a document, saved as UTF-8 and indented (`xmlDocDumpFormatMemoryEnc`
/// with `"utf-8"` and format 1): the declaration `<?xml version="1.0" encoding="utf-8"?>`, the root
/// start tag with its namespace declaration before its `type`, each child on its own line after
/// two spaces (a child with only text inside stays on one line), the end tag and a newline. With an
/// encoding named, characters beyond ASCII are written as they are; text escapes `<`, `>`, `&` and
/// carriage return (`xmlEscapeContent`); an attribute value also `"`, line feed and tab
/// (`xmlBufAttrSerializeTxtContent`); an element without children is written `<name/>`.
enum TypeFileSerializer {
    /// The comment `update-mime-database` puts first in every type's file.
    static let notice: StaticString = "Created automatically by update-mime-database. DO NOT EDIT!"

    /// The file for `typeName` with `fields` (elements of packages) in order, or nil when one of
    /// them is not simple.
    static func bytes(typeName: [UInt8], fields: [UnsafeMutablePointer<xmlNode>]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(256 + fields.count * 64)
        append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<mime-type xmlns=\"", to: &out)
        append(PackageXMLReader.namespaceLiteral, to: &out)
        append("\" type=\"", to: &out)
        appendEscaped(typeName, attribute: true, to: &out)
        append("\">\n  <!--", to: &out)
        append(notice, to: &out)
        append("-->\n", to: &out)
        for field in fields {
            guard appendElement(field, to: &out) else { return nil }
        }
        append("</mime-type>\n", to: &out)
        return out
    }

    /// Appends `  <name attributes…>text</name>\n` (or `/>`); false when `field` is not simple.
    private static func appendElement(_ field: UnsafeMutablePointer<xmlNode>, to out: inout [UInt8]) -> Bool {
        let node = field.pointee
        guard node.type == XML_ELEMENT_NODE, node.nsDef == nil, let namespace = node.ns, namespace.pointee.prefix == nil,
            XMLNodes.equals(namespace.pointee.href, PackageXMLReader.namespaceLiteral), let name = node.name
        else { return false }
        var text: UnsafeMutablePointer<xmlChar>?
        if let child = node.children {
            guard child.pointee.type == XML_TEXT_NODE, child.pointee.next == nil, let content = child.pointee.content else {
                return false
            }
            text = content
        }
        append("  <", to: &out)
        appendCString(name, to: &out)
        var attribute = node.properties
        while let current = attribute {
            let property = current.pointee
            out.append(UInt8(ascii: " "))
            if let attributeNamespace = property.ns {
                guard let prefix = attributeNamespace.pointee.prefix, XMLNodes.equals(prefix, "xml") else { return false }
                append("xml:", to: &out)
            }
            guard let attributeName = property.name else { return false }
            appendCString(attributeName, to: &out)
            append("=\"", to: &out)
            if let value = property.children {
                guard value.pointee.type == XML_TEXT_NODE, value.pointee.next == nil else { return false }
                if let content = value.pointee.content { appendEscaped(content, attribute: true, to: &out) }
            }
            out.append(UInt8(ascii: "\""))
            attribute = property.next
        }
        if let text {
            out.append(UInt8(ascii: ">"))
            appendEscaped(text, attribute: false, to: &out)
            append("</", to: &out)
            appendCString(name, to: &out)
            append(">\n", to: &out)
        } else {
            append("/>\n", to: &out)
        }
        return true
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        out += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    private static func appendCString(_ text: UnsafePointer<xmlChar>, to out: inout [UInt8]) {
        out += UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text)))
    }

    private static func appendEscaped(_ text: UnsafePointer<xmlChar>, attribute: Bool, to out: inout [UInt8]) {
        appendEscaped(UnsafeBufferPointer(start: text, count: Int(xmlStrlen(text))), attribute: attribute, to: &out)
    }

    private static func appendEscaped(_ text: [UInt8], attribute: Bool, to out: inout [UInt8]) {
        text.withUnsafeBufferPointer { appendEscaped($0, attribute: attribute, to: &out) }
    }

    /// Appends `text` escaped as libxml2 escapes text content, or with `attribute` an attribute value.
    private static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, attribute: Bool, to out: inout [UInt8]) {
        var start = 0
        for index in 0..<text.count {
            let replacement: StaticString
            switch text[index] {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case 0x0D: replacement = "&#13;"
            case UInt8(ascii: "\"") where attribute: replacement = "&quot;"
            case 0x0A where attribute: replacement = "&#10;"
            case 0x09 where attribute: replacement = "&#9;"
            default: continue
            }
            out += UnsafeBufferPointer(rebasing: text[start..<index])
            append(replacement, to: &out)
            start = index + 1
        }
        out += UnsafeBufferPointer(rebasing: text[start..<text.count])
    }
}
