import XDGSupport

/// The names a file gets when its own is taken: `report.pdf`, `report (2).pdf`, `report (3).pdf`.
///
/// The number goes before the extension, and before a double one such as `.tar.gz`; a name that
/// already ends in a number in parentheses counts on from it (`report (2).pdf` → `report (3).pdf`).
/// A hidden name without another dot (`.profile`) has no extension. A numbered name that would be
/// longer than a file name may be (255 bytes) has its stem shortened, a whole character at a time,
/// so that the number and the extension still fit.
public enum NumberedName {
    /// Extensions that are kept whole.
    static let doubleExtensions = [".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tar.lz", ".tar.lzma", ".tar.z"]

    /// The `attempt`-th name to try for `name`: `name` itself for the first.
    public static func name(_ name: String, attempt: Int) -> String {
        guard attempt > 1 else { return name }
        var (stem, suffix) = split(name)
        var number = attempt
        if let (base, existing) = trailingNumber(stem) {
            stem = base
            number = existing + attempt - 1
        }
        return fitted(stem, " (\(number))\(suffix)")
    }

    /// `stem + tail`, with characters taken off the end of `stem`, and if need be of `tail`, until
    /// it has at most `FileName.maximumBytes` bytes.
    static func fitted(_ stem: String, _ tail: String) -> String {
        func bytes(_ text: String) -> Int { PathCoding.cString(text).count - 1 }
        var stem = stem
        var tail = tail
        var excess = bytes(stem) + bytes(tail) - FileName.maximumBytes
        while excess > 0, let last = stem.popLast() ?? tail.popLast() {
            excess -= bytes(String(last))
        }
        return stem + tail
    }

    /// The name without its extension, and the extension with its dot (`.tar.gz` kept whole; a
    /// hidden name without another dot has none).
    public static func split(_ name: String) -> (String, String) {
        let lowered = name.lowercased()
        if let double = doubleExtensions.first(where: { lowered.hasSuffix($0) && lowered.count > $0.count }) {
            let cut = name.index(name.endIndex, offsetBy: -double.count)
            return (String(name[..<cut]), String(name[cut...]))
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// `report (2)` → (`report`, 2).
    private static func trailingNumber(_ stem: String) -> (String, Int)? {
        guard stem.hasSuffix(")"), let open = stem.lastIndex(of: "("), open > stem.startIndex else { return nil }
        let before = stem.index(before: open)
        guard stem[before] == " ", let number = Int(stem[stem.index(after: open)..<stem.index(before: stem.endIndex)]),
            number > 0
        else { return nil }
        return (String(stem[..<before]), number)
    }
}
