import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

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

    /// The text chunks of the PNG file at `path`, reading only what the check needs: each chunk's
    /// length and type, and the data of `IHDR` and the text chunks, each CRC checked; the image
    /// data is passed over unread. Nil when the file is not a regular file of at most `sizeLimit`
    /// bytes (or, unless `followingLinks`, is a symbolic link), has more than `chunkLimit` chunks,
    /// or is not a well-formed PNG up to its `IEND`.
    package static func read(file path: String, sizeLimit: Int, followingLinks: Bool, chunkLimit: Int = 4096)
        -> [String: String]?
    {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(PathCoding.cString(path), flags)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= sizeLimit else { return nil }
        let size = Int(info.st_size)
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard count >= 0, offset <= size - count else { return nil }
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
        guard bytes(at: 0, count: 8) == signature else { return nil }
        var texts: [String: String] = [:]
        var offset = 8
        for index in 0..<chunkLimit {
            guard let header = bytes(at: offset, count: 8) else { return nil }
            let length = Int(uint32(header, at: 0))
            let type = String(decoding: header[4..<8], as: UTF8.self)
            guard length <= size - offset - 12 else { return nil }
            if index == 0 && type != "IHDR" { return nil }
            if ["IHDR", "tEXt", "iTXt", "IEND"].contains(type) {
                guard let chunk = bytes(at: offset + 4, count: length + 8) else { return nil }
                let data = chunk[4..<(4 + length)]
                guard CRC32.checksum(chunk[0..<(4 + length)]) == uint32(chunk, at: 4 + length) else { return nil }
                if type == "IEND" { return texts }
                if type == "tEXt", let (key, value) = latin1Text(data) { texts[key] = value }
                if type == "iTXt", let (key, value) = internationalText(data) { texts[key] = value }
            }
            offset += 12 + length
        }
        return nil
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
