import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@Suite("assoc set, add, remove, unset, reset, run as processes", .enabled(if: hasSystemDatabase))
struct EditCommandTests {
    @Test("after assoc set, gio mime and xdg-mime report the new default")
    func peersReadItBack() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let set = try ProcessRunner.assoc(["set", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(set.status == 0)
        #expect(set.standardOutput.contains("application/pdf: other-viewer.desktop → viewer.desktop"))
        if let gio = Corpus.program("gio") {
            let output = try ProcessRunner.run(gio, ["mime", "application/pdf"], environment: variables).standardOutput
            let line = output.split(separator: "\n").first { $0.hasPrefix("Default application for") }
            #expect(line?.hasSuffix(": viewer.desktop") == true, "gio says \(output)")
        }
        if let xdgMime = Corpus.program("xdg-mime") {
            let output = try ProcessRunner.run(xdgMime, ["query", "default", "application/pdf"], environment: variables)
            #expect(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "viewer.desktop")
        }
        #expect(
            try ProcessRunner.assoc(["default", "application/pdf"], environment: variables).standardOutput == "viewer.desktop\n")
    }

    @Test("assoc set 'image/*' makes gio mime image/png report the app", .enabled(if: Corpus.program("gio") != nil))
    func wildcard() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write(
            "usr-share/applications/photos.desktop",
            "[Desktop Entry]\nType=Application\nName=Photos\nExec=true %f\nMimeType=image/png;image/jpeg;\n")
        let set = try ProcessRunner.assoc(["set", "image/*", "photos"], environment: variables)
        #expect(set.status == 0)
        #expect(set.standardOutput.contains("image/png:"))
        let list = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        #expect(!list.contains("image/*"), "a wildcard key is never written: other tools ignore it")
        let output = try ProcessRunner.run(try #require(Corpus.program("gio")), ["mime", "image/png"], environment: variables)
        #expect(output.standardOutput.contains(": photos.desktop"))
        #expect(
            try String(contentsOfFile: tree.path("config/assoc/rules.list"), encoding: .utf8).contains("image/*=photos.desktop;"))
    }

    @Test("a default the user removed is not used, even though its entry declares the type")
    func removedDefault() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        #expect(
            try ProcessRunner.assoc(["default", "application/pdf"], environment: variables).standardOutput == "viewer.desktop\n")
        #expect(try ProcessRunner.assoc(["remove", "application/pdf", "viewer.desktop"], environment: variables).status == 0)
        #expect(
            try ProcessRunner.assoc(["default", "application/pdf"], environment: variables).standardOutput
                == "other-viewer.desktop\n")
    }

    @Test(
        "--desktop is refused for add, remove and reset, and for a name that is not a desktop name",
        arguments: [
            ["add", "--desktop", "gnome", "text/plain", "editor.desktop"], ["reset", "--desktop", "kde", "text/plain"],
            ["set", "--desktop", "../x", "text/plain", "editor.desktop"], ["set", "--dry-run", "--file", "/", "editor.desktop"],
        ])
    func refusedOptions(arguments: [String]) throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(arguments, environment: variables)
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: tree.path("config/gnome-mimeapps.list")))
        #expect(!FileManager.default.fileExists(atPath: tree.path("x-mimeapps.list")))
    }

    @Test("a list that is not UTF-8 is not rewritten")
    func notUTF8() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let bytes: [UInt8] = Array("# caf".utf8) + [0xE9] + Array("\n[Default Applications]\ntext/plain=editor.desktop;\n".utf8)
        let path = try tree.write("config/mimeapps.list", bytes: bytes)
        let result = try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(result.status == 2)
        #expect(result.standardError.contains("not valid UTF-8"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }

    @Test("set refuses to write into a list GIO ignores, naming the line", arguments: ["garbage", "[broken", "=x"])
    func listGIOIgnores(line: String) throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let text = "[Default Applications]\ntext/plain=editor.desktop;\n\(line)\n"
        let path = try tree.write("config/mimeapps.list", text)
        let result = try ProcessRunner.assoc(["set", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(result.status == 2)
        #expect(result.standardError.contains("mimeapps.list:3: GIO ignores this whole list"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("unset on a missing list creates nothing")
    func unsetMissing() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        #expect(try ProcessRunner.assoc(["unset", "application/pdf"], environment: variables).status == 0)
        #expect(!FileManager.default.fileExists(atPath: tree.path("config/mimeapps.list")))
    }

    @Test("--app-types makes the app the default for every type its entry declares")
    func appTypes() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(["set", "--app-types", "browser"], environment: variables)
        #expect(result.status == 0)
        #expect(try ProcessRunner.assoc(["default", "text/html"], environment: variables).standardOutput == "browser.desktop\n")
        #expect(
            try ProcessRunner.assoc(["default", "x-scheme-handler/https"], environment: variables).standardOutput
                == "browser.desktop\n")
    }

    @Test("through a symlink the link stays a link and its target changes")
    func symlink() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("dotfiles/mimeapps.list", "# mine\n[Default Applications]\ntext/plain=editor.desktop;\n")
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("config/mimeapps.list"), withDestinationPath: tree.path("dotfiles/mimeapps.list"))
        #expect(try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: tree.path("config/mimeapps.list"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(
            try String(contentsOfFile: tree.path("dotfiles/mimeapps.list"), encoding: .utf8)
                == "# mine\n[Default Applications]\ntext/plain=editor.desktop;\n\n[Added Associations]\napplication/pdf=viewer.desktop;\n"
        )
    }

    @Test("a read-only target is exit 2, stays unchanged, and the diff is printed")
    func readOnly() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let path = tree.path("config/mimeapps.list")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let result = try ProcessRunner.assoc(["set", "text/plain", "editor.desktop"], environment: variables)
        #expect(result.status == 2)
        #expect(result.standardError.contains("read-only"))
        #expect(result.standardOutput.contains("+text/plain=editor.desktop;"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test("--dry-run prints a unified diff and writes nothing")
    func dryRun() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let path = tree.path("config/mimeapps.list")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let result = try ProcessRunner.assoc(["remove", "--dry-run", "text/plain", "editor.desktop"], environment: variables)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("--- \(path)\n+++ \(path)\n@@"))
        #expect(result.standardOutput.contains("+[Removed Associations]"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
    }

    @Test("an unknown APP is exit 2 with the closest IDs suggested, and nothing is written")
    func unknownApp() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let before = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        let result = try ProcessRunner.assoc(["set", "application/pdf", "viewr"], environment: variables)
        #expect(result.status == 2)
        #expect(result.standardError.contains("did you mean 'viewer.desktop'"))
        #expect(try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == before)
    }

    @Test("50 concurrent assoc add processes on 50 types leave all 50 entries")
    func concurrentWriters() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let group = DispatchGroup()
        let failures = LockedCounter()
        for index in 0..<50 {
            group.enter()
            DispatchQueue.global().async {
                defer { group.leave() }
                let result = try? ProcessRunner.assoc(
                    ["add", "--force", "application/x-assoc-test-\(index)", "viewer.desktop"], environment: variables)
                if result?.status != 0 { failures.increment() }
            }
        }
        group.wait()
        #expect(failures.value == 0)
        let list = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        for index in 0..<50 { #expect(list.contains("application/x-assoc-test-\(index)=viewer.desktop;")) }
        #expect(list.hasPrefix("[Default Applications]\napplication/pdf=missing.desktop;other-viewer.desktop;\n"))
    }

    @Test("a writer killed at any moment leaves either the old file or the new one, never a mix")
    func killedWriters() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let path = tree.path("config/mimeapps.list")
        for attempt in 0..<20 {
            let before = try String(contentsOfFile: path, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ProcessRunner.assocExecutable)
            process.arguments = ["add", "application/x-kill-\(attempt)", "viewer.desktop"]
            process.environment = variables
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(1_000 * (attempt % 10)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try String(contentsOfFile: path, encoding: .utf8)
            let oldLines = before.components(separatedBy: "\n")
            let newLines = after.components(separatedBy: "\n")
            #expect(newLines.filter { oldLines.contains($0) } == oldLines, "attempt \(attempt): a line of the old file was lost")
            let extra = Set(newLines.filter { !oldLines.contains($0) })
            #expect(
                extra.isSubset(of: ["application/x-kill-\(attempt)=viewer.desktop;", "[Added Associations]", ""]),
                "attempt \(attempt): the file is neither the old one nor the complete new one: \(extra)")
            #expect(after.hasSuffix("\n"))
            #expect(after.contains("application/pdf=missing.desktop;other-viewer.desktop;"))
        }
    }

    @Test("a per-file choice overrides the default for that file only", .enabled(if: Corpus.temporaryDirectoryHasAttributes))
    func perFile() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let chosen = try tree.write("chosen.pdf", "%PDF-1.4\n")
        let other = try tree.write("other.pdf", "%PDF-1.4\n")
        #expect(try ProcessRunner.assoc(["set", "--file", chosen, "viewer.desktop"], environment: variables).status == 0)
        #expect(try ProcessRunner.assoc(["default", chosen], environment: variables).standardOutput == "viewer.desktop\n")
        #expect(try ProcessRunner.assoc(["default", other], environment: variables).standardOutput == "other-viewer.desktop\n")
        #expect(try ProcessRunner.assoc(["unset", "--file", chosen], environment: variables).status == 0)
        #expect(try ProcessRunner.assoc(["default", chosen], environment: variables).standardOutput == "other-viewer.desktop\n")
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
