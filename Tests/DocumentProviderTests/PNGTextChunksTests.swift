import AssocTestSupport
import Testing

@testable import DocumentProvider

@Suite("reading PNG text chunks")
struct PNGTextChunksTests {
    static let image = TestPNG.image(texts: [
        ("Thumb::URI", "file:///tmp/a%20b.pdf"), ("Thumb::MTime", "1700000000"),
        ("Software", "caf\u{E9}"),
    ])

    @Test("the tEXt chunks of a valid image are read, Latin-1 decoded")
    func readsTexts() throws {
        let texts = try PNGTextChunks.read(Self.image)
        #expect(texts == ["Thumb::URI": "file:///tmp/a%20b.pdf", "Thumb::MTime": "1700000000", "Software": "café"])
    }

    @Test("every truncation of a valid image is rejected, never trapped on")
    func truncations() {
        for length in 0..<Self.image.count {
            #expect(throws: PNGTextChunks.Failure.self) { try PNGTextChunks.read(Array(Self.image.prefix(length))) }
        }
    }

    @Test("a flipped byte inside a chunk fails its CRC")
    func corruptChunk() {
        var bytes = Self.image
        bytes[45] ^= 0x01  // inside the data of the first tEXt chunk
        #expect(throws: PNGTextChunks.Failure.self) { try PNGTextChunks.read(bytes) }
    }

    @Test("data that is not a PNG, or a PNG that does not start with IHDR, is refused")
    func notPNG() {
        #expect(throws: PNGTextChunks.Failure.notPNG) { try PNGTextChunks.read(Array("GIF89a and more bytes".utf8)) }
        let headless = Array(Self.image.prefix(8)) + TestPNG.chunk("IEND", [])
        #expect(throws: PNGTextChunks.Failure.self) { try PNGTextChunks.read(headless) }
    }

    @Test("a chunk length that points past the end is refused")
    func hugeLength() {
        var bytes = Array(Self.image.prefix(8)) + TestPNG.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
        bytes += [0x7F, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + [0, 0, 0, 0]
        #expect(throws: PNGTextChunks.Failure.self) { try PNGTextChunks.read(bytes) }
    }
}
