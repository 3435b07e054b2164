import XDGSupport

/// Which `Version=` of each profile last applied its `[Suggest]` entries, per level and desktop:
/// `$XDG_STATE_HOME/assoc/profiles.list`, one group per scope (`[Suggested user]`,
/// `[Suggested system kde]`), one `NAME=VERSION` key per profile.
///
/// A suggestion is applied once per version, so a choice the person makes afterwards stays
/// theirs until the profile's version rises (as Windows' `Suggested="true"` associations).
public struct SuggestionMemory: Sendable {
    /// Where the state directory is.
    public let environment: XDGEnvironment

    /// The memory of `environment`.
    public init(environment: XDGEnvironment) {
        self.environment = environment
    }

    /// The file.
    public var path: String { environment.stateHome + "/assoc/profiles.list" }

    /// The group of one level and desktop.
    static func group(level: EditRequest.Level, desktop: String?) -> String {
        "Suggested \(level.rawValue)" + (desktop.map { " " + $0.lowercased() } ?? "")
    }

    /// The version whose suggestions were last applied, or nil when none was.
    public func version(of profile: String, level: EditRequest.Level, desktop: String?) -> Int? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        return file.rawValue(profile, in: Self.group(level: level, desktop: desktop)).flatMap { Int($0.trimmingSpaces()) }
    }

    /// Remembers that `version` of `profile` applied its suggestions; writes nothing when it is
    /// remembered already.
    ///
    /// - Throws: `ProfileError.memoryNotWritten`.
    public func remember(_ version: Int, of profile: String, level: EditRequest.Level, desktop: String?) throws(ProfileError) {
        let group = Self.group(level: level, desktop: desktop)
        do {
            let path = try environment.stateHomeForWriting() + "/assoc/profiles.list"
            try AtomicFile.update(path) { old in
                var diagnostics: [Diagnostic] = []
                var file = KeyFile(
                    parsing: old ?? "# The profile versions whose [Suggest] entries 'assoc profile apply' applied.\n",
                    path: path, diagnostics: &diagnostics)
                guard file.rawValue(profile, in: group) != String(version) else { return nil }
                file.set(String(version), for: profile, in: group)
                return file.text
            }
        } catch {
            throw .memoryNotWritten(path: path, reason: "\(error)")
        }
    }
}
