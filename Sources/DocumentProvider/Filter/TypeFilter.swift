import MIMEDatabase

/// Which documents an application can take: any mix of MIME types, wildcards, extensions and UTIs.
///
/// A document conforms when its type conforms to at least one pattern, through aliases and the
/// type hierarchy (SPECS rule 33): a `text/x-python` file conforms to `text/plain`, and `public.image`
/// takes every type under `image/`. A filter without patterns takes every document.
public struct TypeFilter: Sendable {
    /// The patterns, in the order given.
    public let patterns: [TypePattern]
    /// The database the hierarchy comes from.
    public let database: MIMEDatabase

    /// The answer for one type.
    public enum Conformance: Sendable, Equatable {
        /// The type conforms to the pattern given as text (nil when the filter takes everything).
        case conforms(to: String?)
        /// The type conforms to no pattern; a sentence saying so.
        case doesNotConform(reason: String)
    }

    /// Builds a filter from patterns as a person or an application gives them.
    ///
    /// - Throws: `TypeFilterError` for the first pattern that names nothing.
    public init(_ patterns: [String], database: MIMEDatabase, utis: UTITable = .standard) throws(TypeFilterError) {
        var compiled: [TypePattern] = []
        for text in patterns { compiled.append(try TypePattern(text, database: database, utis: utis)) }
        self.patterns = compiled
        self.database = database
    }

    /// A filter that takes every document.
    public init(takingEverything database: MIMEDatabase) {
        patterns = []
        self.database = database
    }

    /// Whether the filter takes every document.
    public var takesEverything: Bool { patterns.isEmpty }

    /// Patterns of MIME types that the database does not define (nothing can be typed as those).
    public var unknownTypes: [String] {
        patterns.filter { $0.kind == .mimeType && !database.isKnown($0.text) }.map(\.text)
    }

    /// Whether `type` conforms, and to what, or why not.
    public func conformance(of type: String) -> Conformance {
        if patterns.isEmpty { return .conforms(to: nil) }
        let canonical = database.canonicalName(type)
        if let match = patterns.first(where: { $0.accepts(canonical, database: database) }) {
            return .conforms(to: match.text)
        }
        let wanted = patterns.map(describe).joined(separator: ", ")
        return .doesNotConform(reason: "its type \(canonical) does not conform to \(wanted)")
    }

    /// Whether `type` conforms.
    public func accepts(_ type: String) -> Bool {
        if case .conforms = conformance(of: type) { return true }
        return false
    }

    private func describe(_ pattern: TypePattern) -> String {
        switch pattern.kind {
        case .mimeType: return pattern.targets[0]
        case .wildcard: return pattern.text
        case .fileExtension: return "\(pattern.text) (\(pattern.targets.joined(separator: ", ")))"
        case .uti: return pattern.text
        }
    }
}
