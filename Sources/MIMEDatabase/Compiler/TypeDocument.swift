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
    /// The `<comment>` of each `xml:lang` (nil: none) in the document: there is at most one, since
    /// each one appended replaces the earlier one of its language.
    private var comments: [[UInt8]?: UnsafeMutablePointer<xmlNode>] = [:]

    init(typeName: [UInt8]) {
        document = xmlNewDoc("1.0")
        let root = xmlNewDocNode(document, nil, "mime-type", nil)
        let namespace = xmlNewNs(root, PackageXMLReader.namespaceLiteral.utf8Start, nil)
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
            XMLNodes.equals(namespace.pointee.href, PackageXMLReader.namespaceLiteral),
            let declarations = copy.pointee.nsDef
        {
            detachedNamespaces.append(declarations)
            copy.pointee.nsDef = nil
        }
        if XMLNodes.isFreedesktop(field, named: "comment") {
            let language = XMLNodes.property(field, "lang", namespace: XMLNodes.xmlNamespace)
            if let earlier = comments.updateValue(copy, forKey: language) {
                xmlUnlinkNode(earlier)
                xmlFreeNode(earlier)
            }
        }
        xmlAddChild(xmlDocGetRootElement(document), copy)
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
