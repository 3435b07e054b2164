import XDGSupport

/// Whether a per-file choice may decide what runs (DESIGN.md decision 11): the file's own
/// attribute informs the answer, never more.
public enum PerFileChoiceVerdict: Sendable, Equatable {
    /// The choice is used.
    case honoured(PerFileChoice.Found)
    /// The choice is passed over, and why.
    case ignored(PerFileChoice.Found, PerFileChoiceRefusal)
}

/// Why a per-file choice is passed over.
public enum PerFileChoiceRefusal: Sendable, Equatable, CustomStringConvertible {
    /// The application is not installed, or cannot be used (`Hidden=true`, `TryExec` missing…).
    case unusable(app: String, reason: String)
    /// The application is associated with neither the file's type nor a type it belongs to.
    case notAssociated(app: String, type: String)
    /// `--strict` trusts no per-file choice.
    case strict
    /// The file was downloaded and the choice was not recorded on this machine.
    case unconfirmedDownload(origin: String)

    /// The reason, in a phrase.
    public var description: String {
        switch self {
        case .unusable(let app, let reason): return "'\(app)' \(reason)"
        case .notAssociated(let app, let type):
            return "'\(app)' declares neither \(type) nor a type it belongs to"
        case .strict: return "--strict uses no per-file choice"
        case .unconfirmedDownload(let origin):
            return "the file was downloaded from \(origin) and the choice was not made on this machine"
        }
    }
}

extension AssociationResolver {
    /// The per-file choice of `path`, a file of `type`, and whether it may be used: only an
    /// installed, usable application associated with the type or one of its parents; under
    /// `strict`, none; for a download (`user.xdg.origin.url`), only one the user confirmed. `role`
    /// chooses which choice: what opens, edits or marks up the file.
    public func perFileChoice(for path: String, type: String, strict: Bool = false, role: Role = .view)
        -> PerFileChoiceVerdict?
    {
        guard let found = PerFileChoice(environment: environment, role: role).choice(for: path) else { return nil }
        if let refusal = refusalOfChosenApplication(found.app, type: type) {
            return .ignored(found, refusal)
        }
        if strict { return .ignored(found, .strict) }
        if !found.confirmed,
            let origin = ExtendedAttributes.value(ExtendedAttributes.originURL, of: path)
        {
            return .ignored(found, .unconfirmedDownload(origin: origin))
        }
        return .honoured(found)
    }

    /// Why `app` cannot be the chosen application of a file of `type` (a per-file choice, or
    /// `--with` for a file that is a program), or nil when it can: the one rule `assoc set --file`
    /// and `assoc open` share. The application must be installed and usable, and be the default or
    /// a candidate of the type by the specification's resolution (its own `MimeType=`, the lists'
    /// associations, or a parent type's).
    public func refusalOfChosenApplication(_ app: String, type: String) -> PerFileChoiceRefusal? {
        guard let application = applications.application(app) else {
            return .unusable(app: app, reason: "is not installed")
        }
        guard application.status.isUsable else {
            return .unusable(app: app, reason: "cannot be used: \(application.status)")
        }
        let resolution = resolve(type)
        let candidates =
            [resolution.defaultApplication].compactMap { $0 } + resolution.recommended
            + resolution.fallback
        guard candidates.contains(app) else { return .notAssociated(app: app, type: resolution.type) }
        return nil
    }
}
