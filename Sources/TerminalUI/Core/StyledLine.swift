/// One line of a screen and how it is drawn. Every style is also said in the text itself (a
/// `>` before the highlighted row, `unavailable` after a dimmed one), so that nothing is lost
/// without attributes or colours (`NO_COLOR`).
public struct StyledLine: Sendable, Equatable {
    /// How a line is drawn.
    public enum Style: Sendable, Equatable {
        /// Plain text.
        case normal
        /// A title or a header.
        case title
        /// The highlighted row (reverse video).
        case highlighted
        /// A row that cannot be chosen (dim).
        case dimmed
        /// The highlighted row when it cannot be chosen.
        case highlightedDimmed
        /// The status line at the bottom: keys, prompts, messages.
        case status
    }

    /// The text, already escaped and fitted to the width.
    public var text: String
    /// How it is drawn.
    public var style: Style

    /// Creates a line.
    public init(_ text: String, style: Style = .normal) {
        self.text = text
        self.style = style
    }
}
