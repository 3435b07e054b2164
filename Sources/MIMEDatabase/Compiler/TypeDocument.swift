internal import CLibXML2

/// A parsed package, freed when the last type document that copies from it is gone.
final class PackageDocument {
    let document: UnsafeMutablePointer<xmlDoc>

    init(_ document: UnsafeMutablePointer<xmlDoc>) { self.document = document }

    deinit { xmlFreeDoc(document) }
}

/// The document that becomes one type's `MEDIA/SUBTYPE.xml`: `<mime-type type="…">` in the
/// shared-mime-info namespace with the "DO NOT EDIT" comment, then each package's copied elements
/// in order, a `<comment>` replacing an earlier one of the same `xml:lang`. Its bytes are those
/// `update-mime-database` writes: it builds the document with libxml2's tree functions and
/// libxml2 saves it (UTF-8, two-space indents).
///
/// The elements are kept as they are in their packages (which stay parsed meanwhile) and are
/// written once, at the end. When every one is simple — an element in the shared-mime-info
/// namespace with no namespace declarations of its own, attributes without a namespace or in
/// `xml:`, each one text, and at most one text child (`TypeFileSerializer`) — the bytes are made
/// directly, as libxml2 would save them; otherwise the document is built and saved by libxml2
/// exactly as the reference compiler does.
final class TypeDocument {
    private let typeName: [UInt8]
    /// The elements copied in, in order; nil where a later comment of the same language replaced one.
    private var fields: [UnsafeMutablePointer<xmlNode>?] = []
    /// The index in `fields` of the `<comment>` of each `xml:lang`, by `LanguageKey`: there is at
    /// most one comment per language, since each one appended replaces the earlier one of its
    /// language. Two languages of one key are told apart by `append`.
    private var comments: [UInt64: Int] = [:]
    /// The packages the elements belong to, kept parsed while this document may be written.
    private var packages: [PackageDocument] = []

    init(typeName: [UInt8]) { self.typeName = typeName }

    /// Appends `field`, an element of a package's `<mime-type>` in `package`. A `<comment>` first
    /// removes the earlier comment of the same language, so a later package's translation
    /// replaces an earlier one.
    func append(_ field: UnsafeMutablePointer<xmlNode>, of package: PackageDocument) {
        if packages.last !== package { packages.append(package) }
        if XMLNodes.isFreedesktop(field, named: "comment") {
            let key = LanguageKey.of(field)
            if let earlier = comments[key] {
                if LanguageKey.sameLanguage(fields[earlier], field) {
                    fields[earlier] = nil
                    comments[key] = fields.count
                } else if let other = fields.indices.last(where: { LanguageKey.sameLanguage(fields[$0], field) }) {
                    // Another language of the same key: found the slow way, and the key left to the first.
                    fields[other] = nil
                }
            } else {
                comments[key] = fields.count
            }
        }
        fields.append(field)
    }

    /// The file's bytes: an XML declaration naming `utf-8`, two-space indents.
    func serialized() -> [UInt8] {
        let kept = fields.compactMap { $0 }
        return TypeFileSerializer.bytes(typeName: typeName, fields: kept) ?? savedByLibXML(kept)
    }

    /// The document built in `update-mime-database`'s steps and saved by libxml2.
    ///
    /// A copy in the shared-mime-info namespace loses the namespace declarations libxml2 puts on
    /// it (the root already declares the namespace).
    private func savedByLibXML(_ kept: [UnsafeMutablePointer<xmlNode>]) -> [UInt8] {
        let document = xmlNewDoc("1.0")
        // Namespace declarations taken off copied elements; still referenced by them, freed last.
        var detachedNamespaces: [UnsafeMutablePointer<xmlNs>] = []
        defer {
            xmlFreeDoc(document)
            for namespace in detachedNamespaces { xmlFreeNsList(namespace) }
        }
        let root = xmlNewDocNode(document, nil, "mime-type", nil)
        let namespace = xmlNewNs(root, PackageXMLReader.namespaceLiteral.utf8Start, nil)
        xmlSetNs(root, namespace)
        xmlDocSetRootElement(document, root)
        (typeName + [0]).withUnsafeBufferPointer { name in
            _ = xmlSetNsProp(root, nil, "type", name.baseAddress)
        }
        xmlAddChild(root, xmlNewDocComment(document, TypeFileSerializer.notice.utf8Start))
        for field in kept {
            guard let copy = xmlDocCopyNode(field, document, 1) else { continue }
            if let namespace = copy.pointee.ns, namespace.pointee.prefix == nil,
                XMLNodes.equals(namespace.pointee.href, PackageXMLReader.namespaceLiteral),
                let declarations = copy.pointee.nsDef
            {
                detachedNamespaces.append(declarations)
                copy.pointee.nsDef = nil
            }
            xmlAddChild(root, copy)
        }
        var memory: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        xmlDocDumpFormatMemoryEnc(document, &memory, &size, "utf-8", 1)
        guard let memory else { return [] }
        defer { clibxml2_free(memory) }
        return Array(UnsafeBufferPointer(start: memory, count: Int(size)))
    }
}
