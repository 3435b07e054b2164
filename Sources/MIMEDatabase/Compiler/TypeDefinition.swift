/// One MIME type as `assoc types define` writes it: a package of its own in the user's
/// `mime/packages`, `assoc-MEDIA@SUBTYPE.xml`, so that `types undefine` removes exactly it
/// (shared-mime-info specification, "The source XML files").
public struct TypeDefinition: Sendable, Equatable {
    /// One `<match>` of the type's magic, written `OFFSET:TYPE:VALUE` on the command line
    /// (`0:string:%PDF-`, `4:big32:0x1000`, `0:10:string:MAGIC` for a range of offsets).
    public struct Match: Sendable, Equatable {
        /// The `offset` attribute: `N` or `START:END`.
        public var offset: String
        /// The `type` attribute: `string`, `byte`, `big16`, `big32`, `little16`, `little32`,
        /// `host16` or `host32`.
        public var type: String
        /// The `value` attribute.
        public var value: String

        /// The types a `<match>` may have (shared-mime-info specification, "The source XML files").
        public static let types = ["string", "byte", "big16", "big32", "little16", "little32", "host16", "host32"]

        /// The match of `value` as `type` at `offset`.
        public init(offset: String, type: String, value: String) {
            self.offset = offset
            self.type = type
            self.value = value
        }

        /// Reads `OFFSET:TYPE:VALUE`: the first field that is a match type splits the offset (which
        /// may be a range with its own colon) from the value (which may hold colons).
        ///
        /// - Throws: `PackageInstallError.invalidDefinition`.
        public init(parsing text: String) throws(PackageInstallError) {
            let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard let index = fields.indices.dropFirst().first(where: { Self.types.contains(fields[$0]) }),
                index < fields.count - 1
            else {
                throw .invalidDefinition(
                    "'\(text)' is not OFFSET:TYPE:VALUE with TYPE one of \(Self.types.joined(separator: ", "))")
            }
            offset = fields[..<index].joined(separator: ":")
            type = fields[index]
            value = fields[(index + 1)...].joined(separator: ":")
            guard !value.isEmpty else { throw .invalidDefinition("'\(text)' has no value to match") }
        }
    }

    /// A `<root-XML>`: a document whose root element is `localName` in `namespaceURI`.
    public struct RootElement: Sendable, Equatable {
        /// The namespace URI.
        public var namespaceURI: String
        /// The local name.
        public var localName: String

        /// The root element `localName` in `namespaceURI`.
        public init(namespaceURI: String, localName: String) {
            self.namespaceURI = namespaceURI
            self.localName = localName
        }
    }

    /// The type, `media/subtype`.
    public var type: String
    /// Its glob patterns (`*.foo`), weight 50.
    public var globs: [String] = []
    /// Its comment, in no language.
    public var comment: String?
    /// Its parents (`sub-class-of`).
    public var parents: [String] = []
    /// Its aliases.
    public var aliases: [String] = []
    /// Its icon's name.
    public var icon: String?
    /// Its magic: any of these matches (one `<magic>` of priority 50).
    public var magic: [Match] = []
    /// Its XML root elements.
    public var rootElements: [RootElement] = []

    /// A definition of `type` with nothing in it yet.
    public init(type: String) {
        self.type = type
    }

    /// The file name of the package that holds `type`'s definition: `assoc-` and the type,
    /// lower-cased (type names ignore case), its `/` written `@`, a character no type name RFC
    /// 6838 allows has, so that each type has a name of its own: `assoc-text@x-foo.xml`.
    public static func packageName(for type: String) -> String {
        "assoc-" + String(type.lowercased().map { $0 == "/" ? "@" : $0 }) + ".xml"
    }

    /// This definition's package file name.
    public var packageName: String { Self.packageName(for: type) }

