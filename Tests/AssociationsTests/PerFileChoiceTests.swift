import Testing

@testable import Associations

@Suite("per-file choice list keys")
struct PerFileChoiceTests {
    @Test("a path with '=', brackets, a newline or non-ASCII becomes a key that reads back as itself",
          arguments: ["/data/k=v.pdf", "/a/[x].pdf", "/a/line\nbreak.pdf", "/a/ré sumé.pdf", "/plain/path_1-2.pdf"])
    func keys(path: String) {
        let key = PerFileChoice.key(path)
        #expect(!key.contains("=") && !key.contains("[") && !key.contains("]") && !key.contains("\n") && !key.contains(" "))
        #expect(key.removingPercentEncodingForTest() == path)
    }
}

extension String {
    /// Undoes `%XX` (test helper; the store never needs to decode).
    func removingPercentEncodingForTest() -> String {
        var bytes: [UInt8] = []
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex),
                let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = end
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
