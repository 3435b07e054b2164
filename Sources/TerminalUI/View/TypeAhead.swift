/// Keys typed while the terminal was asked something (`TerminalSession.queryGraphics`), read as
/// bytes with its answer, turned into what ncurses' key reader gives back: they are pushed back
/// to it (`ungetch`), and a pushed-back byte is returned as it is, never decoded as part of an
/// escape sequence, so each sequence is decoded here first, by ncurses' own table of keys.
enum TypeAhead {
    /// The key codes of `bytes`, in order: an escape sequence that `defined` knows (ncurses'
    /// `key_defined`: the terminal's keys from terminfo) as its code, the longest first; a cursor
    /// key sent in the other cursor key mode (DECCKM: `CSI A` where the terminal's key is `SS3 A`,
    /// as before the screen set the keypad mode) as the same key; a mouse report (code `mouse`,
    /// then three bytes), and any other control sequence, left out, so that it never reads as
    /// Escape; every other byte as it is (UTF-8 is decoded by the key reader).
    static func codes(_ bytes: [UInt8], mouse: Int32, defined: ([UInt8]) -> Int32) -> [Int32] {
        var codes: [Int32] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                codes.append(Int32(bytes[index]))
                index += 1
                continue
            }
            if let (code, length) = known(bytes, at: index, defined: defined) {
                if code == mouse {
                    index = min(index + length + 3, bytes.count)
                } else {
                    codes.append(code)
                    index += length
                }
                continue
            }
            let introducer = bytes[index + 1]
            if introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") {
                // An unknown control sequence: parameter bytes, then the final byte (ECMA-48 5.4).
                var end = index + 2
                while end < bytes.count && (0x20...0x3F).contains(bytes[end]) { end += 1 }
                index = min(end + 1, bytes.count)
                continue
            }
            // Escape alone, or before a key (Alt and the key), as the key reader gives it.
            codes.append(0x1B)
            index += 1
        }
        return codes
    }

    /// The code and length of the longest escape sequence at `start` that is a key.
    private static func known(_ bytes: [UInt8], at start: Int, defined: ([UInt8]) -> Int32) -> (Int32, Int)? {
        let longest = min(bytes.count - start, 16)
        guard longest >= 2 else { return nil }
        for length in stride(from: longest, through: 2, by: -1) {
            let sequence = Array(bytes[start..<(start + length)])
            let code = defined(sequence)
            if code > 0 { return (code, length) }
            // The same cursor key in the other cursor key mode.
            if length == 3, sequence[1] == UInt8(ascii: "[") || sequence[1] == UInt8(ascii: "O") {
                let other = [0x1B, sequence[1] == UInt8(ascii: "[") ? UInt8(ascii: "O") : UInt8(ascii: "["), sequence[2]]
                let code = defined(other)
                if code > 0 { return (code, length) }
            }
        }
        return nil
    }
}
