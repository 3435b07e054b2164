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
    /// The type for an extension no type claims could not be defined.
    case typeNotDefined(PackageInstallError)

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
        case .typeNotDefined(let error): return "the type for the extension was not defined: \(error.description)"
        }
    }

    /// Whether the fault is in the request (a usage error) rather than in the files.
    public var isUsageError: Bool {
        switch self {
        case .invalidDesktopName, .missingApplication, .target, .declaresNoTypes, .unusableApplication: return true
        case .ignoredByGIO, .notWritten, .unknownDirectory, .typeNotDefined: return false
        }
    }
}
