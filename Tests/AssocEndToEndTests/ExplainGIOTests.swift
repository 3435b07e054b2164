import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// `assoc explain` says what GLib's `g_content_type_guess` answers for a file's name and first
/// 4 KiB, derived from GLib's own steps: what it prints is what GLib prints.
@Suite("explain's GIO line", .enabled(if: hasSystemDatabase))
struct ExplainGIOTests {
    /// The type explain says GIO gives: the one it names, or assoc's own when GIO agrees.
    static func gioLine(_ output: String) -> String? {
        var result: String?
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("result: ") { result = line.dropFirst(8).split(separator: " ").first.map(String.init) }
            if line == "GIO agrees" { return result }
            if line.hasPrefix("GIO would say: ") {
                return line.dropFirst(15).split(separator: ":", maxSplits: 1).first.map(String.init)
            }
        }
        return nil
    }

    static let desktopEntry = "[Desktop Entry]\nType=Application\nName=Launcher\nExec=true\n"

    @Test("a desktop entry named foo: text to assoc and to GIO, which never types a renamed launcher as one")
    func desktopEntryUnderAnotherName() throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write("foo", Self.desktopEntry)
        let result = try ProcessRunner.assoc(["explain", "--no-resolve", path], environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("result: text/plain"), "\(result.standardOutput)")
        #expect(Self.gioLine(result.standardOutput) == "text/plain", "\(result.standardOutput)")
    }

    @Test(
        "over the hostile tree's downloads, explain's GIO line is what GLib answers",
        .enabled(if: GIOContentType.executable != nil))
    func hostileTree() throws {
        let world = try HostileTreeTests.makeWorld()
        let tree = world.tree
        // Beside the hostile downloads: names whose globs GIO and the specification take apart.
        let extra: [(String, String)] = [
            ("foo", Self.desktopEntry), ("README.doc", "hello\n"), ("readme.DOC", "hello\n"), ("README", "hello\n"),
            ("x.tar.gz", "hello\n"), ("libz.so.1", "hello\n"), ("page.xml", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
            ("launcher.desktop", Self.desktopEntry), ("empty.asc", ""), ("hello.php", "<?php echo 1; ?>\n"),
        ]
        for (name, content) in extra { try tree.write("dl/" + name, content) }
        let downloads = tree.path("dl")
        let paths = try FileBytes.directoryEntries(downloads).sorted().map { downloads + "/" + $0 }.filter { path in
            // A name that is not UTF-8 cannot be passed as an argument here.
            var info = stat()
            return !PathCoding.carriesBytes(path) && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
        #expect(paths.count >= extra.count + 3)
        let glib = try GIOContentType.guess(paths, mode: .file, environment: world.variables)
        var differences: [String] = []
        for (path, theirs) in zip(paths, glib) {
            let result = try ProcessRunner.assoc(
                ["explain", "--no-resolve", "--no-xattr", path], environment: world.variables, timeout: 30)
            #expect(result.status == 0, "\(path): \(result.standardError)")
            let said = Self.gioLine(result.standardOutput)
            if said != theirs { differences.append("\(path): explain says GIO gives \(said ?? "nothing"), GLib \(theirs)") }
        }
        #expect(differences.isEmpty, "\(differences)")
    }
}
