/// The C library's number parsing as `update-mime-database` relies on it (`strtol`, `strtoul`,
/// `atoi` in the C locale), so that a package's numbers compile to the same values, and the same
/// text is refused, as the reference compiler's.
enum CNumbers {
    /// What `strtol`/`strtoul` read: the value, where the digits stopped, and whether it overflowed.
    struct Parsed {
        var value: Int64
        var unsignedValue: UInt64
        var end: Int
        var overflowed: Bool
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func digit(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt64(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Shared scanning: white space, a sign, a base prefix (base 0 or 16), the digits. Without a
    /// digit nothing is consumed (`end` is 0), as C's functions leave `endptr` at the start.
    private static func scan(_ text: [UInt8], from start: Int, base: Int) -> (
        negative: Bool, magnitude: UInt64, end: Int, overflowed: Bool
    ) {
        var index = start
        while index < text.count, isSpace(text[index]) { index += 1 }
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var radix = base
        let hasHexPrefix =
            index + 2 < text.count && text[index] == UInt8(ascii: "0") && (text[index + 1] | 0x20) == UInt8(ascii: "x")
            && (digit(text[index + 2]).map { $0 < 16 } ?? false)
        if (radix == 0 || radix == 16) && hasHexPrefix {
            radix = 16
            index += 2
        } else if radix == 0 {
            radix = index < text.count && text[index] == UInt8(ascii: "0") ? 8 : 10
        }
        let digitsStart = index
        var magnitude: UInt64 = 0
        var overflowed = false
        while index < text.count, let value = digit(text[index]), value < UInt64(radix) {
            let (product, overflow1) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
            let (sum, overflow2) = product.addingReportingOverflow(value)
            if overflow1 || overflow2 { overflowed = true }
            magnitude = sum
            index += 1
        }
        guard index > digitsStart else { return (false, 0, start, false) }
        return (negative, magnitude, index, overflowed)
    }

    /// `strtol(text, &end, base)` on a 64-bit `long`.
    static func strtol(_ text: [UInt8], from start: Int = 0, base: Int) -> Parsed {
        let scanned = scan(text, from: start, base: base)
        let limit = scanned.negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        let overflowed = scanned.overflowed || scanned.magnitude > limit
        let value: Int64
        if overflowed {
            value = scanned.negative ? .min : .max
        } else {
            value = scanned.negative ? Int64(bitPattern: 0 &- scanned.magnitude) : Int64(scanned.magnitude)
        }
        return Parsed(value: value, unsignedValue: UInt64(bitPattern: value), end: scanned.end, overflowed: overflowed)
    }

    /// `strtoul(text, &end, base)` on a 64-bit `unsigned long`: a minus sign negates modulo 2^64.
    static func strtoul(_ text: [UInt8], base: Int) -> Parsed {
        let scanned = scan(text, from: 0, base: base)
        let value: UInt64 =
            scanned.overflowed ? .max : (scanned.negative ? 0 &- scanned.magnitude : scanned.magnitude)
        return Parsed(value: Int64(bitPattern: value), unsignedValue: value, end: scanned.end, overflowed: scanned.overflowed)
    }

    /// `atoi(text)`: the leading decimal number, 0 when there is none.
    static func atoi(_ text: String) -> Int32 {
        Int32(truncatingIfNeeded: strtol(Array(text.utf8), base: 10).value)
    }
}
