import XDGSupport

/// How far into a file detection reads for magic: 64 KiB, whatever a rule asks for.
///
/// A rule may name any offset (`offset="0:2147483000"` is valid XML), and reading as far as the
/// rules reach would read every file whole, into memory, on every core. Peers cap it too: GLib
/// sniffs at most 4 KiB, Qt 16 KiB. The shared-mime-info database needs at most 18,729 bytes
/// (`audio/vnd.dts.hd`, a search up to offset 18,725), so 64 KiB changes no answer of it; a rule
/// that looks further is matched against the first 64 KiB only, as if the file ended there, and
/// is warned about once, when its database is loaded.
public enum MagicReadLimit {
    /// The most bytes of a file that magic matching reads.
    public static let bytes = 1 << 16

    /// The warning for the magic of `type`, in the file at `path`, that looks at `extent` bytes.
    static func warning(path: String, line: Int? = nil, type: String, extent: Int) -> Diagnostic {
        Diagnostic(
            path: path, line: line,
            message: "the magic of '\(type)' looks at \(extent) bytes; only the first \(bytes) of a file are read")
    }

    /// The most bytes any of `rules` looks at.
    static func extent(of rules: [Matchlet]) -> Int {
        rules.map(\.extent).max() ?? 0
    }
}
