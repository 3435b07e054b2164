import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// The strict JSON reader: real documents read as Foundation reads them; broken ones refused at the right byte.
@Suite("JSON reader")
struct JSONReaderTests {
    private static let samples = "shared-mime-info/tests/mime-detection"
    private static let hasSamples = Corpus.path(samples) != nil

    /// Foundation's reading of a document, converted to `JSONValue` (keys sorted, since Foundation loses order).
    private static func oracle(_ object: Any) -> JSONValue {
        switch object {
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { ($0, oracle(dictionary[$0] as Any)) })
        case let array as [Any]: return .array(array.map(oracle))
        case let string as String: return .string(string)
        // Foundation gives booleans as NSNumber of Objective-C type 'c' and integers of another type.
        case let number as NSNumber where String(cString: number.objCType) == "c": return .bool(number.boolValue)
        case let number as NSNumber: return .int(number.intValue)
        default: return .null
        }
    }

    private static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): return .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, sorted($0.1)) })
        case .array(let items): return .array(items.map(sorted))
        default: return value
        }
    }

    @Test(
        "the corpus's JSON documents with integers read as Foundation reads them",
        .enabled(if: hasSamples), arguments: ["json_object.json", "schema.json", "test.cdx.json", "test.spdx.json"])
    func corpusDocuments(name: String) throws {
        let path = try #require(Corpus.path(Self.samples + "/" + name))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let value = try JSONReader().read(Array(data))
        let expected = Self.oracle(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        #expect(Self.sorted(value) == expected)
        // Rendering and reading again gives the same value, keys in the same order.
        #expect(try JSONReader().read(value.rendered) == value)
    }

    @Test(
        "a corpus document with fractions is refused at the first one", .enabled(if: hasSamples),
        arguments: ["json_array.json", "test.geo.json"])
    func corpusFractions(name: String) throws {
        let path = try #require(Corpus.path(Self.samples + "/" + name))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(throws: JSONReader.Failure.self) { try JSONReader().read(bytes) }
        do {
            _ = try JSONReader().read(bytes)
        } catch {
            // The offset points at a number whose digits run into a '.' or an exponent.
            let rest = bytes[error.offset...].prefix { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "]") }
            #expect(rest.contains(UInt8(ascii: ".")) || rest.contains(UInt8(ascii: "e")), "\(error)")
            #expect(error.reason == "only integers are accepted, not fractions or exponents")
        }
    }

    @Test("strings: escapes, surrogate pairs, UTF-8 and the private-use scalars of carried bytes")
    func strings() throws {
        let value = try JSONReader().read(#"["a\"b\\c\/\b\f\n\r\t", "\u00e9\uD83D\uDE00", "é😀", "\#u{10FF80}"]"#)
        #expect(value == .array([.string("a\"b\\c/\u{8}\u{C}\n\r\t"), .string("é😀"), .string("é😀"), .string("\u{10FF80}")]))
        // The renderer's own output of control characters and line separators reads back.
        let tricky = JSONValue.string("\u{1}\u{7F}\u{2028}x")
        #expect(try JSONReader().read(tricky.rendered) == tricky)
    }

    @Test("numbers: integers to the edges of Int, negative zero")
    func numbers() throws {
        #expect(
            try JSONReader().read("[0, -0, 9223372036854775807, -9223372036854775808]")
                == .array([.int(0), .int(0), .int(.max), .int(.min)]))
    }

    @Test(
        "broken documents name the byte offset and the problem",
        arguments: [
            ("", 0, "the text ends where a value was expected"),
            ("{\"a\":1,}", 7, "expected a string as an object's key"),
            ("[1 2]", 3, "expected ',' or ']' in an array"),
            ("{\"a\" 1}", 5, "expected ':' after an object's key"),
            ("{\"a\":1,\"a\":2}", 7, "the key 'a' appears twice in one object"),
            ("[01]", 1, "a number with a leading zero"),
            ("[1.5]", 1, "only integers are accepted, not fractions or exponents"),
            ("[1e3]", 1, "only integers are accepted, not fractions or exponents"),
            ("9223372036854775808", 0, "the number does not fit in 64 bits"),
            ("[-]", 2, "expected a digit"),
            ("\"abc", 4, "the text ends inside a string"),
            ("\"a\nb\"", 2, "a control character (U+000A) inside a string"),
            ("\"\\x\"", 1, "'\\x' is not an escape JSON has"),
            ("\"\\u12\"", 1, "'\\u' needs four hexadecimal digits"),
            ("\"\\uD800\"", 1, "a high surrogate (\\uD800) without a low one after it"),
            ("\"\\uDC00\"", 1, "a low surrogate (\\uDC00) without a high one before it"),
            ("tru", 0, "expected a value"),
            ("{} {}", 3, "text after the end of the value"),
            ("\u{FEFF}{}", 0, "expected a value"),
        ])
    func broken(text: String, offset: Int, reason: String) {
        #expect(throws: JSONReader.Failure(offset: offset, reason: reason)) { try JSONReader().read(text) }
    }

    @Test("bytes that are not UTF-8 inside a string are refused")
    func invalidUTF8() {
        #expect(throws: JSONReader.Failure(offset: 2, reason: "a byte that is not UTF-8")) {
            try JSONReader().read([UInt8(ascii: "\""), UInt8(ascii: "a"), 0xFF, UInt8(ascii: "\"")])
        }
        #expect(throws: JSONReader.Failure(offset: 1, reason: "a byte that is not UTF-8")) {
            try JSONReader().read([UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")])
        }
    }

    @Test("the depth and size caps hold without exhausting the stack")
    func caps() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONReader.Failure(offset: 64, reason: "nested deeper than 64 levels")) { try JSONReader().read(deep) }
        let nested = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONReader().read(nested) }
        let large = "\"" + String(repeating: "x", count: 100) + "\""
        #expect(throws: JSONReader.Failure(offset: 50, reason: "the text is larger than 50 bytes")) {
            try JSONReader(maximumSize: 50).read(large)
        }
    }

    @Test("base64 decodes what it encodes and refuses what is not canonical")
    func base64() {
        for length in 0..<9 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 89 + 200) }
            #expect(Base64.decoded(Base64.encoded(bytes)) == bytes)
        }
        #expect(Base64.decoded("/w==") == [0xFF])
        for bad in ["/w=", "/x==", "/w=a", "=AAA", "AA==AAAA", "A*AA"] { #expect(Base64.decoded(bad) == nil, "\(bad)") }
    }
}
