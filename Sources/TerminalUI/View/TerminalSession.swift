internal import CNcurses
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why a screen could not be shown.
public enum TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no controlling terminal to draw on.
    case noTerminal(reason: String)
    /// ncurses could not start on it (an unknown `TERM`).
    case cannotStart(term: String)

    /// The message.
    public var description: String {
        switch self {
        case .noTerminal(let reason): return "cannot open the terminal /dev/tty: \(reason)"
        case .cannotStart(let term): return "cannot start the screen on this terminal (TERM='\(term)')"
        }
    }
}

/// The thin ncursesw view: draws a screen's lines on the controlling terminal (`/dev/tty`, so
/// that standard output stays free for the answer, as fzf does) and turns what the terminal sends
/// into keys.
public final class TerminalSession {
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private let colors: Bool
    /// Whether the locale's character set is UTF-8; if not, only ASCII is drawn.
    private let unicode: Bool

    /// Starts ncurses on `/dev/tty`; colours only when `colors` is true (callers pass false under
    /// `NO_COLOR`). Attributes (reverse, dim, bold) are used either way and every mark is in the text.
    ///
    /// - Throws: `TerminalError` when there is no terminal or `term` is unknown.
    public init(term: String, colors: Bool) throws(TerminalError) {
        guard let input = fopen("/dev/tty", "r"), let output = fopen("/dev/tty", "w") else {
            throw .noTerminal(reason: String(cString: strerror(errno)))
        }
        setlocale(LC_ALL, "")
        unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        guard let screen = newterm(term.isEmpty ? nil : term, output, input) else {
            fclose(input)
            fclose(output)
            throw .cannotStart(term: term)
        }
        self.input = input
        self.output = output
        self.screen = screen
        set_term(screen)
        cbreak()
        noecho()
        nonl()
        keypad(cncurses_screen(), true)
        set_escdelay(25)
        curs_set(0)
        cncurses_enable_mouse()
        self.colors = colors && has_colors()
        if self.colors {
            start_color()
            use_default_colors()
            init_pair(1, Int16(COLOR_BLUE), -1)
        }
    }

    /// The size of a cell in pixels, as the terminal gave it in answer to `queryGraphics`; 10 ×
    /// 20 when it did not say.
    public private(set) var cellSize = TerminalReply.CellSize.assumed

    /// Asks the terminal which image protocol it draws and the size of its cells
    /// (`TerminalGraphics.query`) and waits for the answer at most `milliseconds`; a terminal
    /// that does not answer in time draws none. Keys typed meanwhile are given back to the key
    /// reader, first, so that none is lost.
    public func queryGraphics(milliseconds: Int = 300) -> TerminalGraphics {
        fputs(TerminalGraphics.query, output)
        fflush(output)
        var bytes: [UInt8] = []
        var reply = TerminalReply(parsing: [])
        var waited = 0
        var buffer = [UInt8](repeating: 0, count: 256)
        while waited < milliseconds {
            var descriptor = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
            let started = MonotonicClock.milliseconds
            guard poll(&descriptor, 1, Int32(milliseconds - waited)) > 0 else { break }
            let count = read(fileno(input), &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            reply = TerminalReply(parsing: bytes)
            if reply.complete { break }
            waited += max(Int(MonotonicClock.milliseconds - started), 1)
        }
        cellSize = reply.cellSize ?? .assumed
        // ncurses reads what is pushed back before the terminal, the last pushed first.
        let codes = TypeAhead.codes(reply.typed, mouse: KEY_MOUSE) { sequence in
            (sequence.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { key_defined($0.baseAddress) }
        }
        // Its push-back queue holds about 137 codes (ncurses' FIFO_SIZE): a longer paste keeps
        // its first keys, the ones read first, and drops the rest rather than its start.
        for code in codes.prefix(Self.typeAheadLimit).reversed() { ungetch(code) }
        return reply.graphics
    }

    /// The most keys typed during the question that are handed back to ncurses.
    private static let typeAheadLimit = 128

    /// The images drawn now, so that an unchanged set is not sent again.
    private var placed: [ImagePlacement] = []

    /// Draws `images` over the text after removing those drawn before: with the kitty graphics
    /// protocol the PNG is sent as data (in chunks of 4096 base64 bytes) and the terminal scales
    /// it into its box of cells; with sixel it is decoded and sent as sixel, and the cells of the
    /// old images are first drawn again as text. An image that cannot be read or decoded is left
    /// out. Nothing is drawn when the terminal draws neither.
    public func place(_ images: [ImagePlacement], graphics: TerminalGraphics) {
        guard graphics != .none, images != placed else { return }
        var text = ""
        switch graphics {
        case .kitty: text = KittyImages.deleteAll
        case .sixel where !placed.isEmpty:
            redrawwin(cncurses_screen())
            refresh()
        default: break
        }
        for image in images {
            guard let png = try? FileBytes.read(image.path, limit: 1 << 20) else { continue }
            if graphics == .kitty {
                text += KittyImages.display(png: png, at: image)
            } else if let decoded = try? PNGImage(decoding: png) {
                text += "\u{1B}7\u{1B}[\(image.line + 1);\(image.column + 1)H"
                text += SixelImage.encode(decoded, columns: image.columns, lines: image.lines, cell: cellSize) + "\u{1B}8"
            }
        }
        placed = images
        fputs(text, output)
        fflush(output)
    }

    /// Tells `screen` what the terminal draws (asked with `queryGraphics`) and its size, before
    /// it is first shown; says what the terminal draws.
    public func start<S: Screen>(_ screen: inout S) -> TerminalGraphics {
        let graphics = queryGraphics()
        _ = screen.handle(.graphics(graphics))
        let (lines, columns) = size
        _ = screen.handle(.resize(lines: lines, columns: columns))
        return graphics
    }

    /// Draws `screen` at the terminal's size now, its lines and then its images.
    public func show<S: Screen>(_ screen: S, graphics: TerminalGraphics) {
        let (lines, columns) = size
        draw(screen.render(lines: lines, columns: columns))
        place(screen.images(lines: lines, columns: columns), graphics: graphics)
    }

    /// Ends the screen and gives the terminal back as it was.
    public func close() {
        if !placed.isEmpty {
            fputs(KittyImages.deleteAll, output)
            fflush(output)
        }
        endwin()
        delscreen(screen)
        fclose(input)
        fclose(output)
    }

    /// The file descriptor keys are read from, for `poll`.
    var inputDescriptor: Int32 { fileno(input) }

    /// The terminal's size now.
    public var size: (lines: Int, columns: Int) { (Int(cncurses_lines()), Int(cncurses_columns())) }

    /// Draws `lines` from the top, each in its style.
    ///
    /// The screens escape what they show from outside as they lay it out; each line is escaped
    /// once more here (`Terminal.sanitized` changes nothing in escaped text), so that a name a
    /// screen forgot still cannot reach the terminal raw.
    public func draw(_ lines: [StyledLine]) {
        erase()
        for (row, line) in lines.enumerated() {
            let attributes = attributes(for: line.style)
            attron(attributes)
            let text = Terminal.sanitized(line.text)
            mvaddstr(Int32(row), 0, unicode ? text : Self.ascii(text))
            attroff(attributes)
        }
        refresh()
    }

    /// `text` for a terminal that is not UTF-8: `…` as `...`, `▏` as `|`, anything else not ASCII as `?`.
    static func ascii(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "…": result += "..."
            case "▏": result += "|"
            case "↑", "↓", "←", "→": result += "^"
            default: result += scalar.isASCII ? String(scalar) : "?"
            }
        }
        return result
    }

