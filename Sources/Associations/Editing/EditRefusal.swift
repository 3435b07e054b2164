import DesktopEntry
import MIMEDatabase
import XDGSupport

/// Why a change to the defaults was not made: one set of refusals for every front end.
public enum EditRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--desktop NAME` that is not a desktop name.
    case invalidDesktopName(String)
    /// The action needs an application and none was given.
    case missingApplication(EditRequest.Action)
    /// The target names no types (see `AssociationTargetError`).
    case target(AssociationTargetError)
    /// The application's entry declares no MIME types.
    case declaresNoTypes(application: String)
    /// The application is installed but no tool would open anything with it.
    case unusableApplication(String, ApplicationStatus)
    /// GIO ignores the whole list because of this line: a change written into it would be
    /// ignored with the rest.
    case ignoredByGIO(file: String, GLibKeyFileError)
    /// The list could not be written; `diff` is the change that was not made.
    case notWritten(AtomicFile.Failure, diff: String)
    /// There is no absolute directory to write in.
    case unknownDirectory(XDGEnvironment.UnknownDirectory)
    /// The change was written but some types still do not answer with the application, so the
    /// list was put back as it was.
    case notEffective(file: String, [IneffectiveDefault])
    /// The type for an extension no type claims could not be defined.
    case typeNotDefined(PackageInstallError)
    /// `add`, `remove` or `reset` for the edit or markup role, which has defaults only.
    case notForRole(EditRequest.Action, Role)

    /// The message, naming what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidDesktopName(let name): return "'\(name)' is not a desktop name (letters, digits, '-' and '_')"
        case .missingApplication(let action): return "'\(action.rawValue)' needs an application"
        case .target(let error): return error.description
        case .declaresNoTypes(let application): return "'\(application)' declares no MIME types"
        case .unusableApplication(let id, let status):
            return "'\(id)' cannot be used: \(status.description); no tool would open anything with it "
                + "(--force writes it anyway)"
        case .ignoredByGIO(let file, let refusal):
            return "\(file):\(refusal.line): GIO ignores this whole list (\(refusal)); correct that line first; "
                + "nothing was written"
        case .notWritten(let failure, _): return failure.description + "; the change was not written"
        case .unknownDirectory(let error): return error.description
        case .notEffective(let file, let failures):
            return failures.map(\.description).joined(separator: "; ") + "; \(file) was put back as it was"
        case .typeNotDefined(let error): return "the type for the extension was not defined: \(error.description)"
        case .notForRole(let action, let role):
            return "'\(action.rawValue)' does not apply to the \(role.rawValue) role, which has defaults only (set and unset)"
        }
    }

    /// Whether the fault is in the request (a usage error) rather than in the files.
    public var isUsageError: Bool {
        switch self {
        case .invalidDesktopName, .missingApplication, .target, .declaresNoTypes, .unusableApplication, .notForRole:
            return true
        case .ignoredByGIO, .notWritten, .unknownDirectory, .notEffective, .typeNotDefined: return false
        }
    }
}

/// A type that does not answer with the application a change made its default.
public struct IneffectiveDefault: Sendable, Equatable, CustomStringConvertible {
    /// The type.
    public var type: String
    /// The application the change named.
    public var expected: String
    /// What the type opens with instead, or nil for nothing.
    public var actual: String?
    /// Why, as the resolution tells it (the step that chose), or empty.
    public var reason: String

    /// A value.
    public init(type: String, expected: String, actual: String?, reason: String) {
        self.type = type
        self.expected = expected
        self.actual = actual
        self.reason = reason
    }

    /// `TYPE opens with ACTUAL, not EXPECTED (REASON)`.
    public var description: String {
        "\(type) opens with \(actual ?? "nothing"), not \(expected)" + (reason.isEmpty ? "" : " (\(reason))")
    }
}
