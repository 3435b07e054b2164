import MIMEDatabase

/// A filter of an application's file dialog: file-name globs and document types, a document
/// passing when its name matches one glob or its type conforms to one type (the portal's filters,
/// kinds 0 and 1, as GTK's file chooser applies them).
public struct NameOrTypeFilter: Sendable {
    /// The globs matched on the file name.
    public let globs: [NameGlob]
    /// The types, matched by conformance through the hierarchy; nil when there are none.
    public let types: TypeFilter?
    /// The type patterns that name no type and were left out (a filter is advice to the dialog).
    public let ignored: [String]

    /// A filter of `globs` and `types` (MIME types or anything else `TypePattern` reads).
    public init(globs: [String], types: [String], database: MIMEDatabase) {
        self.globs = globs.map(NameGlob.init)
        var accepted: [String] = []
        var ignored: [String] = []
        for type in types {
            if (try? TypePattern(type, database: database)) != nil { accepted.append(type) } else { ignored.append(type) }
        }
        self.types = accepted.isEmpty ? nil : try? TypeFilter(accepted, database: database)
        self.ignored = ignored
    }

    /// Why a document named `name` of type `type` does not pass; nil when it passes.
    public func nonConformance(name: String, type: String) -> String? {
        if globs.contains(where: { $0.matches(name) }) { return nil }
        var reasons: [String] = []
        if let types {
            guard case .doesNotConform(let reason) = types.conformance(of: type) else { return nil }
            reasons.append(reason)
        }
        if !globs.isEmpty {
            reasons.append("its name matches none of " + globs.map(\.pattern).joined(separator: ", "))
        }
        return reasons.isEmpty ? "the filter takes nothing" : reasons.joined(separator: "; ")
    }
}
