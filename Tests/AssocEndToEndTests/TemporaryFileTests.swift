import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// Temporary files of edits and transfers: removed when a signal ends assoc, found by `check`
/// when SIGKILL left them, removed by `check --fix` (issue 14, item 4).
@Suite("temporary files left by an interrupted assoc", .enabled(if: hasSystemDatabase))
struct TemporaryFileTests {
    @Test("SIGTERM or SIGINT in the middle of a large import leaves no hidden copy", arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalDuringCopy(signal: Int32) throws {
        let tree = try TemporaryXDGTree()
        let source = try tree.write("big.bin", "")
        // A sparse source reads fast; the copy writes every byte and fsyncs them, which takes a while.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: source))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let destination = try tree.makeDirectory("into")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.assocExecutable)
        process.arguments = ["import", source, "--to", destination]
        process.environment = tree.variables()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var sawTemporary = false
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? []
            if names.contains(where: { $0.hasPrefix(".assoc-copy-") }) {
                sawTemporary = true
                kill(process.processIdentifier, signal)
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        try #require(sawTemporary, "the copy finished before it could be interrupted")
        #expect(
            process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
            "assoc dies of the signal, as the shell expects")
        let left = try FileManager.default.contentsOfDirectory(atPath: destination)
        #expect(left == [], "nothing is left in the destination: \(left)")
    }

    @Test("check reports an old leftover of an edit and of a copy, not a fresh one; --fix removes them")
    func leftovers() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let edit = try tree.write("config/.mimeapps.list.assoc-Ab12Cd", "[Default Applications]\n")
        let copy = try tree.write("documents/.assoc-copy-x9Y8z7", String(repeating: "x", count: 1000))
        let fresh = try tree.write("config/.mimeapps.list.assoc-Fresh1", "[Default Applications]\n")
        let unrelated = try tree.write("config/.mimeapps.list.bak", "[Default Applications]\n")
        let old = Date(timeIntervalSinceNow: -3600)
        for path in [edit, copy, unrelated] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        }
        let check = try ProcessRunner.assoc(["check", "--json", tree.path("documents")], environment: variables)
        let leftovers = check.standardOutput.split(separator: "\n").filter { $0.contains("\"leftover-temporary\"") }
        #expect(leftovers.count == 2, "\(check.standardOutput)")
        #expect(leftovers.contains { $0.contains(edit) } && leftovers.contains { $0.contains(copy) })
        #expect(!check.standardOutput.contains(fresh) && !check.standardOutput.contains(unrelated))
        let dryRun = try ProcessRunner.assoc(["check", "--fix", "--dry-run", tree.path("documents")], environment: variables)
        #expect(dryRun.standardOutput.contains("would remove '\(copy)'"))
        #expect(FileManager.default.fileExists(atPath: copy))
        _ = try ProcessRunner.assoc(["check", "--fix", tree.path("documents")], environment: variables)
        #expect(!FileManager.default.fileExists(atPath: edit) && !FileManager.default.fileExists(atPath: copy))
        #expect(FileManager.default.fileExists(atPath: fresh) && FileManager.default.fileExists(atPath: unrelated))
    }

    @Test("an edit leaves no temporary beside the list, and its name is one check knows")
    func editTemporaryName() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        #expect(try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("config")).sorted() == ["mimeapps.list"])
        #expect(TemporaryFiles.isLeftoverName(".mimeapps.list.assoc-Ab12Cd"))
        #expect(TemporaryFiles.isLeftoverName(".assoc-copy-Ab12Cd"))
        #expect(!TemporaryFiles.isLeftoverName(".assoc-Ab12Cd"), "a file named only by the marker is nobody's temporary")
        #expect(!TemporaryFiles.isLeftoverName("mimeapps.list.assoc-Ab12Cd"), "not hidden")
        #expect(!TemporaryFiles.isLeftoverName(".mimeapps.list.assoc-Ab12C"), "five letters")
    }
}
