/// One input event a screen reacts to: a key, a mouse event or a new terminal size.
public enum Key: Sendable, Equatable {
    /// ↑.
    case up
    /// ↓.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Enter or Return.
    case enter
    /// Backspace (or Delete sent as DEL).
    case backspace
    /// Esc.
    case escape
    /// Tab.
    case tab
    /// A printable character, Space included.
    case character(Character)
    /// A click of the first button on a line of the screen (0 is the top line).
    case click(line: Int)
    /// The wheel turned up.
    case wheelUp
    /// The wheel turned down.
    case wheelDown
    /// The terminal now has this many lines and columns; the screen is drawn anew.
    case resize(lines: Int, columns: Int)
    /// The terminal answered which image protocol it draws (asked once, when the screen starts).
    case graphics(TerminalGraphics)
}

/// What a screen says after a key: keep going, finish with an answer, or cancel.
public enum ScreenStep<Answer> {
    /// Keep showing the screen.
    case stay
    /// The person chose; the screen ends with this answer.
    case finish(Answer)
    /// The person cancelled (Esc or q).
    case cancel
}

/// A full-screen program as a pure model: a key changes the state, and the state is drawn as lines.
public protocol Screen {
    /// What the screen answers when the person chooses.
    associatedtype Answer

    /// Takes one key and says whether the screen goes on.
    mutating func handle(_ key: Key) -> ScreenStep<Answer>

    /// The screen's lines for a terminal of `lines` × `columns`: exactly `lines` lines, each at
    /// most `columns` columns wide.
    func render(lines: Int, columns: Int) -> [StyledLine]

    /// The images to draw over the lines (a thumbnail), for a terminal that draws images.
    func images(lines: Int, columns: Int) -> [ImagePlacement]
}

extension Screen {
    /// No images: the screens that draw none.
    public func images(lines: Int, columns: Int) -> [ImagePlacement] { [] }
}
