/// A strict reader of JSON text (RFC 8259) into `JSONValue`, for the small documents assoc's own
/// programs exchange (the portal's requests and answers).
///
/// Strict: one value and nothing after it but white space, UTF-8 only (no byte order mark), no
/// duplicate keys in an object, no lone surrogates in `\u` escapes, no control characters in
/// strings. Numbers are integers only (`JSONValue` has no fractions); a fraction, an exponent or
/// an integer outside `Int` is refused. Bounded: the text and the nesting depth have caps, so a
/// hostile document can neither exhaust memory nor the stack.
public struct JSONReader: Sendable {
    /// Why a text is not a JSON document this reader accepts.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The 0-based byte offset where the problem is.
        public var offset: Int
        /// What is wrong, in a phrase.
        public var reason: String

        /// A failure at byte `offset`.
        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        /// The message: the offset and the reason.
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// The largest text accepted, in bytes.
    public var maximumSize: Int
    /// The deepest nesting of arrays and objects accepted.
    public var maximumDepth: Int

    /// A reader with the given caps (defaults: 1 MiB, 64 levels).
    public init(maximumSize: Int = 1 << 20, maximumDepth: Int = 64) {
        self.maximumSize = maximumSize
        self.maximumDepth = maximumDepth
    }

    /// The value `bytes` hold.
    ///
    /// - Throws: `Failure` naming the byte offset of the first problem.
    public func read(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        guard bytes.count <= maximumSize else {
            throw Failure(offset: maximumSize, reason: "the text is larger than \(FileBytes.describeSize(maximumSize))")
        }
        var scanner = Scanner(bytes: bytes, maximumDepth: maximumDepth)
        scanner.skipWhiteSpace()
        let value = try scanner.value(depth: 0)
        scanner.skipWhiteSpace()
        guard scanner.index == bytes.count else { throw scanner.failure("text after the end of the value") }
        return value
    }

    /// The value the UTF-8 of `text` holds.
    public func read(_ text: String) throws(Failure) -> JSONValue { try read(Array(text.utf8)) }
}

private struct Scanner {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func failure(_ reason: String, at offset: Int? = nil) -> JSONReader.Failure {
        JSONReader.Failure(offset: offset ?? index, reason: reason)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhiteSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONReader.Failure) {
        guard current == byte else {
            throw failure(current == nil ? "the text ends where \(what) was expected" : "expected \(what)")
        }
        index += 1
    }

    mutating func value(depth: Int) throws(JSONReader.Failure) -> JSONValue {
        guard let byte = current else { throw failure("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .int(try integer())
        default: throw failure("expected a value")
        }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONReader.Failure) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value")
        }
        index += expected.count
        return value
    }

    mutating func enter(_ depth: Int) throws(JSONReader.Failure) {
        guard depth <= maximumDepth else { throw failure("nested deeper than \(maximumDepth) levels") }
        index += 1
        skipWhiteSpace()
    }

    mutating func object(depth: Int) throws(JSONReader.Failure) -> JSONValue {
        try enter(depth)
        var members: [(String, JSONValue)] = []
        var keys: Set<[UInt8]> = []
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            let keyOffset = index
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string as an object's key") }
            let key = try string()
            // Keys compare by their bytes: two spellings of one name are two keys.
            guard keys.insert(Array(key.utf8)).inserted else {
                throw failure("the key '\(key)' appears twice in one object", at: keyOffset)
            }
            skipWhiteSpace()
            try expect(UInt8(ascii: ":"), "':' after an object's key")
            skipWhiteSpace()
            members.append((key, try value(depth: depth)))
            skipWhiteSpace()
            if current == UInt8(ascii: ",") {
                index += 1
                skipWhiteSpace()
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONReader.Failure) -> JSONValue {
        try enter(depth)
        var items: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth))
            skipWhiteSpace()
            if current == UInt8(ascii: ",") {
                index += 1
                skipWhiteSpace()
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(items)
        }
    }

    mutating func integer() throws(JSONReader.Failure) -> Int {
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("expected a digit")
        }
        var value = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            if index > start + (negative ? 1 : 0), bytes[start + (negative ? 1 : 0)] == UInt8(ascii: "0") {
                throw failure("a number with a leading zero", at: start)
            }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (product, overflowMultiply) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) =
                negative ? product.subtractingReportingOverflow(digit) : product.addingReportingOverflow(digit)
            guard !overflowMultiply, !overflowAdd else { throw failure("the number does not fit in 64 bits", at: start) }
            value = sum
            index += 1
        }
        if let byte = current, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw failure("only integers are accepted, not fractions or exponents", at: start)
        }
        return value
    }

    mutating func string() throws(JSONReader.Failure) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard let byte = current else { throw failure("the text ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try escape())
            case 0x00..<0x20:
                throw failure("a control character (U+\(hex(UInt32(byte), width: 4))) inside a string")
            case 0x00..<0x80:
                scalars.append(Unicode.Scalar(byte))
                index += 1
            default:
                scalars.append(try utf8Sequence())
            }
        }
    }

    mutating func utf8Sequence() throws(JSONReader.Failure) -> Unicode.Scalar {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw failure("a byte that is not UTF-8")
        }
        guard index + length <= bytes.count,
            let text = String(validating: bytes[index..<index + length], as: UTF8.self),
            let scalar = text.unicodeScalars.first
        else { throw failure("a byte that is not UTF-8") }
        index += length
        return scalar
    }

    mutating func escape() throws(JSONReader.Failure) -> Unicode.Scalar {
        let start = index
        index += 1
        guard let byte = current else { throw failure("the text ends inside a string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit(escapeStart: start)
            switch unit {
            case 0xD800...0xDBFF:
                let lowStart = index
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a high surrogate (\\u\(hex(unit, width: 4))) without a low one after it", at: start)
                }
                index += 2
                let low = try hexUnit(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("a high surrogate (\\u\(hex(unit, width: 4))) without a low one after it", at: start)
                }
                // Both halves are in range, so the scalar is valid.
                return Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)).unsafelyUnwrapped
            case 0xDC00...0xDFFF:
                throw failure("a low surrogate (\\u\(hex(unit, width: 4))) without a high one before it", at: start)
            default:
                return Unicode.Scalar(unit).unsafelyUnwrapped
            }
        default:
            throw failure("'\\\(Unicode.Scalar(byte))' is not an escape JSON has", at: start)
        }
    }

    mutating func hexUnit(escapeStart: Int) throws(JSONReader.Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("'\\u' needs four hexadecimal digits", at: escapeStart) }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = HexDigit.value(of: byte) else {
                throw failure("'\\u' needs four hexadecimal digits", at: escapeStart)
            }
            unit = unit << 4 | UInt32(digit)
        }
        index += 4
        return unit
    }

    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
