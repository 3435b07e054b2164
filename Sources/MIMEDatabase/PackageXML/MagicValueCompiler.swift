import XDGSupport

/// Compiles a `<match>` element's attributes to the byte form of a `Matchlet` (SPECS rules 15–16).
///
/// Follows `update-mime-database`: numbers parse like `strtoul` with base 0, string values undo C
/// escapes, a string mask is hexadecimal starting `0x` and as long as the value.
enum MagicValueCompiler {
    /// Why a `<match>` could not be compiled.
    struct Failure: Error {
        var reason: String
    }

    static func compile(type: String?, value: String?, offset: String?, mask: String?) throws(Failure) -> Matchlet {
        guard let type else { throw Failure(reason: "no 'type' attribute") }
        guard let value else { throw Failure(reason: "no 'value' attribute") }
        guard let offset else { throw Failure(reason: "no 'offset' attribute") }
        let (start, length) = try range(offset)
        var wordSize = 1
        let bytes: [UInt8]
        var maskBytes: [UInt8]?
        switch type {
        case "string":
            bytes = try unescape(value)
            if let mask {
                maskBytes = try hexBytes(mask)
                guard maskBytes?.count == bytes.count else {
                    throw Failure(reason: "mask '\(mask)' is not as long as the value")
                }
            }
        case "byte", "big16", "big32", "little16", "little32", "host16", "host32":
            let width = type == "byte" ? 1 : (type.hasSuffix("16") ? 2 : 4)
            if type.hasPrefix("host") { wordSize = width }
            let littleEndian = type.hasPrefix("little") || (type.hasPrefix("host") && hostIsLittleEndian)
            guard let number = parseNumber(value), number <= maxValue(width) else {
                throw Failure(reason: "value '\(value)' is not a \(width * 8)-bit number")
            }
            bytes = encode(number, width: width, littleEndian: littleEndian)
            if let mask {
                guard let maskNumber = parseNumber(mask), maskNumber <= maxValue(width) else {
                    throw Failure(reason: "mask '\(mask)' is not a \(width * 8)-bit number")
                }
                maskBytes = encode(maskNumber, width: width, littleEndian: littleEndian)
            }
        default:
            throw Failure(reason: "unknown match type '\(type)'")
        }
        guard !bytes.isEmpty else { throw Failure(reason: "empty value") }
        return Matchlet(rangeStart: start, rangeLength: length, wordSize: wordSize, value: bytes, mask: maskBytes)
    }

    private static let hostIsLittleEndian = 1.littleEndian == 1

    private static func maxValue(_ width: Int) -> UInt64 { width == 8 ? .max : (UInt64(1) << (width * 8)) - 1 }

    private static func encode(_ number: UInt64, width: Int, littleEndian: Bool) -> [UInt8] {
        let bigEndian = (0..<width).map { UInt8(truncatingIfNeeded: number >> (8 * (width - 1 - $0))) }
        return littleEndian ? bigEndian.reversed() : bigEndian
    }

    /// `start` or `start:end`, both inclusive.
    private static func range(_ text: String) throws(Failure) -> (Int, Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let start = parseNumber(String(parts[0])), start < 1 << 31 else {
            throw Failure(reason: "offset '\(text)' is not 'start' or 'start:end'")
        }
        guard parts.count == 2 else { return (Int(start), 1) }
        guard let end = parseNumber(String(parts[1])), end >= start, end < 1 << 31 else {
            throw Failure(reason: "offset '\(text)' is not 'start' or 'start:end'")
        }
        return (Int(start), Int(end - start + 1))
    }

    /// Parses like `strtoul(text, NULL, 0)`: `0x` hexadecimal, a leading `0` octal, else decimal.
    static func parseNumber(_ text: String) -> UInt64? {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return trimmed.count > 2 ? UInt64(trimmed.dropFirst(2), radix: 16) : nil
        }
        if trimmed.count > 1 && trimmed.hasPrefix("0") { return UInt64(trimmed.dropFirst(), radix: 8) }
        return UInt64(trimmed, radix: 10)
    }

    private static func hexBytes(_ text: String) throws(Failure) -> [UInt8] {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else {
            throw Failure(reason: "string mask '\(text)' must be hexadecimal starting with '0x'")
        }
        let digits = Array(text.utf8.dropFirst(2))
        guard !digits.isEmpty, digits.count % 2 == 0 else {
            throw Failure(reason: "string mask '\(text)' must have an even number of hex digits")
        }
        var result: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = HexDigit.value(of: digits[index]), let low = HexDigit.value(of: digits[index + 1]) else {
                throw Failure(reason: "string mask '\(text)' has a character that is not a hex digit")
            }
            result.append(high << 4 | low)
        }
        return result
    }

    /// Undoes C escapes: `\n \t \r \\`, `\xH` or `\xHH`, octal `\N` to `\NNN`; `\c` is `c`, and
    /// `\x` without a hex digit is `x`.
    static func unescape(_ text: String) throws(Failure) -> [UInt8] {
        let input = Array(text.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                result.append(byte)
                continue
            }
            guard index < input.count else { throw Failure(reason: "value '\(text)' ends with a lone backslash") }
            let next = input[index]
            index += 1
            switch next {
            case UInt8(ascii: "n"): result.append(0x0A)
            case UInt8(ascii: "t"): result.append(0x09)
            case UInt8(ascii: "r"): result.append(0x0D)
            case UInt8(ascii: "x"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 2, index < input.count, let digit = HexDigit.value(of: input[index]) {
                    value = value << 4 | UInt32(digit)
                    digits += 1
                    index += 1
                }
                // '\x' without a hex digit is a literal 'x', as update-mime-database reads it.
                result.append(digits > 0 ? UInt8(value) : UInt8(ascii: "x"))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(next - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < input.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(input[index]) {
                    value = value << 3 | UInt32(input[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                guard value <= 255 else { throw Failure(reason: "value '\(text)' has an octal escape above \\377") }
                result.append(UInt8(value))
            default:
                result.append(next)
            }
        }
        return result
    }
}
