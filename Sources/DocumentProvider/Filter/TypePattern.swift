import MIMEDatabase

/// One entry of a type filter, as given, with the MIME types and wildcards it stands for.
public struct TypePattern: Sendable, Equatable {
    /// What kind of name the pattern is.
    public enum Kind: String, Sendable, Equatable {
        /// A MIME type or an alias of one: `application/pdf`, `application/x-pdf`.
        case mimeType
        /// A media wildcard: `image/*`; `*/*` and `*` take everything. Any other wildcard over
        /// type names (`application/vnd.oasis.opendocument.*`) stands for the known types it matches.
        case wildcard
        /// A file extension with its dot: `.pdf`, standing for the types whose globs name it.
        case fileExtension
        /// An Apple Uniform Type Identifier: `com.adobe.pdf`, `public.image`.
        case uti
    }

    /// The pattern as given.
    public let text: String
    /// What kind of name it is.
    public let kind: Kind
    /// Canonical MIME types and wildcards a document's type is tested against.
    public let targets: [String]

    /// Recognises `text` and finds what it stands for.
    ///
    /// A name with a `/` is a MIME type (`/*` makes it a wildcard), one starting with `.` an
    /// extension, and a dotted name without `/` a UTI.
    ///
    /// - Throws: `TypeFilterError` for a name of no kind, an unknown UTI or an unknown extension.
    public init(_ text: String, database: MIMEDatabase, utis: UTITable = .standard) throws(TypeFilterError) {
        self.text = text
        if text == "*" || text == "*/*" {
            kind = .wildcard
            targets = ["*/*"]
        } else if text.hasSuffix("/*") && MIMETypeName.isValid(text) {
            kind = .wildcard
            targets = [text.lowercased()]
        } else if text.contains("/") && MIMEDatabase.isTypeWildcard(text) {
            kind = .wildcard
            targets = database.types(matchingWildcard: text)
            guard !targets.isEmpty else { throw .unrecognised(text) }
        } else if text.contains("/") {
            guard MIMETypeName.isValid(text) else { throw .unrecognised(text) }
            kind = .mimeType
            targets = [database.canonicalName(text)]
        } else if text.hasPrefix("."), text.count > 1, !text.dropFirst().contains("/") {
            kind = .fileExtension
            let types = database.types(withExtension: text)
            guard !types.isEmpty else { throw .unknownExtension(text) }
            targets = types.sorted()
        } else if text.contains("."), !text.hasPrefix("."), !text.hasSuffix("."),
            text.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-.".unicodeScalars.contains($0)
            })
        {
            guard let types = utis.mimeTypes(conformingTo: text) else { throw .unknownUTI(text) }
            kind = .uti
            targets = types.map { $0.hasSuffix("/*") ? $0 : database.canonicalName($0) }
        } else {
            throw .unrecognised(text)
        }
    }

    /// Whether a document of canonical type `type` conforms to this pattern (SPECS rule 33): the
    /// type is a target or below one in the hierarchy, or its media (or an ancestor's) is a
    /// wildcard target's.
    public func accepts(_ type: String, database: MIMEDatabase) -> Bool {
        targets.contains { database.isA(type, $0) }
    }
}
