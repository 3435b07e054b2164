/// A one-line text field on a status line: a folder's name, a file name.
public enum LineEdit: Sendable, Equatable {
    /// Still typing: the text so far.
    case editing(String)
    /// Enter: the text is taken.
    case committed(String)
    /// Esc: the field is dropped.
    case dropped

    /// What `key` does to a field holding `text`.
    public static func apply(_ key: Key, to text: String) -> LineEdit {
        switch key {
        case .character(let character): return .editing(text + String(character))
        case .backspace: return .editing(String(text.dropLast()))
        case .enter: return .committed(text)
        case .escape: return .dropped
        default: return .editing(text)
        }
    }
}
