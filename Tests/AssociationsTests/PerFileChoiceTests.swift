import Testing
import XDGSupport

@testable import Associations

@Suite("per-file choice list keys")
struct PerFileChoiceTests {
    @Test(
        "a path with '=', brackets, a newline or non-ASCII becomes a key that reads back as itself",
        arguments: ["/data/k=v.pdf", "/a/[x].pdf", "/a/line\nbreak.pdf", "/a/ré sumé.pdf", "/plain/path_1-2.pdf"])
    func keys(path: String) throws {
        let key = PerFileChoice.key(path)
        #expect(!key.contains("=") && !key.contains("[") && !key.contains("]") && !key.contains("\n") && !key.contains(" "))
        #expect(PathCoding.decode(try PercentEncoding.decode(key)) == path)
    }
}