    private func attributes(for style: StyledLine.Style) -> Int32 {
        switch style {
        case .normal: return 0
        case .title: return cncurses_attribute_bold() | (colors ? cncurses_color_pair(1) : 0)
        case .highlighted: return cncurses_attribute_reverse()
        case .dimmed: return cncurses_attribute_dim()
        case .highlightedDimmed: return cncurses_attribute_reverse() | cncurses_attribute_dim()
        case .status: return cncurses_attribute_reverse()
        }
    }

    /// Waits for the next key; nil for input that means nothing here.
    public func readKey() -> Key? {
        var code: Int32 = 0
        var character: UInt32 = 0
        switch cncurses_read(&code, &character) {
        case 1: return functionKey(code)
        case 0:
            switch character {
            case 10, 13: return .enter
            case 27: return .escape
            case 9: return .tab
            case 8, 127: return .backspace
            case 0..<32: return nil
            default: return Unicode.Scalar(character).map { .character(Character($0)) }
            }
        default: return nil
        }
    }

    private func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE, KEY_DC: return .backspace
        case KEY_BTAB: return .tab
        case KEY_RESIZE:
            let (lines, columns) = size
            return .resize(lines: lines, columns: columns)
        case KEY_MOUSE:
            var line: Int32 = 0
            switch cncurses_mouse(&line) {
            case 0: return .click(line: Int(line))
            case 1: return .wheelUp
            case 2: return .wheelDown
            default: return nil
            }
        default: return nil
        }
    }
}

/// Runs a screen on the terminal until it finishes or is cancelled.
public enum ScreenRunner {
    /// Shows `screen`, feeding it keys and drawing it after each one (and on every resize).
    ///
    /// - Returns: The answer, or nil when the person cancelled.
    /// - Throws: `TerminalError` when the terminal cannot be used.
    public static func run<S: Screen>(_ screen: inout S, term: String, colors: Bool) throws(TerminalError) -> S.Answer? {
        let session = try TerminalSession(term: term, colors: colors)
        defer { session.close() }
        let graphics = session.start(&screen)
        while true {
            session.show(screen, graphics: graphics)
            guard let key = session.readKey() else { continue }
            switch screen.handle(key) {
            case .stay: continue
            case .finish(let answer): return answer
            case .cancel: return nil
            }
        }
    }
}
