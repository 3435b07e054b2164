import DesktopEntry
import MIMEDatabase
import XDGSupport

/// `$XDG_CONFIG_HOME/assoc/pins.list`: the types whose default is defended, a key file like
/// `mimeapps.list` with one group, `[Pins]`, of `TARGET=APP;` lines. A TARGET is a type, a
/// wildcard or an extension; a wildcard or extension is kept as written and expanded each time
/// the pins are defended, so it covers types installed later, as `RulesList` does.
public struct PinsList: Sendable {
    /// One pin.
    public struct Pin: Sendable, Equatable {
        /// The type, wildcard or extension, as given.
        public var target: String
        /// The desktop file ID it opens in.
        public var app: String

        /// A pin.
        public init(target: String, app: String) {
            self.target = target
            self.app = app
        }
    }

    static let group = "Pins"

    /// The environment whose configuration directory holds the list.
    public let environment: XDGEnvironment

    /// The list of `environment`.
    public init(environment: XDGEnvironment) {
        self.environment = environment
    }

    /// Where the list is read from.
    public var path: String { environment.configHome + "/assoc/pins.list" }

    /// Every pin, and the problems of the file.
    public func pins() -> (pins: [Pin], diagnostics: [Diagnostic]) {
        guard let bytes = try? FileBytes.read(path, limit: AtomicFile.defaultSizeLimit) else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        let pins = file.entries(in: Self.group).compactMap { entry -> Pin? in
            KeyFileValue.list(entry.value).first.map { Pin(target: entry.key, app: $0) }
        }
        return (pins, diagnostics)
    }

    /// The types each pin covers now (a pin whose target names no type covers none).
    public func expanded(database: MIMEDatabase, applications: ApplicationIndex) -> [(pin: Pin, types: [String])] {
        pins().pins.map { pin in
            guard AssociationTarget.isRule(pin.target) else { return (pin, [database.canonicalName(pin.target)]) }
            let target = try? AssociationTarget(
                pin.target, app: pin.app, allTypes: false, database: database, applications: applications)
            return (pin, target?.types ?? [])
        }
    }

    /// Pins `target` to `app`, atomically.
    ///
    /// - Throws: `HistoryError.unknownDirectory` or `.notWritten`.
    public func pin(_ target: String, to app: String) throws(HistoryError) {
        try update { file in file.set(app + ";", for: target, in: Self.group) }
    }

    /// Unpins `target`; whether it was pinned.
    ///
    /// - Throws: `HistoryError.unknownDirectory` or `.notWritten`.
    @discardableResult
    public func unpin(_ target: String) throws(HistoryError) -> Bool {
        guard pins().pins.contains(where: { $0.target == target }) else { return false }
        try update { file in _ = file.remove(target, in: Self.group) }
        return true
    }

    private func update(_ change: (inout KeyFile) -> Void) throws(HistoryError) {
        let path: String
        do {
            path = try environment.configHomeForWriting() + "/assoc/pins.list"
        } catch {
            throw .unknownDirectory(error)
        }
        do {
            try AtomicFile.update(path) { old in
                var diagnostics: [Diagnostic] = []
                var file = KeyFile(
                    parsing: old ?? "# Defaults kept by 'assoc pin'; the watcher restores them.\n", path: path,
                    diagnostics: &diagnostics)
                change(&file)
                return file.text
            }
        } catch let failure as AtomicFile.Failure {
            throw .notWritten(failure)
        } catch {
            throw .notWritten(.system(path: path, step: "write", reason: "\(error)"))
        }
    }
}
