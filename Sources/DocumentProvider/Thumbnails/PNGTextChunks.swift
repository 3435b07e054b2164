/// The text chunks of a PNG image, read with every offset checked (STYLE.md convention 4).
///
/// Thumbnails carry their metadata in `tEXt` chunks (SPECS rule 86). Uncompressed `iTXt` chunks are
/// read too; compressed text (`zTXt`, compressed `iTXt`) is skipped, since the standard's keys are
/// short and written uncompressed.
package enum PNGTextChunks {
    /// Why bytes are not a PNG image that can be trusted.
    package enum Failure: Error, Sendable, Equatable {
        /// The first eight bytes are not the PNG signature.
        case notPNG
        /// A chunk runs past the end of the data.
        case truncated(offset: Int)
        /// A chunk's stored CRC does not match its type and data.
        case badChecksum(chunk: String, offset: Int)
        /// The first chunk is not `IHDR`, or no `IEND` ends the image.
        case malformed(String)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The keyword and text of every text chunk, in file order; a later duplicate key wins.
    ///
    /// - Throws: `Failure` when the bytes are not a well-formed PNG up to its `IEND` chunk.
    package static func read(_ bytes: [UInt8]) throws(Failure) -> [String: String] {
        var texts: [String: String] = [:]
        for (type, data) in try chunks(bytes) {
            switch type {
            case "tEXt":
                if let (key, value) = latin1Text(data) { texts[key] = value }
            case "iTXt":
                if let (key, value) = internationalText(data) { texts[key] = value }
            default:
                break
            }
        }
        return texts
    }

    /// Every chunk of a PNG image up to `IEND` (which is not included), in file order: its type
    /// and its data, each length and CRC checked.
    ///
    /// - Throws: `Failure` when the bytes are not a well-formed PNG up to its `IEND` chunk.
    package static func chunks(_ bytes: [UInt8]) throws(Failure) -> [(type: String, data: ArraySlice<UInt8>)] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var offset = 8
        var found: [(type: String, data: ArraySlice<UInt8>)] = []
        while true {
            guard offset <= bytes.count - 12 else { throw .truncated(offset: offset) }
            let length = Int(uint32(bytes, at: offset))
            guard length <= bytes.count - offset - 12 else { throw .truncated(offset: offset) }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            let dataRange = (offset + 8)..<(offset + 8 + length)
            let stored = uint32(bytes, at: dataRange.upperBound)
            guard CRC32.checksum(bytes[(offset + 4)..<dataRange.upperBound]) == stored else {
                throw .badChecksum(chunk: type, offset: offset)
            }
            if found.isEmpty && type != "IHDR" { throw .malformed("the first chunk is '\(type)', not 'IHDR'") }
            if type == "IEND" { return found }
            found.append((type, bytes[dataRange]))
            offset = dataRange.upperBound + 4
        }
    }

    /// The big-endian 32-bit number at `offset`, as PNG stores lengths, CRCs and sizes.
    package static func uint32<Bytes: Collection>(_ bytes: Bytes, at offset: Bytes.Index) -> UInt32 where Bytes.Element == UInt8 {
        bytes[offset..<bytes.index(offset, offsetBy: 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// `keyword NUL text`, both Latin-1.
    private static func latin1Text(_ data: ArraySlice<UInt8>) -> (String, String)? {
        guard let separator = data.firstIndex(of: 0) else { return nil }
        return (latin1(data[..<separator]), latin1(data[(separator + 1)...]))
    }

    /// `keyword NUL flag method language NUL translated NUL text`, the text UTF-8; nil when compressed.
    private static func internationalText(_ data: ArraySlice<UInt8>) -> (String, String)? {
        guard let keywordEnd = data.firstIndex(of: 0), keywordEnd + 2 < data.endIndex,
            data[keywordEnd + 1] == 0
        else { return nil }
        let rest = data[(keywordEnd + 3)...]
        guard let languageEnd = rest.firstIndex(of: 0),
            let translatedEnd = rest[(languageEnd + 1)...].firstIndex(of: 0)
        else { return nil }
        return (latin1(data[..<keywordEnd]), String(decoding: rest[(translatedEnd + 1)...], as: UTF8.self))
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
