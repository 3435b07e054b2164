import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import PortalService

@Suite("the folder memory: an application ID cannot break the file for the others")
struct FolderMemoryKeyTests {
    @Test("an ID with a line end, '=', '[' or spaces is kept under an encoded key; the file stays one GLib reads")
    func hostileIDs() throws {
        let tree = try TemporaryXDGTree()
        let memory = FolderMemory(environment: tree.environment())
        let mine = try tree.makeDirectory("mine")
        let theirs = try tree.makeDirectory("theirs")
        try memory.remember(mine, for: "org.example.App")
        for hostile in ["evil\nid", "a=b", "x[y]", " padded ", "%41", "\r"] {
            try memory.remember(theirs, for: hostile)
            #expect(memory.folder(for: "org.example.App") == mine, "after \(hostile.debugDescription)")
            #expect(memory.folder(for: hostile) == theirs, "\(hostile.debugDescription)")
        }
        #expect(memory.folder(for: "A") == nil, "'%41' is its own key, not 'A'")
        let bytes = try FileBytes.read(memory.path)
        let keyFile = try GLibKeyFile(bytes: bytes)
        #expect(keyFile.group("Folders")?.value("org.example.App") != nil, "an ordinary ID is its own key")
    }

    @Test("a file an older version broke (a key with a line end) still gives every other application its folder")
    func oldBrokenFile() throws {
        let tree = try TemporaryXDGTree()
        let memory = FolderMemory(environment: tree.environment())
        let mine = try tree.makeDirectory("mine")
        let uri = FileURL.url(forAbsolutePath: mine)
        try tree.write("state/assoc/portal-folders", "[Folders]\nevil\nid=file:///tmp\norg.example.App=\(uri)\nx[y=z\n")
        #expect(memory.folder(for: "org.example.App") == mine)
        try memory.remember(mine, for: "org.other.App")
        #expect(memory.folder(for: "org.other.App") == mine && memory.folder(for: "org.example.App") == mine)
    }
}
