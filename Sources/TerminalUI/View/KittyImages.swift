import XDGSupport

/// The escape sequences of the kitty graphics protocol that the screens use: display a PNG in a
/// box of cells, and delete every image shown (kitty's "Terminal graphics protocol", the control
/// data keys `a`, `f`, `t`, `c`, `r`, `m`, `q`, `d`).
enum KittyImages {
    /// Deletes every placement on the screen (`a=d,d=A`), quietly (`q=2`).
    static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"

    /// The largest payload of one escape sequence, as the protocol requires of direct data.
    static let chunk = 4096

    /// Moves the cursor to the box's top left cell (saving it first), sends `png` as direct data
    /// (`t=d`, `f=100`) shown at once (`a=T`) scaled to the box (`c`, `r`), in chunks (`m=1` on all
    /// but the last), without moving the cursor (`C=1`), and restores the cursor.
    static func display(png: [UInt8], at image: ImagePlacement) -> String {
        let data = Array(Base64.encoded(png).utf8)
        var text = "\u{1B}7\u{1B}[\(image.line + 1);\(image.column + 1)H"
        var start = 0
        repeat {
            let end = min(start + chunk, data.count)
            let more = end < data.count ? 1 : 0
            let control = start == 0 ? "a=T,f=100,t=d,q=2,C=1,c=\(image.columns),r=\(image.lines),m=\(more)" : "m=\(more)"
            text += "\u{1B}_G" + control + ";" + String(decoding: data[start..<end], as: UTF8.self) + "\u{1B}\\"
            start = end
        } while start < data.count
        return text + "\u{1B}8"
    }
}
