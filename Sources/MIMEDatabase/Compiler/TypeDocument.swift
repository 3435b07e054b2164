internal import CLibXML2

/// The document that becomes one type's `MEDIA/SUBTYPE.xml`, built with libxml2's tree functions
/// in the steps `update-mime-database` takes, and serialised by libxml2 as it does
/// (UTF-8, indented), so the file has the same bytes.
///
/// It starts as `<mime-type type="…">` in the shared-mime-info namespace with the "DO NOT EDIT"
/// comment; each package's copied elements are appended, a `<comment>` replacing an earlier one of
/// the same `xml:lang`.
final class TypeDocument {
    private let document: UnsafeMutablePointer<xmlDoc>
    /// Namespace declarations taken off copied elements; still referenced by them, freed last.
    private var detachedNamespaces: [UnsafeMutablePointer<xmlNs>] = []

    init(typeName: [UInt8]) {
        document = xmlNewDoc("1.0")
        let root = xmlNewDocNode(document, nil, "mime-type", nil)
        let namespace = xmlNewNs(root, PackageXMLReader.namespace, nil)
        xmlSetNs(root, namespace)
        xmlDocSetRootElement(document, root)
        (typeName + [0]).withUnsafeBufferPointer { name in
            _ = xmlSetNsProp(root, nil, "type", name.baseAddress)
        }
        xmlAddChild(root, xmlNewDocComment(document, "Created automatically by update-mime-database. DO NOT EDIT!"))
    }

    deinit {
        xmlFreeDoc(document)
        for namespace in detachedNamespaces { xmlFreeNsList(namespace) }
    }

    /// Appends a deep copy of `field`, an element of a package's `<mime-type>`.
    ///
    /// A copy in the shared-mime-info namespace loses the namespace declarations libxml2 puts on
    /// it (the root already declares the namespace); a `<comment>` first removes the earlier
    /// comment of the same language, so a later package's translation replaces an earlier one.
    func append(_ field: UnsafeMutablePointer<xmlNode>) {
        guard let copy = xmlDocCopyNode(field, document, 1) else { return }
        if let namespace = copy.pointee.ns, namespace.pointee.prefix == nil,
            XMLNodes.equals(namespace.pointee.href, PackageXMLReader.namespace),
            let declarations = copy.pointee.nsDef
        {
            detachedNamespaces.append(declarations)
            copy.pointee.nsDef = nil
        }
        removeReplaced(by: field)
        xmlAddChild(xmlDocGetRootElement(document), copy)
    }

    private func removeReplaced(by field: UnsafeMutablePointer<xmlNode>) {
        guard XMLNodes.isFreedesktop(field, named: "comment") else { return }
        let language = XMLNodes.property(field, "lang", namespace: XMLNodes.xmlNamespace)
        var child = xmlDocGetRootElement(document)?.pointee.children
        while let current = child {
            if XMLNodes.isFreedesktop(current, named: "comment"),
                XMLNodes.property(current, "lang", namespace: XMLNodes.xmlNamespace) == language
            {
                xmlUnlinkNode(current)
                xmlFreeNode(current)
                return
            }
            child = current.pointee.next
        }
    }

    /// The document as libxml2 saves it: an XML declaration naming `utf-8`, two-space indents.
    func serialized() -> [UInt8] {
        var memory: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        xmlDocDumpFormatMemoryEnc(document, &memory, &size, "utf-8", 1)
        guard let memory else { return [] }
        defer { clibxml2_free(memory) }
        return Array(UnsafeBufferPointer(start: memory, count: Int(size)))
    }
}

/// Small readers over libxml2 tree nodes, with the matching rules `update-mime-database` uses.
enum XMLNodes {
    /// The namespace of `xml:lang`.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Whether the C string `pointer` equals `text`.
    static func equals(_ pointer: UnsafePointer<xmlChar>?, _ text: String) -> Bool {
        guard let pointer else { return false }
        return xmlStrEqual(pointer, text) != 0
    }

    /// The bytes of a C string.
    static func bytes(_ pointer: UnsafePointer<xmlChar>?) -> [UInt8] {
        guard let pointer else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(xmlStrlen(pointer))))
    }

    /// Whether `node` is in the shared-mime-info namespace.
    static func isFreedesktop(_ node: UnsafeMutablePointer<xmlNode>) -> Bool {
        equals(node.pointee.ns?.pointee.href, PackageXMLReader.namespace)
    }

    /// Whether `node` is the shared-mime-info element `name`.
    static func isFreedesktop(_ node: UnsafeMutablePointer<xmlNode>, named name: String) -> Bool {
        isFreedesktop(node) && equals(node.pointee.name, name)
    }

    /// The local name of `node`.
    static func name(_ node: UnsafeMutablePointer<xmlNode>) -> String {
        String(decoding: bytes(node.pointee.name), as: UTF8.self)
    }

    /// The attribute `name` without a namespace (or in `namespace`), as `xmlGetNsProp` finds it.
    static func property(_ node: UnsafeMutablePointer<xmlNode>, _ name: String, namespace: String? = nil) -> [UInt8]? {
        let raw: UnsafeMutablePointer<xmlChar>?
        if let namespace { raw = xmlGetNsProp(node, name, namespace) } else { raw = xmlGetNsProp(node, name, nil) }
        guard let raw else { return nil }
        defer { clibxml2_free(raw) }
        return bytes(raw)
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
