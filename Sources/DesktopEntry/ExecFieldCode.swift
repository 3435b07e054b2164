/// The field codes of an `Exec` line (Desktop Entry Specification, "The Exec key"), defined once
/// for the launcher that expands them and the check that reports them.
public enum ExecFieldCode {
    /// The codes that stand for the targets: `%f`, `%F` (files), `%u`, `%U` (URLs).
    public static let fileCodes: Set<Character> = ["f", "F", "u", "U"]
    /// The other codes the specification defines: `%i` (the icon), `%c` (the name), `%k` (the
    /// entry's path).
    public static let otherCodes: Set<Character> = ["i", "c", "k"]
    /// Codes the specification deprecates; launchers drop them.
    public static let deprecatedCodes: Set<Character> = ["d", "D", "n", "N", "v", "m"]
    /// Codes that stand for several arguments, or none, and so must be an argument on their own.
    public static let standaloneCodes: Set<Character> = ["F", "U", "i"]

    /// Whether `code` (the character after `%`) is one the specification defines, `%` included.
    public static func isDefined(_ code: Character) -> Bool {
        code == "%" || fileCodes.contains(code) || otherCodes.contains(code) || deprecatedCodes.contains(code)
    }
}
