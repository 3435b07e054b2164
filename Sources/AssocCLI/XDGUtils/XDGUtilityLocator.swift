import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a `PATH` lookup finds `xdg-open`, `xdg-mime` and `xdg-settings`, and which of them
/// are assoc (a link to this executable, or to an executable named `assoc`).
struct XDGUtilityLocator {
    /// The environment whose `PATH` is searched.
    let environment: XDGEnvironment

    /// Every executable file named after `utility` on `PATH`, in the order a lookup tries them.
    func candidates(_ utility: XDGUtility) -> [String] {
        var seen = Set<String>()
        return (environment.variables["PATH"] ?? "").split(separator: ":").map { $0 + "/" + utility.rawValue }
            .filter { FileBytes.isExecutableFile($0) && seen.insert($0).inserted }
    }

    /// What a lookup of `utility` finds, or nil.
    func found(_ utility: XDGUtility) -> String? { candidates(utility).first }

    /// The first candidate that is not assoc: the installed xdg-utils.
    func foreign(_ utility: XDGUtility) -> String? { candidates(utility).first { !Self.isAssoc($0) } }

    /// Whether `path` runs assoc: it resolves to the running executable or to a file named `assoc`.
    static func isAssoc(_ path: String) -> Bool {
        guard let resolved = canonicalPath(path) else { return false }
        return resolved == canonicalPath("/proc/self/exe") || resolved.split(separator: "/").last == "assoc"
    }

    /// The file `path` leads to, links followed; nil when it does not exist.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(PathCoding.cString(path), nil) else { return nil }
        defer { free(resolved) }
        return PathCoding.decode(cString: resolved)
    }

    /// The version line xdg-utils writes into each of its scripts (`xdg-open 1.1.3`), read
    /// from the file, never by running it.
    static func scriptVersion(_ path: String, utility: XDGUtility) -> String? {
        guard let bytes = try? FileBytes.read(path, limit: 1 << 20) else { return nil }
        let marker = Array("echo \"\(utility.rawValue) ".utf8)
        guard let start = bytes.firstRange(of: marker)?.upperBound else { return nil }
        let version = bytes[start...].prefix { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\n") }
        return String(decoding: version, as: UTF8.self)
    }
}
