/// Labels as applications give them to a dialog: GTK's mnemonic form, where `_` marks the next
/// character as the access key and `__` stands for one underscore (`_Open`, `Save __As`).
public enum DialogLabel {
    /// `label` as shown on a terminal, without its mnemonic marks.
    public static func plain(_ label: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for character in label {
            if character == "_" && !pendingUnderscore {
                pendingUnderscore = true
                continue
            }
            if pendingUnderscore && character != "_" {
                pendingUnderscore = false
                result.append(character)
                continue
            }
            pendingUnderscore = false
            result.append(character)
        }
        return result
    }
}
