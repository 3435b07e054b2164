/// The image protocols a terminal may draw with, and how to ask it which one it has: the picker
/// draws a thumbnail only when the terminal says so in its reply, never from `TERM` or a guess.
///
/// The question is two sequences sent together: a kitty graphics protocol query (`a=q`, an image
/// of one pixel that is never shown), which a terminal with the protocol answers `ESC _ G i=31;OK
/// ESC \`, and the Primary Device Attributes request (`CSI c`, ECMA-48 DA; VT220 and later),
/// which every terminal answers `CSI ? Ps ; … c`, where the attribute 4 means sixel graphics.
/// Since terminals answer in order, the DA reply ends the wait: a kitty reply comes before it or
/// not at all.
public enum TerminalGraphics: Sendable, Equatable {
    /// The kitty graphics protocol.
    case kitty
    /// DEC sixel graphics.
    case sixel
    /// Neither: the thumbnail is shown as its path.
    case none

    /// What is written to the terminal to ask: the kitty query, then Primary Device Attributes.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[c"

    /// What a reply to `query` read so far says, with whether it is complete (the DA reply has
    /// come). An incomplete reply says `none` until it is complete, and bytes that belong to
    /// neither answer (a key typed meanwhile) are skipped.
    public static func parse(reply bytes: [UInt8]) -> (graphics: TerminalGraphics, complete: Bool) {
        var kitty = false
        var sixel = false
        var complete = false
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "_"), let end = stringTerminator(bytes, from: index + 2) {
                // An APC string: `G` and the kitty answer for our image id.
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if body.hasPrefix("G") && body.contains("i=31") && body.hasSuffix(";OK") { kitty = true }
                index = end + 2
            } else if bytes[index + 1] == UInt8(ascii: "["), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "?"),
                let end = bytes[(index + 3)...].firstIndex(where: { !(0x30...0x3B).contains($0) }),
                bytes[end] == UInt8(ascii: "c")
            {
                let parameters = String(decoding: bytes[(index + 3)..<end], as: UTF8.self).split(separator: ";")
                sixel = parameters.contains("4")
                complete = true
                index = end + 1
            } else {
                index += 1
            }
        }
        guard complete else { return (.none, false) }
        return (kitty ? .kitty : (sixel ? .sixel : .none), true)
    }

    /// The index of the `ESC \` that ends a string started at `start`, if it has come.
    private static func stringTerminator(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0x1B && bytes[index + 1] == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
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
