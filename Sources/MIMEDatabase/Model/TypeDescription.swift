import XDGSupport

/// The human-readable parts of a type: comments per language, acronym and its expansion.
///
/// They come from the XML only (`packages/*.xml` or the generated `MEDIA/SUBTYPE.xml`), and are
/// loaded only when asked for (DESIGN.md decision 1).
public struct TypeDescription: Sendable, Equatable {
    /// The comment without `xml:lang`.
    public var comment: String?
    /// Comments keyed by their `xml:lang`.
    public var localizedComments: [String: String] = [:]
    /// The acronym, such as `PDF`.
    public var acronym: String?
    /// The acronym spelled out, such as `Portable Document Format`.
    public var expandedAcronym: String?

    /// Creates an empty description.
    public init() {}

    /// Whether nothing was found.
    public var isEmpty: Bool {
        comment == nil && localizedComments.isEmpty && acronym == nil && expandedAcronym == nil
    }

    /// The comment in the best language of `locale` (SPECS rule 63), else the unlocalised one.
    public func comment(for locale: LocalePreferences) -> String? {
        locale.choose(from: localizedComments, fallback: comment)
    }

    /// Takes every field `later` has, language by language.
    mutating func absorb(_ later: TypeDescription) {
        if let comment = later.comment { self.comment = comment }
        for (language, text) in later.localizedComments { localizedComments[language] = text }
        if let acronym = later.acronym { self.acronym = acronym }
        if let expanded = later.expandedAcronym { expandedAcronym = expanded }
    }
}
