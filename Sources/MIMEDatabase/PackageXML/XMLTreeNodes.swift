internal import CLibXML2

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Small readers over libxml2 tree nodes, with the matching rules `update-mime-database` uses.
///
/// Names are given as static strings, whose bytes libxml2 reads in place: a `String` would be
/// copied to a new C string at every call, and the compiler makes hundreds of thousands.
enum XMLNodes {
    /// The namespace of `xml:lang`.
    static let xmlNamespace: StaticString = "http://www.w3.org/XML/1998/namespace"

    /// Whether the C string `pointer` equals `text` (the C library's `strcmp`, many times faster
    /// than libxml2's byte loop on the namespace every element is compared with).
    static func equals(_ pointer: UnsafePointer<xmlChar>?, _ text: StaticString) -> Bool {
        guard let pointer else { return false }
        return pointer.withMemoryRebound(to: CChar.self, capacity: 1) { name in
            text.utf8Start.withMemoryRebound(to: CChar.self, capacity: 1) { strcmp(name, $0) == 0 }
        }
    }

    /// The bytes of a C string.
    static func bytes(_ pointer: UnsafePointer<xmlChar>?) -> [UInt8] {
        guard let pointer else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(xmlStrlen(pointer))))
    }

    /// Whether `node` is in the shared-mime-info namespace.
    static func isFreedesktop(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        equals(node.pointee.ns?.pointee.href, PackageXMLReader.namespaceLiteral)
    }

    /// Whether `node` is the shared-mime-info element `name`.
    static func isFreedesktop(_ node: UnsafeMutablePointer<xmlNode>, named name: StaticString) -> Bool {
        isFreedesktop(node) && equals(node.pointee.name, name)
    }

    /// The local name of `node`.
    static func name(_ node: UnsafeMutablePointer<xmlNode>) -> String {
        String(decoding: bytes(node.pointee.name), as: UTF8.self)
    }

    /// The attribute `name` without a namespace (or in `namespace`), as `xmlGetNsProp` finds it.
    static func property(_ node: UnsafeMutablePointer<xmlNode>, _ name: StaticString, namespace: StaticString? = nil)
        -> [UInt8]?
    {
        guard let raw = xmlGetNsProp(node, name.utf8Start, namespace?.utf8Start) else { return nil }
        defer { clibxml2_free(raw) }
        return bytes(raw)
    }

    /// The bytes of `node`'s attribute `name` in `namespace` as `xmlGetNsProp` gives them, read in
    /// place when the value is one text node (as nearly every value is) rather than copied twice.
    static func propertyBytes(_ node: UnsafeMutablePointer<xmlNode>, _ name: StaticString, namespace: StaticString)
        -> [UInt8]?
    {
        guard let attribute = xmlHasNsProp(node, name.utf8Start, namespace.utf8Start) else { return nil }
        if attribute.pointee.type == XML_ATTRIBUTE_NODE, let text = attribute.pointee.children,
            text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil, let content = text.pointee.content
        {
            return bytes(content)
        }
        return property(node, name, namespace: namespace)
    }

    /// The element children of `node`, in document order.
    static func elements(of node: UnsafeMutablePointer<xmlNode>) -> [UnsafeMutablePointer<xmlNode>] {
        var result: [UnsafeMutablePointer<xmlNode>] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    /// The line `node` starts on.
    static func line(_ node: UnsafeMutablePointer<xmlNode>) -> Int { Int(xmlGetLineNo(node)) }
}
