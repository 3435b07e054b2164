import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import DocumentProvider
@testable import TerminalUI

/// A PNG made here from known pixels: 8-bit RGBA, each row with the filter given for it (done
/// forward as the PNG specification defines it), the scanlines in stored (uncompressed) deflate
/// blocks of a zlib stream, so the decoder's inflate and every unfilter are checked against pixels
/// known in advance.
func makePNG(width: Int, height: Int, pixels: [UInt8], filters: [UInt8]) -> [UInt8] {
    let stride = width * 4
    var raw: [UInt8] = []
    for row in 0..<height {
        raw.append(filters[row])
        for column in 0..<stride {
            let value = Int(pixels[row * stride + column])
            let left = column >= 4 ? Int(pixels[row * stride + column - 4]) : 0
            let up = row > 0 ? Int(pixels[(row - 1) * stride + column]) : 0
            let upLeft = row > 0 && column >= 4 ? Int(pixels[(row - 1) * stride + column - 4]) : 0
            let estimate = left + up - upLeft
            let paeth =
                abs(estimate - left) <= abs(estimate - up) && abs(estimate - left) <= abs(estimate - upLeft)
                ? left : (abs(estimate - up) <= abs(estimate - upLeft) ? up : upLeft)
            let predictor = [0, left, up, (left + up) / 2, paeth][Int(filters[row])]
            raw.append(UInt8(truncatingIfNeeded: value - predictor))
        }
    }
    // zlib: header, one final stored block, Adler-32 of the data.
    var stream: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count & 0xFF), UInt8(raw.count >> 8)]
    stream += [UInt8(~raw.count & 0xFF), UInt8((~raw.count >> 8) & 0xFF)] + raw
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in raw {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    stream += bigEndian(b << 16 | a)
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body[...]))
    }
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    return PNGTextChunks.signature + chunk("IHDR", header) + chunk("IDAT", stream) + chunk("IEND", [])
}

func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

@Suite("thumbnails decoded from PNG and written as sixel")
struct SixelImageTests {
    @Test("every scanline filter (None, Sub, Up, Average, Paeth) is undone to the pixels the image was made of")
    func filters() throws {
        let (width, height) = (7, 5)
        let pixels = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 * 37 + ($0 / 7) * 11) }
        let png = makePNG(width: width, height: height, pixels: pixels, filters: [0, 1, 2, 3, 4])
        let image = try PNGImage(decoding: png)
        #expect(image.width == width && image.height == height)
        #expect(image.rgba == pixels)
    }

    @Test(
        "the corpus's PNGs (RGB, RGBA, palette) decode to the size `file` reads in their headers",
        .enabled(if: Corpus.path("shared-mime-info/tests/mime-detection") != nil && Corpus.program("file") != nil))
    func corpusImages() throws {
        let folder = try #require(Corpus.path("shared-mime-info/tests/mime-detection"))
        for name in ["test.png", "editcopy.png", "tiledsample/tiled_sample.png", "Animated_PNG_example_bouncing_beach_ball.png"] {
            let path = folder + "/" + name
            let file = try ProcessRunner.run(try #require(Corpus.program("file")), ["-b", path], environment: [:])
            let match = try #require(file.standardOutput.firstMatch(of: /(\d+) x (\d+)/), "\(file.standardOutput)")
            let image = try PNGImage(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(image.width == Int(match.1) && image.height == Int(match.2), "\(name)")
            #expect(image.rgba.count == image.width * image.height * 4)
            if file.standardOutput.contains("RGBA") {
                #expect(
                    image.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element < 128 }, "\(name) has transparent pixels")
            }
        }
        #expect(throws: PNGImage.Failure.self) { try PNGImage(decoding: Array("not a png".utf8)) }
    }

    @Test("the sixel sequence: introducer keeping unset pixels, raster size, the colours used, one band per six rows, runs")
    func sixel() throws {
        // 4 × 8: the top 6 rows red, the last two transparent but one blue pixel.
        var pixels: [UInt8] = []
        for row in 0..<8 {
            for column in 0..<4 {
                if row < 6 {
                    pixels += [255, 0, 0, 255]
                } else {
                    pixels += row == 7 && column == 0 ? [0, 0, 255, 255] : [0, 0, 0, 0]
                }
            }
        }
        let image = try PNGImage(decoding: makePNG(width: 4, height: 8, pixels: pixels, filters: Array(repeating: 0, count: 8)))
        let text = SixelImage.encode(image, columns: 10, lines: 10)
        // Red is cube colour 5·36 = 180, blue 5; all six bits of the first band are red (63 + 63 = `~`),
        // in the second band bit 1 of the first column is blue (63 + 2 = `A`), the rest unset (`?`).
        #expect(text == "\u{1B}P0;1;0q\"1;1;4;8#5;2;0;0;100#180;2;100;0;0#180!4~-#5A???-\u{1B}\\")
        let large = try PNGImage(
            decoding: makePNG(
                width: 40, height: 80, pixels: Array(repeating: 200, count: 40 * 80 * 4), filters: Array(repeating: 1, count: 80))
        )
        let scaled = SixelImage.encode(large, columns: 2, lines: 2)
        #expect(scaled.hasPrefix("\u{1B}P0;1;0q\"1;1;20;40"), "a box of 20 × 40 pixels halves it: \(scaled)")
        #expect(scaled.filter { $0 == "-" }.count == 7, "40 rows are 7 bands")
        // The cell size the terminal gave sizes the box: 2 × 2 cells of 8 × 16 pixels are 16 × 32.
        let smallCells = SixelImage.encode(large, columns: 2, lines: 2, cell: TerminalReply.CellSize(width: 8, height: 16))
        #expect(smallCells.hasPrefix("\u{1B}P0;1;0q\"1;1;16;32"), "\(smallCells.prefix(30))")
        let wideCells = SixelImage.encode(large, columns: 2, lines: 2, cell: TerminalReply.CellSize(width: 30, height: 30))
        #expect(wideCells.hasPrefix("\u{1B}P0;1;0q\"1;1;30;60"), "the height limits: \(wideCells.prefix(30))")
        #expect(SixelImage.compressed(Array("aaaab".utf8)) == "!4ab" && SixelImage.compressed(Array("aaab".utf8)) == "aaab")
    }
}

@Suite("thumbnails sent with the kitty graphics protocol")
struct KittyImagesTests {
    @Test("the PNG goes as base64 direct data in chunks of at most 4096 bytes, all but the last with m=1, at the box")
    func chunks() {
        let png = (0..<7000).map { UInt8(truncatingIfNeeded: $0) }
        let text = KittyImages.display(png: png, at: ImagePlacement(path: "/t.png", line: 2, column: 77, lines: 12, columns: 22))
        #expect(text.hasPrefix("\u{1B}7\u{1B}[3;78H\u{1B}_Ga=T,f=100,t=d,q=2,C=1,c=22,r=12,m=1;"))
        #expect(text.hasSuffix("\u{1B}\\\u{1B}8"))
        let payloads = text.split(separator: "\u{1B}_G").dropFirst().map { $0.split(separator: ";", maxSplits: 1) }
        #expect(payloads.map { $0[0].hasSuffix("m=1") } == [true, true, false])
        let data = payloads.map { $0[1].prefix { $0 != "\u{1B}" } }
        #expect(data.allSatisfy { $0.count <= 4096 } && data.joined() == Base64.encoded(png))
    }
}
