/// The image protocols a terminal may draw with, and how to ask it which one it has: the picker
/// draws a thumbnail only when the terminal says so in its reply, never from `TERM` or a guess.
///
/// The question is sequences sent together: a kitty graphics protocol query (`a=q`, an image
/// of one pixel that is never shown), which a terminal with the protocol answers `ESC _ G i=31;OK
/// ESC \`, the cell size request of xterm's window manipulations (`CSI 16 t`), and the Primary
/// Device Attributes request (`CSI c`, ECMA-48 DA; VT220 and later), which every terminal
/// answers `CSI ? Ps ; … c`, where the attribute 4 means sixel graphics. Since terminals answer
/// in order, the DA reply ends the wait: the other answers come before it or not at all.
public enum TerminalGraphics: Sendable, Equatable {
    /// The kitty graphics protocol.
    case kitty
    /// DEC sixel graphics.
    case sixel
    /// Neither: the thumbnail is shown as its path.
    case none

    /// What is written to the terminal to ask: the kitty query, the cell size (`CSI 16 t`), then
    /// Primary Device Attributes (see `TerminalReply`).
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[16t" + "\u{1B}[c"

    /// What a reply to `query` read so far says, with whether it is complete (the DA reply has
    /// come). An incomplete reply says `none` until it is complete, and bytes that belong to
    /// no answer (a key typed meanwhile) are skipped; `TerminalReply` gives them and the rest.
    public static func parse(reply bytes: [UInt8]) -> (graphics: TerminalGraphics, complete: Bool) {
        let reply = TerminalReply(parsing: bytes)
        return (reply.graphics, reply.complete)
    }
}

/// An image a screen wants drawn over its text: a PNG file in a box of cells.
public struct ImagePlacement: Sendable, Equatable {
    /// The PNG file.
    public var path: String
    /// The top line of the box (0 is the first).
    public var line: Int
    /// The left column of the box (0 is the first).
    public var column: Int
    /// The box's height in lines.
    public var lines: Int
    /// The box's width in columns.
    public var columns: Int

    /// Creates a placement.
    public init(path: String, line: Int, column: Int, lines: Int, columns: Int) {
        self.path = path
        self.line = line
        self.column = column
        self.lines = lines
        self.columns = columns
    }
}
