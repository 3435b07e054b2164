internal import CZlib
import DocumentProvider

/// A PNG image decoded to 8-bit RGBA pixels, for drawing as sixel (PNG, ISO/IEC 15948: the IHDR
/// header, the zlib stream of the IDAT chunks, the five scanline filters, the PLTE and tRNS chunks).
///
/// Thumbnails are small, 8-bit, not interlaced; only those are decoded (grey, grey with alpha,
/// RGB, RGBA and palette images of 8-bit samples), up to 2048 × 2048 pixels. Anything else is a
/// `Failure`, and the thumbnail is then shown as its path.
struct PNGImage: Sendable, Equatable {
    /// The width and height in pixels.
    let width: Int
    let height: Int
    /// Four bytes a pixel, red, green, blue, alpha, row after row.
    let rgba: [UInt8]

    /// Why an image is not decoded.
    enum Failure: Error, Sendable, Equatable {
        /// Not a well-formed PNG.
        case malformed(String)
        /// A PNG of a kind not decoded here (bit depth, interlace, size).
        case unsupported(String)
    }

    static let maximumSide = 2048

    /// Decodes `bytes`.
    init(decoding bytes: [UInt8]) throws(Failure) {
        let chunks: [(type: String, data: ArraySlice<UInt8>)]
        do { chunks = try PNGTextChunks.chunks(bytes) } catch { throw .malformed("\(error)") }
        let header = chunks[0].data
        guard header.count == 13 else { throw .malformed("IHDR is \(header.count) bytes, not 13") }
        let start = header.startIndex
        let width = Int(PNGTextChunks.uint32(header, at: start))
        let height = Int(PNGTextChunks.uint32(header, at: start + 4))
        let depth = header[start + 8]
        let colorType = header[start + 9]
        let interlace = header[start + 12]
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .unsupported("\(width) × \(height) pixels")
        }
        guard depth == 8, interlace == 0 else { throw .unsupported("bit depth \(depth), interlace \(interlace)") }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: throw .malformed("colour type \(colorType)")
        }
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let stride = width * channels
        let raw = try Self.inflate(compressed, count: height * (stride + 1))
        let lines = try Self.unfilter(raw, height: height, stride: stride, bytesPerPixel: channels)
        let palette = chunks.first { $0.type == "PLTE" }.map { Array($0.data) } ?? []
        let transparency = chunks.first { $0.type == "tRNS" }.map { Array($0.data) } ?? []
        if colorType == 3 && palette.isEmpty { throw .malformed("a palette image without PLTE") }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            let source = pixel * channels
            let target = pixel * 4
            switch colorType {
            case 0, 4:
                rgba[target] = lines[source]
                rgba[target + 1] = lines[source]
                rgba[target + 2] = lines[source]
                if colorType == 4 { rgba[target + 3] = lines[source + 1] }
            case 3:
                let index = Int(lines[source])
                guard index * 3 + 2 < palette.count else { throw .malformed("palette index \(index) out of range") }
                rgba[target] = palette[index * 3]
                rgba[target + 1] = palette[index * 3 + 1]
                rgba[target + 2] = palette[index * 3 + 2]
                if index < transparency.count { rgba[target + 3] = transparency[index] }
            default:
                rgba[target] = lines[source]
                rgba[target + 1] = lines[source + 1]
                rgba[target + 2] = lines[source + 2]
                if colorType == 6 { rgba[target + 3] = lines[source + 3] }
            }
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The zlib stream inflated, which must give exactly `count` bytes.
    private static func inflate(_ compressed: [UInt8], count: Int) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        var produced = uLongf(count)
        let status = output.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &produced, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(produced) == count else { throw .malformed("the image data does not inflate to its size") }
        return output
    }

    /// The scanlines without their filter bytes, each filter undone (None, Sub, Up, Average, Paeth).
    private static func unfilter(_ raw: [UInt8], height: Int, stride: Int, bytesPerPixel: Int) throws(Failure) -> [UInt8] {
        var lines = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let input = row * (stride + 1) + 1
            let output = row * stride
            for column in 0..<stride {
                let left = column >= bytesPerPixel ? Int(lines[output + column - bytesPerPixel]) : 0
                let up = row > 0 ? Int(lines[output - stride + column]) : 0
                let upLeft = row > 0 && column >= bytesPerPixel ? Int(lines[output - stride + column - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : (toUp <= toUpLeft ? up : upLeft)
                default: throw .malformed("filter type \(filter) on row \(row)")
                }
                lines[output + column] = UInt8(truncatingIfNeeded: Int(raw[input + column]) + predictor)
            }
        }
        return lines
    }
}
