import DesktopEntry
import MIMEDatabase
import XDGSupport

/// What a TARGET of `set`, `unset`, `reset` names, compiled into concrete types (DESIGN decision
/// 8): a MIME type, a wildcard (`image/*`), an extension (`.pdf`) or a bare URL scheme
/// (`https`, for `x-scheme-handler/https`).
public struct AssociationTarget: Sendable, Equatable {
    /// The target as given.
    public let text: String
    /// The canonical types it names.
    public let types: [String]
    /// Whether it is a rule to remember for `assoc sync`: a wildcard or an extension.
    public let isRule: Bool
    /// What the person may want to know about how it was read (a bare scheme, an unknown type).
    public let notes: [String]

    /// Whether TARGET is a rule: an extension or a wildcard over type names.
    public static func isRule(_ target: String) -> Bool { target.hasPrefix(".") || MIMEDatabase.isTypeWildcard(target) }

    /// Compiles `text`. A wildcard or extension keeps the types `app` declares (directly or
    /// through a parent), unless `allTypes`. A type the database does not know is refused with
    /// the nearest known ones, unless `force`, it is an `x-scheme-handler/`, an installed entry
    /// declares it, or the edit `takesAway` (unsetting, removing or resetting never needs the type
    /// to exist, so whatever was written can be taken back).
    ///
    /// - Throws: `AssociationTargetError` naming what is wrong with the target.
    public init(
        _ text: String, app: String?, allTypes: Bool, force: Bool = false, takesAway: Bool = false,
        database: MIMEDatabase, applications: ApplicationIndex
    ) throws(AssociationTargetError) {
        self.text = text
        isRule = Self.isRule(text)
        if !text.contains("/") && !isRule {
            guard database.types(withExtension: "." + text).isEmpty else { throw .extensionWithoutDot(text) }
            guard let scheme = URLScheme.handlerType(text) else { throw .unrecognised(text) }
            types = [scheme]
            notes = ["'\(text)' is taken as the URL scheme: \(scheme)"]
            return
        }
        guard isRule else {
            guard MIMETypeName.isRestrictedName(text) else { throw .invalidKey(text) }
            var notes: [String] = []
            if !takesAway && !database.isKnown(text) && !MIMETypeName.hasMedia(text, "x-scheme-handler")
                && !Self.isDeclared(text, applications)
            {
                guard force else { throw .unknownType(text, nearest: EditDistance.nearest(to: text, in: database.allTypes)) }
                notes.append("'\(text)' is not in the shared-mime-info database; written because of --force")
            }
            types = [database.canonicalName(text)]
            self.notes = notes
            return
        }
        // rules.list is a key file: '[' and ']' in a key would read back as a locale.
        if text.contains("[") || text.contains("]") { throw .bracketsInRule(text) }
        let matching = (text.hasPrefix(".") ? database.types(withExtension: text) : database.types(matchingWildcard: text))
            .sorted()
        guard !matching.isEmpty else { throw .matchesNothing(text) }
        notes = []
        guard !allTypes, let app, let entry = applications.application(app)?.entry else {
            types = matching
            return
        }
        let declared = entry.mimeTypes.map(database.canonicalName)
        let supported = matching.filter { type in declared.contains { database.isA(type, $0) } }
        guard !supported.isEmpty else { throw .appDeclaresNone(app: app, target: text, matching: matching.count) }
        types = supported
    }
}

extension AssociationTarget {
    /// Whether an installed entry's `MimeType=` names `type` (without regard to case).
    static func isDeclared(_ type: String, _ applications: ApplicationIndex) -> Bool {
        applications.declares(type: type)
    }
}

/// Why a TARGET names no types.
public enum AssociationTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A bare word that is an extension without its dot (`pdf`).
    case extensionWithoutDot(String)
    /// A word that is no type, extension, wildcard or scheme.
    case unrecognised(String)
    /// A name that cannot be a key of a list: not `media/subtype` of the characters RFC 6838
    /// allows (`a/b=c`, `#x/y`, `a/b[x]` would read back as other keys or comments).
    case invalidKey(String)
    /// A type the database does not know, with the nearest known ones.
    case unknownType(String, nearest: [String])
    /// A wildcard with `[` or `]`, which rules.list cannot keep.
    case bracketsInRule(String)
    /// A wildcard or extension that no known type matches.
    case matchesNothing(String)
    /// The application declares none of the types a rule matches.
    case appDeclaresNone(app: String, target: String, matching: Int)

    /// The message, quoting the target.
    public var description: String {
        switch self {
        case .extensionWithoutDot(let text): return "'\(text)' is not a MIME type; did you mean the extension '.\(text)'?"
        case .unrecognised(let text): return "'\(text)' is not a MIME type, an extension (.ext), a wildcard or a URL scheme"
        case .invalidKey(let text): return MIMETypeName.restrictedNameProblem(text)
        case .unknownType(let text, let nearest):
            let hint = nearest.isEmpty ? "" : "did you mean " + nearest.map { "'\($0)'" }.joined(separator: " or ") + "? "
            return "'\(text)' is not in the shared-mime-info database and no installed application declares it; "
                + hint + "--force writes it anyway"
        case .bracketsInRule(let text):
            return "'\(text)': a rule with '[' or ']' cannot be remembered for 'assoc sync'; name the types, or use '*' and '?'"
        case .matchesNothing(let text): return "'\(text)' matches no known type"
        case .appDeclaresNone(let app, let target, let matching):
            return "'\(app)' declares none of the \(matching) types '\(target)' matches; use --all-types to set them anyway"
        }
    }
}
