import AssocTestSupport
import Foundation
import PortalDialogs
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `$XDG_RUNTIME_DIR/assoc/portal/1/request.json` in a tree, every directory 0700, as the service makes it.
private struct RequestLayout {
    let tree: TemporaryXDGTree
    let runtime: String
    let file: String
    let request: DialogRequest

    init() throws {
        tree = try TemporaryXDGTree()
        runtime = try tree.makeDirectory("run")
        let directory = try tree.makeDirectory("run/assoc/portal/1")
        for path in [runtime, runtime + "/assoc", runtime + "/assoc/portal", directory] { chmod(path, 0o700) }
        request = DialogRequest(kind: .openFile, answerSocket: directory + "/answer.sock")
        file = directory + "/request.json"
        try tree.write("run/assoc/portal/1/request.json", request.json.rendered + "\n")
        chmod(file, 0o600)
    }
}

@Suite("the dialog reads its request only from directories no other user can swap it in")
struct RequestFileTests {
    private func refusal(_ path: String) -> String? {
        do {
            _ = try DialogRequest(contentsOf: path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a request in the service's private layout is read")
    func privateLayout() throws {
        let layout = try RequestLayout()
        #expect(try DialogRequest(contentsOf: layout.file) == layout.request)
    }

    @Test(
        "a directory on the way of mode 0777 or 0755, the runtime directory included, is refused naming it and the mode",
        arguments: ["", "/assoc", "/assoc/portal", "/assoc/portal/1"])
    func openDirectory(below: String) throws {
        let layout = try RequestLayout()
        chmod(layout.runtime + below, 0o777)
        let message = try #require(refusal(layout.file), "read from a 0777 directory")
        #expect(message.contains("'\(layout.runtime + below)': has mode 0777, not 0700"), "\(message)")
        #expect(message.contains("must be the user's own, mode 0700"), "\(message)")
    }

    @Test("a request directory swapped for a link to another one is refused, as is a request file that is a link")
    func links() throws {
        let layout = try RequestLayout()
        let portal = layout.runtime + "/assoc/portal"
        // Another request directory, with its own request (its title, its socket), renamed into place as a link.
        let planted = try RequestLayout()
        try FileManager.default.moveItem(atPath: portal + "/1", toPath: portal + "/moved")
        try FileManager.default.createSymbolicLink(
            atPath: portal + "/1", withDestinationPath: planted.runtime + "/assoc/portal/1")
        #expect(refusal(layout.file)?.contains("'\(portal)/1': is a symbolic link") == true, "\(refusal(layout.file) ?? "read")")
        let other = try RequestLayout()
        let file = other.file
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: planted.file)
        #expect(refusal(file)?.contains("is a symbolic link") == true, "\(refusal(file) ?? "read")")
    }

    @Test(
        "a directory or request file of another user, though private, is refused",
        .enabled(if: getuid() == 0, "needs root to chown"), arguments: ["/assoc/portal", "/assoc/portal/1/request.json"])
    func otherOwner(below: String) throws {
        let layout = try RequestLayout()
        #expect(chown(layout.runtime + below, 65534, 65534) == 0)
        let message = try #require(refusal(layout.file), "read another user's")
        #expect(message.contains("'\(layout.runtime + below)': belongs to user 65534"), "\(message)")
    }

    @Test("a request anywhere but in $XDG_RUNTIME_DIR/assoc/portal/<n>/ is refused")
    func elsewhere() throws {
        let tree = try TemporaryXDGTree()
        let file = try tree.write("request.json", DialogRequest(kind: .openFile, answerSocket: "/s").json.rendered)
        #expect(refusal(file)?.contains("read only from $XDG_RUNTIME_DIR/assoc/portal/<n>/") == true)
        #expect(refusal("relative/assoc/portal/1/request.json") != nil)
    }
}
