import AssocTestSupport
import Foundation
import PortalDialogs
import Testing
import XDGSupport

@testable import PortalService

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A runtime directory as logind makes one: the user's, mode 0700.
private func runtime(_ tree: TemporaryXDGTree) throws -> String {
    let path = try tree.makeDirectory("run")
    chmod(path, 0o700)
    return path
}

private func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
}

@Suite("a request's private directory: every directory from XDG_RUNTIME_DIR down must be the user's own, 0700, no link")
struct RequestDirectoryTests {
    @Test("the directories are made 0700, the request file 0600 through the held directory, and removed after")
    func privateLayout() throws {
        let tree = try TemporaryXDGTree()
        let run = try runtime(tree)
        let directory = try RequestDirectory(runtimeDirectory: run)
        #expect(directory.path == run + "/assoc/portal/1")
        for path in [run + "/assoc", run + "/assoc/portal", directory.path] { #expect(mode(path) == 0o700, "\(path)") }
        let request = DialogRequest(kind: .openFile, answerSocket: directory.socketPath)
        try directory.writeRequest(request.json.rendered + "\n")
        #expect(mode(directory.requestFile) == 0o600)
        #expect(try DialogRequest(contentsOf: directory.requestFile) == request)
        directory.remove()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(mode(run + "/assoc/portal") == 0o700)
    }

    @Test(
        "a directory on the way another user could rename things in (0777, 0755), the runtime directory included, is refused naming it",
        arguments: ["", "/assoc", "/assoc/portal"], [0o777, 0o755, 0o1777])
    func openModeRefused(below: String, badMode: Int) throws {
        let tree = try TemporaryXDGTree()
        let run = try runtime(tree)
        if !below.isEmpty {
            _ = try tree.makeDirectory("run" + below)
            for made in ["/assoc", "/assoc/portal"] where below.hasPrefix(made) { chmod(run + made, 0o700) }
        }
        chmod(run + below, mode_t(badMode))
        do {
            _ = try RequestDirectory(runtimeDirectory: run)
            Issue.record("made a request under a directory of mode \(String(badMode, radix: 8))")
        } catch {
            #expect(error.path == run + below, "\(error)")
            #expect(error.reason.contains("has mode 0\(String(badMode & 0o777, radix: 8)), not 0700"), "\(error)")
            #expect(error.description.contains("XDG Base Directory Specification"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: run + "/assoc/portal/1"))
    }

    @Test("a symbolic link on the way is refused, even to a private directory of the user's")
    func linkRefused() throws {
        let tree = try TemporaryXDGTree()
        let run = try runtime(tree)
        let elsewhere = try tree.makeDirectory("elsewhere/portal")
        chmod(tree.path("elsewhere"), 0o700)
        chmod(elsewhere, 0o700)
        try FileManager.default.createSymbolicLink(atPath: run + "/assoc", withDestinationPath: tree.path("elsewhere"))
        #expect {
            _ = try RequestDirectory(runtimeDirectory: run)
        } throws: { error in
            (error as? ChannelFailure).map { $0.path == run + "/assoc" && $0.reason.contains("symbolic link") } ?? false
        }
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/1"))
    }

    @Test("a directory of another user, though 0700, is refused", .enabled(if: getuid() == 0, "needs root to chown"))
    func otherOwnerRefused() throws {
        let tree = try TemporaryXDGTree()
        let run = try runtime(tree)
        let portal = try tree.makeDirectory("run/assoc/portal")
        chmod(run + "/assoc", 0o700)
        chmod(portal, 0o700)
        #expect(chown(portal, 65534, 65534) == 0)
        #expect {
            _ = try RequestDirectory(runtimeDirectory: run)
        } throws: { error in
            (error as? ChannelFailure).map { $0.path == portal && $0.reason.contains("belongs to user 65534") } ?? false
        }
        #expect(!FileManager.default.fileExists(atPath: portal + "/1"))
    }

    @Test("a request larger than a dialog reads is refused before it is written, so that it is answered at once")
    func oversizedRequest() throws {
        let tree = try TemporaryXDGTree()
        let directory = try RequestDirectory(runtimeDirectory: try runtime(tree))
        let text = "{\"title\":\"" + String(repeating: "x", count: PortalDialogs.maximumMessageSize) + "\"}\n"
        #expect {
            try directory.writeRequest(text)
        } throws: { error in
            (error as? ChannelFailure)?.reason.contains("more than the 1 MiB a dialog reads") ?? false
        }
        #expect(!FileManager.default.fileExists(atPath: directory.requestFile))
    }
}
