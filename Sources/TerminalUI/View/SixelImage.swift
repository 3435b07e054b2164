/// A PNG thumbnail as DEC sixel graphics: the image scaled into its box, its colours reduced to
/// a 6 × 6 × 6 cube, written band by band (six pixel rows each), a colour at a time, with runs
/// compressed (`!n`), and pixels mostly transparent left unset (the second parameter 1 of the
/// introducer keeps the cells under them as they are). The format is the one of the DEC VT330/
/// VT340 and of xterm's and foot's sixel support: `DCS P1;P2;P3 q`, raster attributes `"`,
/// colour definitions `#Pc;2;R;G;B` in percent, `$` back to the band's start, `-` the next band.
enum SixelImage {
    /// The sixel sequence of `image` fitted into `columns` × `lines` cells of `cell` pixels each
    /// (never enlarged).
    static func encode(
        _ image: PNGImage, columns: Int, lines: Int, cell: TerminalReply.CellSize = .assumed
    ) -> String {
        let scale = min(
            1, Double(columns * cell.width) / Double(image.width), Double(lines * cell.height) / Double(image.height))
        let width = max(1, Int(Double(image.width) * scale))
        let height = max(1, Int(Double(image.height) * scale))
        // The colour of each pixel of the scaled image: a cube index, or -1 where it is transparent.
        var colors = [Int](repeating: -1, count: width * height)
        for y in 0..<height {
            let sourceY = min(image.height - 1, Int(Double(y) / scale))
            for x in 0..<width {
                let sourceX = min(image.width - 1, Int(Double(x) / scale))
                let pixel = (sourceY * image.width + sourceX) * 4
                guard image.rgba[pixel + 3] >= 128 else { continue }
                let level = { (value: UInt8) in (Int(value) * 5 + 127) / 255 }
                colors[y * width + x] =
                    level(image.rgba[pixel]) * 36 + level(image.rgba[pixel + 1]) * 6 + level(image.rgba[pixel + 2])
            }
        }
        var text = "\u{1B}P0;1;0q\"1;1;\(width);\(height)"
        for color in Set(colors).sorted() where color >= 0 {
            let percent = { (level: Int) in level * 100 / 5 }
            text += "#\(color);2;\(percent(color / 36));\(percent(color / 6 % 6));\(percent(color % 6))"
        }
        for top in stride(from: 0, to: height, by: 6) {
            let rows = top..<min(top + 6, height)
            let used = Set(rows.flatMap { y in colors[(y * width)..<(y * width + width)] }).filter { $0 >= 0 }.sorted()
            for (number, color) in used.enumerated() {
                var band: [UInt8] = []
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for y in rows where colors[y * width + x] == color { bits |= 1 << UInt8(y - top) }
                    band.append(63 + bits)
                }
                text += (number == 0 ? "" : "$") + "#\(color)" + compressed(band)
            }
            text += "-"
        }
        return text + "\u{1B}\\"
    }

    /// Sixel characters with runs of four or more written `!n` and the character.
    static func compressed(_ band: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < band.count {
            var end = index + 1
            while end < band.count && band[end] == band[index] { end += 1 }
            let character = String(UnicodeScalar(band[index]))
            text += end - index >= 4 ? "!\(end - index)" + character : String(repeating: character, count: end - index)
            index = end
        }
        return text
    }
}
