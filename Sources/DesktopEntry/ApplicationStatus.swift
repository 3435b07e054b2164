/// Whether an installed entry can handle files, and if not why not (SPECS rules 65–69).
public enum ApplicationStatus: Sendable, Equatable, CustomStringConvertible {
    /// It can.
    case usable
    /// `Hidden=true`: deleted for this user.
    case hidden
    /// `Type` is not `Application`.
    case notApplication(type: String)
    /// `TryExec` names a program that is not installed.
    case tryExecMissing(String)
    /// The program `Exec` runs is not installed (GIO ignores such entries too).
    case programMissing(String)
    /// `Exec` cannot be split into arguments.
    case invalidExec(String)
    /// Neither `Exec` nor `DBusActivatable=true`.
    case noExec
    /// The file could not be read as a desktop entry.
    case broken(String)

    /// Whether the entry can handle files.
    public var isUsable: Bool { self == .usable }

    /// Why the entry cannot be used, in a phrase.
    public var description: String {
        switch self {
        case .usable: return "usable"
        case .hidden: return "Hidden=true"
        case .notApplication(let type): return "Type=\(type), not Application"
        case .tryExecMissing(let program): return "TryExec '\(program)' is not installed"
        case .programMissing(let program): return "the program '\(program)' is not on PATH"
        case .invalidExec(let reason): return "Exec is invalid: \(reason)"
        case .noExec: return "no Exec and not DBusActivatable"
        case .broken(let reason): return reason
        }
    }
}
