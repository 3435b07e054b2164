internal import CLibXML2
import XDGSupport

/// Reads one shared-mime-info XML document with libxml2's streaming reader.
///
/// Accepts a package (`<mime-info>` root, SPECS rule 4) and the per-type files that
/// `update-mime-database` writes (`MEDIA/SUBTYPE.xml`, a `<mime-type>` root). The reader never
/// touches the network (`XML_PARSE_NONET`) and never expands entities. Elements outside the
/// shared-mime-info namespace are skipped. A `<match>` that cannot be compiled drops its `<magic>`
/// section with a diagnostic, never the type.
enum PackageXMLReader {
    /// The shared-mime-info namespace every element must be in.
    static let namespace = namespaceLiteral.description
    /// The same, as bytes libxml2 can read in place.
    static let namespaceLiteral: StaticString = "http://www.freedesktop.org/standards/shared-mime-info"

    /// Parses the file at `path` into a package of its own.
    ///
    /// - Throws: `MIMEDatabaseError.unreadable`, `.malformedXML` or `.notAPackage`; nothing of a
    ///   document that fails is returned.
    static func read(path: String, diagnostics: inout [Diagnostic]) throws(MIMEDatabaseError) -> DirectoryContents {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw .unreadable(path: path, reason: error.reason) }
        return try read(bytes: bytes, path: path, diagnostics: &diagnostics)
    }

    /// Parses a document already in memory, read from `path`.
    ///
    /// - Throws: `MIMEDatabaseError.malformedXML` or `.notAPackage`.
    static func read(bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) throws(MIMEDatabaseError) -> DirectoryContents
    {
        xmlInitParser()
        let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        let maybeReader = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReaderForMemory($0, Int32(buffer.count), path, nil, options)
                }
            } ?? nil
        }
        guard let reader = maybeReader else {
            throw .malformedXML(path: path, line: 1, message: "the document is empty")
        }
        defer { xmlFreeTextReader(reader) }
        var builder = PackageBuilder(path: path)
        // The bytes must outlive the reader, which reads them in place.
        try withExtendedLifetime(bytes) { () throws(MIMEDatabaseError) in
            try walk(reader, path: path, builder: &builder)
        }
        diagnostics += builder.diagnostics
        return builder.package
    }

    private static func walk(_ reader: OpaquePointer, path: String, builder: inout PackageBuilder) throws(MIMEDatabaseError) {
        var sawRoot = false
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            if status < 0 { throw lastError(path: path) }
            let nodeType = xmlTextReaderNodeType(reader)
            let line = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
            if nodeType == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
                let name = constString(xmlTextReaderConstLocalName(reader)) ?? ""
                let inNamespace = constString(xmlTextReaderConstNamespaceUri(reader)) == namespace
                let depth = Int(xmlTextReaderDepth(reader))
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                if !sawRoot {
                    sawRoot = true
                    guard inNamespace, name == "mime-info" || name == "mime-type" else {
                        throw .notAPackage(path: path, root: name)
                    }
                    if name == "mime-info" { continue }
                }
                guard inNamespace else { continue }
                let wanted = PackageBuilder.attributeNames[name] ?? []
                var attributes: [String: String] = [:]
                for key in wanted { attributes[key] = attribute(reader, key) }
                let hasText = name == "comment" || name == "acronym" || name == "expanded-acronym"
                let element = XMLElement(
                    name: name, depth: depth, line: line, attributes: attributes,
                    text: hasText && !isEmpty ? readString(reader) ?? "" : "",
                    language: name == "comment" ? constString(xmlTextReaderConstXmlLang(reader)) : nil)
                builder.start(element)
                if isEmpty { builder.end(name: name, depth: depth) }
            } else if nodeType == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
                guard constString(xmlTextReaderConstNamespaceUri(reader)) == namespace else { continue }
                builder.end(
                    name: constString(xmlTextReaderConstLocalName(reader)) ?? "",
                    depth: Int(xmlTextReaderDepth(reader)))
            }
        }
        if !sawRoot { throw .malformedXML(path: path, line: 1, message: "the document has no root element") }
    }

    private static func lastError(path: String) -> MIMEDatabaseError {
        guard let error = xmlGetLastError() else {
            return .malformedXML(path: path, line: 0, message: "libxml2 could not read the document")
        }
        let message =
            error.pointee.message.map { String(cString: $0) }?
            .trimmingCharacters(in: [" ", "\n"]) ?? "libxml2 could not read the document"
        return .malformedXML(path: path, line: Int(error.pointee.line), message: message)
    }

    private static func attribute(_ reader: OpaquePointer, _ name: String) -> String? {
        guard let raw = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { clibxml2_free(raw) }
        return String(cString: raw)
    }

    private static func readString(_ reader: OpaquePointer) -> String? {
        guard let raw = xmlTextReaderReadString(reader) else { return nil }
        defer { clibxml2_free(raw) }
        return String(cString: raw)
    }

    private static func constString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        let start = firstIndex { !set.contains($0) } ?? endIndex
        let end = lastIndex { !set.contains($0) }.map { index(after: $0) } ?? start
        return start < end ? String(self[start..<end]) : ""
    }
}
