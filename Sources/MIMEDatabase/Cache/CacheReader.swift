import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A big-endian, bounds-checked view of a `mime.cache` image.
///
/// Every offset and count in the file is untrusted: each read checks its range against the size of
/// the image first, so a truncated or poisoned cache throws instead of crashing (SPECS rule 40).
/// The image may be a mapping of the file (`FileImage`): its size is fixed when it is made, and
/// every read is checked against that size exactly as against bytes read into memory. It may be
/// shared between threads: the image is never written, and the reader keeps it alive.
struct CacheReader: Sendable {
    /// Why a read failed.
    enum Failure: Error, Equatable {
        case outOfBounds(offset: Int, length: Int, size: Int)
        case unterminatedString(offset: Int)
        case tooDeep(limit: Int)
        case tooLarge(what: String, count: Int)

        var reason: String {
            switch self {
            case .outOfBounds(let offset, let length, let size):
                return "a read of \(length) bytes at offset \(offset) runs past the end of the \(size)-byte file"
            case .unterminatedString(let offset): return "the string at offset \(offset) has no terminating NUL"
            case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
            case .tooLarge(let what, let count): return "\(what) claims \(count) entries, more than the file can hold"
            }
        }
    }

    /// The image, kept alive by the reader.
    let image: FileImage

    /// The image's bytes, read through the image on each use, so that no copy of the pointer can
    /// outlive what it points into. (A copy kept beside the image crashed the debug test process
    /// in the unwinder, in tests that typed files on several threads.)
    var bytes: UnsafeBufferPointer<UInt8> { image.bytes }

    /// A reader of `image`.
    init(bytes image: FileImage) {
        self.image = image
    }

    func uint16(at offset: Int) throws(Failure) -> UInt16 {
        try require(offset, 2)
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func uint32(at offset: Int) throws(Failure) -> UInt32 {
        try require(offset, 4)
        // In bounds (just checked): one load, not four checked subscripts.
        return UInt32(bigEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt32.self))
    }

    /// A 32-bit field read as an offset or count.
    func int(at offset: Int) throws(Failure) -> Int { Int(try uint32(at: offset)) }

    /// A count of records of `recordSize` bytes starting at `start`, checked to fit in the file.
    func count(at offset: Int, recordSize: Int, recordsStart: Int, what: @autoclosure () -> String) throws(Failure) -> Int {
        let count = try int(at: offset)
        guard count <= (bytes.count - min(recordsStart, bytes.count)) / max(recordSize, 1) else {
            throw .tooLarge(what: what(), count: count)
        }
        return count
    }

    /// The NUL-terminated bytes at `offset`; the terminator must lie inside the file.
    func cString(at offset: Int) throws(Failure) -> Slice<UnsafeBufferPointer<UInt8>> {
        try require(offset, 1)
        guard let end = cStringBounds(at: offset) else { throw .unterminatedString(offset: offset) }
        return bytes[end]
    }

