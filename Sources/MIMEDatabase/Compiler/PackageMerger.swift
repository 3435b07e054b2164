internal import CLibXML2
import XDGSupport

/// Reads packages into a `CompiledDatabase` with `update-mime-database`'s merge rules
/// (shared-mime-info specification, "The source XML files" and "The generated files").
///
/// Packages are read in the order given, later ones adding to or overriding earlier ones: a type
/// defined in several packages collects all their globs and magic, a later alias or icon replaces an
/// earlier one, a later `<comment>` replaces the earlier one of the same language. A package that is
/// not well-formed, or not a `<mime-info>` in the shared-mime-info namespace, is left out whole;
/// an invalid element stops the reading of its `<mime-type>` there, keeping what came before it,
/// as the reference compiler does. Every problem becomes a diagnostic with the file and line.
struct PackageMerger {
    private(set) var database = CompiledDatabase()
    private(set) var problems: [Diagnostic] = []
    /// Packages left out whole.
    private(set) var rejectedPackages: [String] = []

    /// One problem inside a `<mime-type>`: the message and the line of the element at fault.
    struct ElementError: Error {
        var message: String
        var line: Int
    }

    /// Reads the package at `path`.
    mutating func load(path: String) {
        let firstError = FirstParseError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(firstError).toOpaque()) { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            Unmanaged<FirstParseError>.fromOpaque(context).takeUnretainedValue().keep(error.pointee)
        }
        let parsed = clibxml2_read_file_skipping_ids(PathCoding.cString(path), options)
        xmlSetStructuredErrorFunc(nil, nil)
        guard let parsed else {
            reject(path, line: firstError.line, "not well-formed XML: \(firstError.message); package left out")
            return
        }
        // Kept parsed while a type document copies from it; freed with the last one.
        let package = PackageDocument(parsed)
        let document = package.document
        guard let root = xmlDocGetRootElement(document) else {
            reject(path, line: 1, "the document has no root element; package left out")
            return
        }
        guard XMLNodes.isFreedesktop(root) else {
            reject(
                path, line: XMLNodes.line(root),
                "the root element is not in the namespace \(PackageXMLReader.namespace); package left out")
            return
        }
        guard XMLNodes.equals(root.pointee.name, "mime-info") else {
            reject(
                path, line: XMLNodes.line(root), "the root element <\(XMLNodes.name(root))> is not <mime-info>; package left out")
            return
        }
        for node in XMLNodes.elements(of: root) {
            do throws(ElementError) {
                try loadTypeElement(node, of: package)
            } catch {
                problems.append(Diagnostic(path: path, line: error.line, message: error.message))
            }
        }
    }

    private mutating func reject(_ path: String, line: Int?, _ message: String) {
        rejectedPackages.append(path)
        problems.append(Diagnostic(path: path, line: line, message: message))
    }

    private mutating func loadTypeElement(_ node: UnsafeMutablePointer<xmlNode>, of package: PackageDocument)
        throws(ElementError)
    {
        let line = XMLNodes.line(node)
        guard XMLNodes.isFreedesktop(node, named: "mime-type") else {
            throw ElementError(
                message: "expected <mime-type>, found <\(XMLNodes.name(node))> or another namespace; element skipped", line: line)
        }
        guard let name = XMLNodes.property(node, "type") else {
            throw ElementError(message: "<mime-type> has no 'type' attribute; element skipped", line: line)
        }
        let type = try typeNamed(name, line: line)
        do throws(ElementError) {
            try loadFields(of: node, in: package, into: type)
        } catch {
            let typeName = String(decoding: type.name, as: UTF8.self)
            throw ElementError(
                message: "in type '\(typeName)': \(error.message); the rest of this <mime-type> is skipped", line: error.line)
        }
    }

    /// The type called `name`, made on first sight; a name must have exactly one slash.
    private mutating func typeNamed(_ name: [UInt8], line: Int) throws(ElementError) -> CompiledType {
        let slashes = name.indices.filter { name[$0] == UInt8(ascii: "/") }
        guard slashes.count == 1, let slash = slashes.first else {
            throw ElementError(
                message: "invalid MIME type '\(String(decoding: name, as: UTF8.self))'; element skipped", line: line)
        }
        if let known = database.types[name] { return known }
        let type = CompiledType(name: name, slash: slash)
        database.types.insert(name, type)
        return type
    }

    private mutating func loadFields(
        of node: UnsafeMutablePointer<xmlNode>, in package: PackageDocument, into type: CompiledType
    ) throws(ElementError) {
        for field in XMLNodes.elements(of: node) {
            if XMLNodes.isFreedesktop(field) {
                guard try process(field, type: type) else { continue }
            }
            type.document.append(field, of: package)
        }
    }

    /// Applies one shared-mime-info element of a `<mime-type>`; returns whether it is copied to the
    /// type's own XML file (globs, comments, aliases, parents, icons are; magic and roots are not;
    /// unknown shared-mime-info elements are dropped; other namespaces are copied by the caller).
    private mutating func process(_ field: UnsafeMutablePointer<xmlNode>, type: CompiledType) throws(ElementError) -> Bool {
        // Most elements of a database are translated comments: told first, without making a string.
        if XMLNodes.equals(field.pointee.name, "comment") { return true }
        let line = XMLNodes.line(field)
        func fail(_ message: String) -> ElementError { ElementError(message: message, line: line) }
        switch XMLNodes.name(field) {
        case "glob":
            let weight = Self.number(field, "weight")
            let caseSensitive = XMLNodes.property(field, "case-sensitive") == Array("true".utf8)
            let pattern = XMLNodes.property(field, "pattern")
            if let pattern, !pattern.isEmpty {
                let stored = caseSensitive ? pattern : pattern.map(ASCIIBytes.lowercased)
                database.globs.modify(stored, default: []) {
                    $0.append(
                        CompiledGlob(
                            pattern: stored, type: type, weight: weight, isDeleteAll: false, caseSensitive: caseSensitive))
                }
            }
            // The glob is kept even with a bad weight, as the reference compiler keeps it.
            if weight == -1 { throw fail("bad weight in <glob>: a whole number from 0 to 100 is expected") }
            guard let pattern, !pattern.isEmpty else { throw fail("<glob> has no 'pattern' attribute") }
            return true
        case "glob-deleteall":
            database.globs.modify(CompiledDatabase.noGlobsMarker, default: []) {
                $0.append(
                    CompiledGlob(
                        pattern: CompiledDatabase.noGlobsMarker, type: type, weight: 0, isDeleteAll: true, caseSensitive: false))
            }
            return true
        case "magic":
            let priority = Self.number(field, "priority")
            guard priority != -1 else { throw fail("bad priority in <magic>: a whole number from 0 to 100 is expected") }
            let matches: [Matchlet]
            do throws(ElementError) {
                matches = try MatchCompiler.matches(in: field)
            } catch {
                throw ElementError(message: "error in <match>: \(error.message)", line: error.line)
            }
            guard !matches.isEmpty else { throw fail("incomplete <magic>: it has no <match>") }
            database.magic.append(CompiledMagic(priority: priority, type: type, matches: matches, isDeleteAll: false))
            return false
        case "magic-deleteall":
            let marker = Matchlet(rangeStart: 0, value: CompiledDatabase.noMagicMarker)
            database.magic.append(CompiledMagic(priority: 0, type: type, matches: [marker], isDeleteAll: true))
            return false
        case "treemagic":
            let priority = Self.number(field, "priority")
            guard priority != -1 else { throw fail("bad priority in <treemagic>: a whole number from 0 to 100 is expected") }
            let matches: [TreeMatch]
            do throws(ElementError) {
                matches = try MatchCompiler.treeMatches(in: field)
            } catch {
                throw ElementError(message: "error in <treematch>: \(error.message)", line: error.line)
            }
            database.treeMagic.append(CompiledTreeMagic(priority: priority, type: type, matches: matches))
            return false
        case "acronym", "expanded-acronym":
            return true
        case "alias", "sub-class-of":
            let isAlias = XMLNodes.equals(field.pointee.name, "alias")
            guard let other = XMLNodes.property(field, "type"), other.contains(UInt8(ascii: "/")) else {
                throw fail("<\(isAlias ? "alias" : "sub-class-of")> has no 'type' attribute of the form 'media/subtype'")
            }
            if isAlias {
                database.aliases.insert(other, type)
            } else {
                database.subclasses.modify(type.name, default: []) { $0.append(other) }
            }
            return true
        case "root-XML":
            let namespaceURI = XMLNodes.property(field, "namespaceURI")
            let localName = XMLNodes.property(field, "localName")
            guard let namespaceURI else { throw fail("<root-XML> has no 'namespaceURI' attribute") }
            guard let localName else { throw fail("<root-XML> has no 'localName' attribute") }
            guard !namespaceURI.isEmpty || !localName.isEmpty else {
                throw fail("<root-XML>'s 'namespaceURI' and 'localName' cannot both be empty")
            }
            let breaks: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
            guard !namespaceURI.contains(where: breaks), !localName.contains(where: breaks) else {
                throw fail("<root-XML>'s 'namespaceURI' and 'localName' cannot contain spaces or newlines")
            }
            database.namespaces.insert(namespaceURI + [UInt8(ascii: " ")] + localName, type)
            return false
        case "icon", "generic-icon":
            guard let icon = XMLNodes.property(field, "name") else { return false }
            if XMLNodes.equals(field.pointee.name, "icon") {
                database.icons.insert(type.name, icon)
            } else {
                database.genericIcons.insert(type.name, icon)
            }
            return true
        default:
            return false
        }
    }

    /// A `weight` or `priority`: 50 when absent, -1 when not a whole number from 0 to 100.
    static func number(_ node: UnsafeMutablePointer<xmlNode>, _ name: StaticString) -> Int {
        guard let text = XMLNodes.property(node, name) else { return 50 }
        let parsed = CNumbers.strtol(text, base: 10)
        guard !text.isEmpty, parsed.end == text.count else { return -1 }
        let value = Int32(truncatingIfNeeded: parsed.value)
        return (0...100).contains(value) ? Int(value) : -1
    }
}

/// The first error libxml2 reports while parsing a package: the one that names the real fault
/// (the errors after it follow from it).
private final class FirstParseError {
    private(set) var line: Int?
    private(set) var message = "libxml2 could not read it"
    private var kept = false

    func keep(_ error: xmlError) {
        guard !kept else { return }
        kept = true
        if error.line > 0 { line = Int(error.line) }
        if let text = error.message.map({ String(cString: $0) }) {
            message = String(text.reversed().drop { $0 == "\n" || $0 == " " }.reversed())
        }
    }
}
