import Testing
import XDGSupport

@testable import MIMEDatabase

@Suite("globs see a name's own bytes")
struct ByteNameGlobTests {
    @Test("'?' in a full pattern takes the one byte of a name that is not UTF-8, as fnmatch on the bytes does")
    func questionMarkTakesOneByte() {
        var contents = DirectoryContents()
        contents.types = ["text/x-one"]
        contents.globs = [GlobRule(pattern: "*.t?t", mimeType: "text/x-one")]
        let detector = TypeDetector(database: MIMEDatabase(contents: contents))
        let name = PathCoding.decode(Array("x.t".utf8) + [0xFF] + Array("t".utf8))
        #expect(detector.detect(name: name).type == "text/x-one")
        let twoBytes = PathCoding.decode(Array("x.t".utf8) + [0xFF, 0xFE] + Array("t".utf8))
        #expect(detector.detect(name: twoBytes).type != "text/x-one")
    }
}
