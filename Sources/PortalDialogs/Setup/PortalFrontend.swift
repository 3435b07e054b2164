import XDGSupport

/// The installed xdg-desktop-portal frontend, as far as a backend's set-up depends on it: where it
/// is, its version, and the one directory it reads backends' `.portal` files from.
public struct PortalFrontend: Sendable, Equatable {
    /// The frontend's executable.
    public var executable: String
    /// Its version as numbers (`[1, 16, 0]`), when known.
    public var version: [Int]?
    /// Where it reads `*.portal` files: `$XDG_DESKTOP_PORTAL_DIR`, else its data directory's
    /// `xdg-desktop-portal/portals` (the frontend reads no other).
    public var portalsDirectory: String
    /// Its data directory (`/usr/share` for `/usr/libexec/xdg-desktop-portal`).
    public var dataDirectory: String

    /// Where distributions install the frontend.
    public static let knownExecutables = [
        "/usr/libexec/xdg-desktop-portal", "/usr/lib/xdg-desktop-portal", "/usr/local/libexec/xdg-desktop-portal",
        "/usr/lib/xdg-desktop-portal/xdg-desktop-portal",
    ]

    /// The frontend of `environment`: `$ASSOC_PORTAL_FRONTEND` when set (an installation
    /// elsewhere, or a test's), else the first of `knownExecutables` that exists; nil when none
    /// does. `version` asks the executable its version.
    public static func installed(_ environment: XDGEnvironment, version: (String) -> [Int]?) -> PortalFrontend? {
        let named = environment.variables["ASSOC_PORTAL_FRONTEND"].flatMap { $0.hasPrefix("/") ? [$0] : nil }
        guard let executable = (named ?? knownExecutables).first(where: FileBytes.isExecutableFile) else { return nil }
        // PREFIX/libexec/xdg-desktop-portal and PREFIX/lib/xdg-desktop-portal[/xdg-desktop-portal].
        var prefix = executable.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        while let last = prefix.last, last == "libexec" || last == "lib" || last == "xdg-desktop-portal" { prefix.removeLast() }
        let data = "/" + (prefix + ["share"]).joined(separator: "/")
        let override = environment.variables["XDG_DESKTOP_PORTAL_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        return PortalFrontend(
            executable: executable, version: version(executable),
            portalsDirectory: override ?? data + "/xdg-desktop-portal/portals", dataDirectory: data)
    }

    /// The numbers of a version printed as `xdg-desktop-portal 1.16.0`.
    public static func parseVersion(_ text: String) -> [Int]? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard let word = words.first(where: { $0.first?.isNumber == true }) else { return nil }
        let numbers = word.split(separator: ".").map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return nil }
        return numbers.compactMap { $0 }
    }

    /// Whether this frontend obeys `portals.conf` (1.17 and later); an unknown version is taken
    /// as a current one.
    public var readsPortalsConf: Bool { (version ?? [1, 18]).lexicographicallyPrecedes([1, 17]) == false }

    /// The version as text, or "an unknown version".
    public var versionText: String { version.map { $0.map(String.init).joined(separator: ".") } ?? "an unknown version" }
}
