import AssocTestSupport
import Foundation
import Testing

@testable import XDGSupport

@Suite("the registry of temporary files a signal removes")
struct TemporaryFilesTests {
    // Only this test's tree is cleared: every registered temporary of the process would include
    // the ones other tests are writing at the same time, and take their files from under them.
    @Test("a registered file is removed by removeRegistered; an ended registration is not")
    func registry() throws {
        let tree = try TemporaryXDGTree()
        let kept = try tree.write("kept", "k")
        let removed = try tree.write("removed", "r")
        let ended = TemporaryFiles.register(PathCoding.cString(kept))
        ended.end()
        let live = TemporaryFiles.register(PathCoding.cString(removed))
        TemporaryFiles.removeRegistered(under: PathCoding.cString(tree.root + "/"))
        live.end()
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(!FileManager.default.fileExists(atPath: removed))
    }
}
