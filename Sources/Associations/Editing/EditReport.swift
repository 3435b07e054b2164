import XDGSupport

/// What a change to the defaults did, for a front end to render: the list's lines, the defaults
/// before and after, and what the person may want to know.
public struct EditReport: Sendable {
    /// The request it answers.
    public var request: EditRequest
    /// The list that was (or would be) written.
    public var file: String
    /// The canonical types the request named.
    public var types: [String]
    /// How the target was read, where that may surprise (a bare scheme, an unknown type written
    /// because of `force`).
    public var notes: [String]
    /// What happened to the list.
    public var change: ListChange
    /// Each type's default before and after, by the specification and as GIO sees it; empty for
    /// a dry run.
    public var answers: [DefaultAnswers]
    /// The wildcard or extension rule remembered for `assoc sync`, if one was forgotten by
    /// `unset` or `reset`.
    public var forgottenRule: String?
    /// The type defined for an extension no type claimed (`set .foo APP`, as GIO does), or that
    /// a dry run would define; nil when none was.
    public var definedType: DefinedType?
    /// The changes of effective defaults the edit recorded in the history (empty when the history
    /// has not started, or another process was recording).
    public var history: [HistoryRecord] = []
}

/// A type `set` defined for an extension that no type claimed.
public struct DefinedType: Sendable, Equatable {
    /// The type, `application/x-extension-EXT`.
    public var type: String
    /// Its glob, `*.EXT`.
    public var pattern: String
    /// The package that holds it.
    public var package: String
    /// Whether the package was written now (false: it was there already, or a dry run).
    public var written: Bool
    /// Problems compiling the user's database.
    public var problems: [Diagnostic]

    /// The type `type` with the glob `pattern`, held in `package`.
    public init(type: String, pattern: String, package: String, written: Bool, problems: [Diagnostic]) {
        self.type = type
        self.pattern = pattern
        self.package = package
        self.written = written
        self.problems = problems
    }
}

/// What a write did to one list.
public enum ListChange: Sendable, Equatable {
    /// The edits change nothing.
    case unchanged
    /// The list was replaced: its text before (nil when it did not exist) and after.
    case written(old: String?, new: String)
    /// A dry run: the unified diff of what would be written.
    case wouldWrite(diff: String)

    /// The lines added (`+`) and removed (`-`) by a write; empty otherwise.
    public var changedLines: [String] {
        guard case .written(let old, let new) = self else { return [] }
        return UnifiedDiff.changedLines(old: old, new: new)
    }
}

/// One type's default before and after an edit, by the specification and as GIO sees it.
public struct DefaultAnswers: Sendable, Equatable {
    /// The type.
    public var type: String
    /// The specification's default before the edit.
    public var before: String?
    /// GIO's default before the edit.
    public var gioBefore: String?
    /// The specification's default after the edit.
    public var after: String?
    /// GIO's default after the edit.
    public var gioAfter: String?

    /// `TYPE: OLD → NEW`, and `TYPE (as GIO sees it): OLD → NEW` where GIO's answers differ.
    public var lines: [String] {
        var lines = ["\(type): \(before ?? "(none)") → \(after ?? "(none)")"]
        if gioBefore != before || gioAfter != after {
            lines.append("\(type) (as GIO sees it): \(gioBefore ?? "(none)") → \(gioAfter ?? "(none)")")
        }
        return lines
    }
}
