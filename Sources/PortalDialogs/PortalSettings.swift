import DesktopEntry
import XDGSupport

/// `$XDG_CONFIG_HOME/assoc/portal.conf`: key-file syntax, group `[Portal]`, key
/// `Terminal=COMMAND ARGS…` (split by the Desktop Entry Specification's `Exec` quoting rules; the
/// dialog's argument vector is appended as separate arguments, never through a shell).
public struct PortalSettings: Sendable, Equatable {
    /// The configured terminal command, or nil for the default order.
    public var terminal: [String]?

    /// Settings with nothing configured.
    public init(terminal: [String]? = nil) { self.terminal = terminal }

    /// The settings file of `environment`.
    public static func path(in environment: XDGEnvironment) -> String { environment.configHome + "/assoc/portal.conf" }

    /// Why the settings file cannot be used.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// Its line, or 0.
        public var line: Int
        /// What is wrong.
        public var reason: String

        /// The message, naming the file and line.
        public var description: String { line > 0 ? "\(path):\(line): \(reason)" : "\(path): \(reason)" }
    }

    /// Reads the settings of `environment`; a missing file is no settings.
    public static func load(from environment: XDGEnvironment) throws(Failure) -> PortalSettings {
        let file = path(in: environment)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file, limit: 1 << 20)
        } catch let error where error.code == ENOENT {
            return PortalSettings()
        } catch {
            throw Failure(path: file, line: 0, reason: error.reason)
        }
        return try parse(bytes, path: file)
    }

    /// Parses the text of a settings file named `path` in messages.
    public static func parse(_ bytes: [UInt8], path: String) throws(Failure) -> PortalSettings {
        let keyFile: GLibKeyFile
        do {
            keyFile = try GLibKeyFile(bytes: bytes)
        } catch {
            throw Failure(path: path, line: error.line, reason: error.description)
        }
        guard let group = keyFile.group("Portal"), let entry = group.entries.first(where: { $0.key == "Terminal" }) else {
            return PortalSettings()
        }
        guard let value = GLibKeyFile.string(entry.value) else {
            throw Failure(path: path, line: entry.line, reason: "Terminal is not a valid string")
        }
        do {
            return PortalSettings(terminal: try ExecTokenizer.tokenize(value).map(\.text))
        } catch {
            throw Failure(
                path: path, line: entry.line, reason: "Terminal: " + error.description.replacing("Exec", with: "the value"))
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
