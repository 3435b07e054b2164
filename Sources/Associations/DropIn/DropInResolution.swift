import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which resolution answers assoc's `xdg-open`, `xdg-mime` and `xdg-settings`:
/// `$ASSOC_XDG_RESOLUTION`, else `Resolution=` of the group `[XDG]` in
/// `$XDG_CONFIG_HOME/assoc/assoc.conf` (key-file syntax), else the mime-apps specification's.
public struct DropInResolution: Sendable, Equatable {
    /// The environment variable that chooses, before the file.
    public static let variable = "ASSOC_XDG_RESOLUTION"

    /// The rules that answer.
    public var mode: ResolutionMode
    /// Where the choice came from, for the debug lines: the variable, the file and line, or the default.
    public var source: String
    /// A value that could not be used (then `mode` is the default), with where it is.
    public var problem: String?

    /// The settings file of `environment`.
    public static func path(in environment: XDGEnvironment) -> String { environment.configHome + "/assoc/assoc.conf" }

    /// The choice of `environment`. A value that names no mode, or a file that cannot be read, is
    /// reported in `problem` and the specification's rules answer.
    public static func choice(in environment: XDGEnvironment) -> DropInResolution {
        let fallback = DropInResolution(mode: .spec, source: "the default", problem: nil)
        if let value = environment.variables[variable], !value.isEmpty {
            guard let mode = ResolutionMode(rawValue: value) else {
                return fallback.with(problem: "\(variable)=\(value) is not one of \(choices); using spec")
            }
            return DropInResolution(mode: mode, source: "$\(variable)", problem: nil)
        }
        let file = path(in: environment)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file, limit: 1 << 20)
        } catch let error where error.code == ENOENT {
            return fallback
        } catch {
            return fallback.with(problem: "\(file): \(error.reason); using spec")
        }
        let keyFile: GLibKeyFile
        do {
            keyFile = try GLibKeyFile(bytes: bytes)
        } catch {
            return fallback.with(problem: "\(file):\(error.line): \(error.description); using spec")
        }
        guard let entry = keyFile.group("XDG")?.entries.last(where: { $0.key == "Resolution" }) else { return fallback }
        guard let value = GLibKeyFile.string(entry.value), let mode = ResolutionMode(rawValue: value) else {
            return fallback.with(problem: "\(file):\(entry.line): Resolution is not one of \(choices); using spec")
        }
        return DropInResolution(mode: mode, source: "\(file):\(entry.line)", problem: nil)
    }

    private static var choices: String { ResolutionMode.allCases.map(\.rawValue).joined(separator: ", ") }

    private func with(problem: String) -> DropInResolution {
        var copy = self
        copy.problem = problem
        return copy
    }
}