    /// The package's text.
    ///
    /// - Throws: `PackageInstallError.invalidDefinition` for a name RFC 6838 does not allow, a
    ///   definition nothing would detect, or a value with a control character.
    public func package() throws(PackageInstallError) -> [UInt8] {
        for name in [type] + parents + aliases where !MIMETypeName.isRestrictedName(name) {
            throw .invalidDefinition(
                "'\(name)' is not a MIME type: a type is media/subtype of letters, digits and !#$&-^_.+ "
                    + "(RFC 6838, section 4.2), starting with a letter or digit")
        }
        guard !globs.isEmpty || !magic.isEmpty || !rootElements.isEmpty else {
            throw .invalidDefinition("'\(type)' needs a --glob, a --magic or a --root-xml: nothing would detect it")
        }
        let values =
            globs + [comment, icon].compactMap { $0 } + magic.flatMap { [$0.offset, $0.value] }
            + rootElements.flatMap { [$0.namespaceURI, $0.localName] }
        if let bad = values.first(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }) {
            throw .invalidDefinition("'\(bad.debugDescription.dropFirst().dropLast())' has a control character")
        }
        if let bad = globs.first(where: { $0.isEmpty || $0.contains("/") }) {
            throw .invalidDefinition("'\(bad)' is not a glob pattern: it must be a file name pattern, without '/'")
        }
        var xml = Self.header + " <mime-type type=\"\(MarkupEscaping.escape(type))\">\n"
        if let comment { xml += "  <comment>\(MarkupEscaping.escape(comment))</comment>\n" }
        for parent in parents { xml += "  <sub-class-of type=\"\(MarkupEscaping.escape(parent))\"/>\n" }
        for alias in aliases { xml += "  <alias type=\"\(MarkupEscaping.escape(alias))\"/>\n" }
        if let icon { xml += "  <icon name=\"\(MarkupEscaping.escape(icon))\"/>\n" }
        for glob in globs { xml += "  <glob pattern=\"\(MarkupEscaping.escape(glob))\"/>\n" }
        if !magic.isEmpty {
            xml += "  <magic priority=\"50\">\n"
            for match in magic {
                xml +=
                    "   <match type=\"\(match.type)\" offset=\"\(MarkupEscaping.escape(match.offset))\" "
                    + "value=\"\(MarkupEscaping.escape(match.value))\"/>\n"
            }
            xml += "  </magic>\n"
        }
        for root in rootElements {
            xml +=
                "  <root-XML namespaceURI=\"\(MarkupEscaping.escape(root.namespaceURI))\" "
                + "localName=\"\(MarkupEscaping.escape(root.localName))\"/>\n"
        }
        return Array((xml + Self.footer).utf8)
    }

    /// The lines before the type, as GIO writes them.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">

        """

    /// The lines after it.
    static let footer = " </mime-type>\n</mime-info>\n"
}

/// The type GIO defines when an application is made the default for an extension no type
/// claims (GLib's `g_app_info_set_as_default_for_extension`): `application/x-extension-EXT`, in
/// `user-extension-EXT.xml` of the user's `mime/packages`, with the comment `EXT document` and
/// the glob `*.EXT`; the same name, file and text, so that GIO and assoc share it.
public struct ExtensionType: Sendable, Equatable {
    /// The extension without its dot, as given (GIO keeps its case).
    public var fileExtension: String

    /// The type for `.EXT` or `EXT`; nil when the type name would not be one RFC 6838 allows
    /// (GIO itself refuses only an empty extension or one with `/` or `\`).
    public init?(_ text: String) {
        let bare = text.hasPrefix(".") ? String(text.dropFirst()) : text
        guard !bare.isEmpty, MIMETypeName.isRestrictedName("application/x-extension-" + bare) else { return nil }
        fileExtension = bare
    }

    /// `application/x-extension-EXT`.
    public var typeName: String { "application/x-extension-" + fileExtension }
    /// `*.EXT`.
    public var pattern: String { "*." + fileExtension }
    /// `user-extension-EXT.xml`.
    public var packageName: String { "user-extension-" + fileExtension + ".xml" }

    /// The package, byte for byte as GIO writes it.
    public var package: [UInt8] {
        let escaped = MarkupEscaping.escape(fileExtension)
        return Array(
            (TypeDefinition.header + " <mime-type type=\"\(MarkupEscaping.escape(typeName))\">\n"
                + "  <comment>\(escaped) document</comment>\n" + "  <glob pattern=\"*.\(escaped)\"/>\n" + TypeDefinition.footer)
                .utf8)
    }
}

/// Escapes text for XML as GLib's `g_markup_escape_text` does: `&`, `<`, `>`, `'` and `"` as
/// entities, the other control characters as character references.
enum MarkupEscaping {
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "'": result += "&#39;"
            case "\"": result += "&quot;"
            default:
                let value = scalar.value
                if (value >= 0x1 && value <= 0x8) || value == 0xB || value == 0xC || (value >= 0xE && value <= 0x1F)
                    || (value >= 0x7F && value <= 0x84) || (value >= 0x86 && value <= 0x9F)
                {
                    result += "&#x" + String(value, radix: 16) + ";"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
