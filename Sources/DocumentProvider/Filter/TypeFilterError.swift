/// Why a type filter could not be built from what a person or an application asked for.
public enum TypeFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither a MIME type, a wildcard, an extension nor a UTI.
    case unrecognised(String)
    /// A dotted identifier that the UTI table does not know.
    case unknownUTI(String)
    /// An extension that no type's glob names.
    case unknownExtension(String)

    /// The message, quoting the pattern.
    public var description: String {
        switch self {
        case .unrecognised(let text):
            return "'\(text)' is not a MIME type (text/plain), a wildcard (image/*), an extension (.pdf) or a UTI (com.adobe.pdf)"
        case .unknownUTI(let text):
            return "'\(text)' is not a known UTI; see data/uti.tsv for the known ones"
        case .unknownExtension(let text):
            return "no known type has the extension '\(text)'"
        }
    }
}
