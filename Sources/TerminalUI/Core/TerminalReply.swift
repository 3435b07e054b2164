/// What a terminal sent back while it was asked `TerminalGraphics.query`, as far as it is read:
/// the image protocol it draws, the size of its cells, and the bytes that answer nothing (keys
/// typed meanwhile), which the caller hands on to the key reader.
///
/// Three answers can come, in the order asked: the kitty graphics reply (`ESC _ G … ESC \`), the
/// cell size (`CSI 6 ; height ; width t`, xterm's answer to the window manipulation `CSI 16 t`),
/// and the Primary Device Attributes (`CSI ? Ps ; … c`), which every terminal sends and which
/// ends the wait. A terminal that does not know a question does not answer it.
public struct TerminalReply: Sendable, Equatable {
    /// The size of a terminal cell in pixels.
    public struct CellSize: Sendable, Equatable {
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int

        /// Creates a size.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// What a cell is taken to be when the terminal does not say: 10 × 20 pixels.
        public static let assumed = CellSize(width: 10, height: 20)
    }

    /// The protocol the terminal draws; `none` until the reply is complete.
    public var graphics = TerminalGraphics.none
    /// Whether the device attributes, the last answer, have come.
    public var complete = false
    /// The cell size the terminal gave; nil when it gave none.
    public var cellSize: CellSize?
    /// The bytes that belong to no answer, in order. While the reply is not complete, a
    /// sequence at the end that may still become an answer is left out (it is neither an
    /// answer nor a key yet); once complete, everything after the answers is here.
    public var typed: [UInt8] = []

    /// Reads `bytes`, what the terminal sent since the question.
    public init(parsing bytes: [UInt8]) {
        var kitty = false
        var sixel = false
        var index = 0
        var pending: Int?
        while index < bytes.count {
            guard bytes[index] == 0x1B else {
                typed.append(bytes[index])
                index += 1
                continue
            }
            guard index + 1 < bytes.count else {
                pending = index
                break
            }
            if bytes[index + 1] == UInt8(ascii: "_") {
                // An APC string: `G` and the kitty answer for our image id. Anything else after
                // `ESC _` is a key (Alt+_), not the start of an answer that would never end.
                guard index + 2 < bytes.count else {
                    pending = index
                    break
                }
                guard bytes[index + 2] == UInt8(ascii: "G") else {
                    typed.append(bytes[index])
                    index += 1
                    continue
                }
                guard let end = Self.stringTerminator(bytes, from: index + 2) else {
                    pending = index
                    break
                }
                let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if body.contains("i=31") && body.hasSuffix(";OK") { kitty = true }
                index = end + 2
                continue
            }
            guard bytes[index + 1] == UInt8(ascii: "[") else {
                typed.append(bytes[index])
                index += 1
                continue
            }
            // A control sequence: parameter bytes, then the final byte (ECMA-48 5.4).
            var end = index + 2
            while end < bytes.count && (0x30...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else {
                pending = index
                break
            }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            switch (bytes[end], parameters.first) {
            case (UInt8(ascii: "c"), "?"):
                sixel = parameters.dropFirst().split(separator: ";").contains("4")
                complete = true
            case (UInt8(ascii: "t"), "6"):
                let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
                if numbers.count == 3, let height = numbers[1], let width = numbers[2], (1...4096).contains(height),
                    (1...4096).contains(width)
                {
                    cellSize = CellSize(width: width, height: height)
                }
            default:
                // Not an answer: a key such as ESC [ B.
                typed += bytes[index...end]
            }
            index = end + 1
        }
        if complete {
            if let pending { typed += bytes[pending...] }
            graphics = kitty ? .kitty : (sixel ? .sixel : .none)
        }
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
