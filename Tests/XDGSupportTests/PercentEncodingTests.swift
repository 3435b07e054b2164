import Testing
import XDGSupport

@Suite("percent-encoding and file:// URLs")
struct PercentEncodingTests {
    @Test("every byte survives encoding and decoding, and each escape is exactly two hex digits")
    func roundTrip() throws {
        let bytes = (0...255).map { UInt8($0) }
        let encoded = PercentEncoding.encode(bytes, keeping: FileURL.keptInPath)
        #expect(try PercentEncoding.decode(encoded) == bytes)
        #expect(try PercentEncoding.decode("%ff%FF%0a") == [0xFF, 0xFF, 0x0A])
    }

    @Test(
        "a '%' without two hexadecimal digits is refused, a sign included",
        arguments: ["%-0", "%+F", "%0", "%", "a%zz", "% 1", "%1-", "%0x1"])
    func malformed(text: String) {
        #expect(throws: PercentEncoding.Failure.self) { try PercentEncoding.decode(text) }
    }

    @Test("a path keeps bytes that are not UTF-8 as bytes, never as U+FFFD")
    func nonUTF8() throws {
        let path = try PercentEncoding.decodePath("/tmp/bad%FF%FE.txt")
        #expect(!path.unicodeScalars.contains("\u{FFFD}"))
        let bytes = PathCoding.cString(path).dropLast().map { UInt8(bitPattern: $0) }
        #expect(bytes == Array("/tmp/bad".utf8) + [0xFF, 0xFE] + Array(".txt".utf8))
    }

    @Test(
        "a path refuses a NUL, encoded or not, and an encoded '/'",
        arguments: [
            ("/etc/hostname%00.txt", PercentEncoding.Failure.nul),
            // Found by the url-decoding fuzz target: a NUL written as itself.
            ("/etc/hostname\u{0}.txt", PercentEncoding.Failure.nul),
            ("/etc%2Fpasswd", PercentEncoding.Failure.encodedSlash),
            ("/etc%2fpasswd", PercentEncoding.Failure.encodedSlash),
        ])
    func refused(text: String, failure: PercentEncoding.Failure) {
        #expect(throws: failure) { try PercentEncoding.decodePath(text) }
    }

    @Test("file:// URLs: the path of an empty or localhost host, nothing for another host")
    func fileURLs() throws {
        #expect(try FileURL.path(of: "file:///a%20b/c.txt") == "/a b/c.txt")
        #expect(try FileURL.path(of: "FILE://localhost/a%2etxt#frag") == "/a.txt")
        #expect(try FileURL.path(of: "file://example.org/a") == nil)
        #expect(try FileURL.path(of: "https://example.org/a") == nil)
        #expect(throws: FileURL.Failure.self) { try FileURL.path(of: "file:///etc/hostname%00.txt") }
        let name = PathCoding.decode(Array("/d/caf".utf8) + [0xE9, 0x20] + Array("#.txt".utf8))
        let url = FileURL.url(forAbsolutePath: name)
        #expect(url == "file:///d/caf%E9%20%23.txt")
        #expect(try FileURL.path(of: url) == name)
    }
}