    /// Where the NUL-terminated bytes at `offset` lie (the terminator excluded), or nil when they
    /// are not inside the file: `cString(at:)` without the copy, for comparing in place.
    func cStringBounds(at offset: Int) -> Range<Int>? {
        guard offset >= 0, offset < bytes.count else { return nil }
        let buffer = bytes
        guard let nul = memchr(buffer.baseAddress! + offset, 0, buffer.count - offset) else { return nil }
        return offset..<(UnsafePointer<UInt8>(nul.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress!)
    }

    /// Where the NUL-terminated bytes at `offset` lie (the terminator excluded) and whether they
    /// are all ASCII, or nil when they are not inside the file: `cStringBounds(at:)` and an
    /// ASCII test in one pass over the bytes, eight at a time, for checking every name of a list.
    func asciiCStringBounds(at offset: Int) -> (range: Range<Int>, ascii: Bool)? {
        let buffer = bytes
        guard offset >= 0, offset < buffer.count else { return nil }
        let base = UnsafeRawPointer(buffer.baseAddress!)
        let high: UInt64 = 0x8080_8080_8080_8080
        var seen: UInt64 = 0
        var position = offset
        while position + 8 <= buffer.count {
            let word = UInt64(littleEndian: (base + position).loadUnaligned(as: UInt64.self))
            // The lowest byte flagged is the first NUL (a borrow only runs towards higher bytes).
            let zeros = (word &- 0x0101_0101_0101_0101) & ~word & high
            if zeros != 0 {
                let index = zeros.trailingZeroBitCount / 8
                let before = index == 0 ? 0 : word & (UInt64.max >> (64 - 8 * index))
                return (offset..<position + index, (seen | before) & high == 0)
            }
            seen |= word
            position += 8
        }
        while position < buffer.count {
            let byte = buffer[position]
            if byte == 0 { return (offset..<position, seen & high == 0) }
            seen |= UInt64(byte)
            position += 1
        }
        return nil
    }

    /// How a name in the file compares with an ASCII name, as strings compare (`==`).
    enum ASCIIMatch {
        /// The same bytes.
        case same
        /// Not equal: they part at a byte below 128 (an ASCII character is a starter with no
        /// decomposition, so nothing after it can make the two canonically equivalent).
        case different
        /// They part at a byte above 127: only a comparison of strings can tell.
        case undecided
    }

    /// How the NUL-terminated bytes at `offset` compare with `wanted` (all ASCII), read only as far
    /// as they agree: for scanning a list for one name without finding where each name ends. Nil
    /// when the bytes run past the file before they part.
    func matchASCII(at offset: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> ASCIIMatch? {
        let buffer = bytes
        guard offset >= 0, offset + wanted.count < buffer.count else { return nil }
        for index in 0..<wanted.count where buffer[offset + index] != wanted[index] {
            return buffer[offset + index] >= 0x80 ? .undecided : .different
        }
        let next = buffer[offset + wanted.count]
        return next == 0 ? .same : (next >= 0x80 ? .undecided : .different)
    }

    /// Orders the bytes at `range` of the file against `other` as strcmp(3) orders strings:
    /// negative, zero or positive.
    func compare(_ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(range.count, other.count)
        let order = common == 0 ? 0 : Int(memcmp(bytes.baseAddress! + range.lowerBound, other.baseAddress!, common))
        return order != 0 ? order : range.count - other.count
    }

    /// Orders the bytes at two ranges of the file as strcmp(3) orders strings.
    func compare(_ range: Range<Int>, _ other: Range<Int>) -> Int {
        compare(range, UnsafeBufferPointer(rebasing: bytes[other]))
    }

    /// The type name at `offset`, or nil when it does not read or is not a name RFC 6838 allows:
    /// what every in-place reader takes a record's type from, so that a record the decoder skips
    /// (`MIMECache`) is skipped in place too.
    func typeName(at offset: Int) -> String? {
        guard let bytes = try? cString(at: offset),
            MIMETypeName.isRestrictedName(utf8: UnsafeBufferPointer(rebasing: bytes))
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The NUL-terminated string at `offset`, decoded as UTF-8 (invalid sequences replaced).
    func string(at offset: Int) throws(Failure) -> String {
        String(decoding: try cString(at: offset), as: UTF8.self)
    }

    /// `length` raw bytes at `offset`.
    func slice(at offset: Int, length: Int) throws(Failure) -> [UInt8] {
        try require(offset, length)
        return Array(bytes[offset..<offset + length])
    }

    /// Checks that `length` bytes at `offset` lie inside the file, without copying them.
    func checkRange(at offset: Int, length: Int) throws(Failure) { try require(offset, length) }

    private func require(_ offset: Int, _ length: Int) throws(Failure) {
        guard offset >= 0, length >= 0, offset <= bytes.count - length else {
            throw .outOfBounds(offset: offset, length: length, size: bytes.count)
        }
    }
}
