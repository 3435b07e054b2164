import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// Installs an entry in the launch world's system applications.
@discardableResult
func installEntry(_ tree: TemporaryXDGTree, _ id: String, _ body: String) throws -> String {
    try tree.write(
        "usr-share/applications/\(id)", "[Desktop Entry]\nType=Application\nName=\(id)\n\(body)\n")
}

/// The file a hostile run in `tree` would create: an assertion that it does not exist proves
/// that nothing ran.
func canaryFile(_ tree: TemporaryXDGTree) -> String { tree.path("ran") }

/// An executable script that creates the tree's canary when run.
func canaryScript(_ tree: TemporaryXDGTree, _ relativePath: String) throws -> String {
    let script = try tree.write(relativePath, "#!/bin/sh\ntouch '\(canaryFile(tree))'\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    return script
}

/// Expects that nothing created the tree's canary. No waiting is needed: a program assoc started
/// keeps the descriptors it inherited from assoc until it ends, and `ProcessRunner` returns only
/// when they are closed, so after the run anything it started has already created the canary
/// (`launchedProgramEndsBeforeTheRun` pins this down).
func expectNothingRan(_ tree: TemporaryXDGTree, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        !FileManager.default.fileExists(atPath: canaryFile(tree)), "something ran",
        sourceLocation: sourceLocation)
}

/// The dry-run plans printed as JSON lines.
func plans(_ result: ProcessResult) throws -> [[String: Any]] {
    try result.standardOutput.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
}

@Suite("assoc open never runs a target, run as a process", .enabled(if: hasSystemDatabase))
struct OpenSafetyTests {
    @Test(
        "Exec=%f with --with does not run the document; nor %u, %F, %U, %k or a code in the program")
    func fieldCodeAsProgram() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let notes = try canaryScript(tree, "docs/notes.txt")
        try installEntry(tree, "e.desktop", "Exec=%f\nMimeType=text/plain;")
        let result = try ProcessRunner.assoc(["open", "--with", "e", notes], environment: variables)
        #expect(result.status == 2)
        #expect(result.standardError.contains("'%f'"), "\(result.standardError)")
        expectNothingRan(tree)
        for (index, exec) in ["%u", "%F", "%U", "%k", "x%f --new"].enumerated() {
            try installEntry(tree, "code\(index).desktop", "Exec=\(exec)\nMimeType=text/plain;")
            let dry = try ProcessRunner.assoc(
                ["open", "--dry-run", "--json", "--with", "code\(index).desktop", notes],
                environment: variables)
            #expect(dry.status == 2 && dry.standardOutput.isEmpty, "Exec=\(exec): \(dry.standardOutput)")
            #expect(dry.standardError.contains("field code"), "Exec=\(exec): \(dry.standardError)")
        }
    }

    @Test("--with an application that does not take a script's type does not run the script")
    func programWithUndeclaredApplication() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let stub = try canaryScript(tree, "bin/interp-stub")
        let script = try canaryScript(tree, "docs/run.sh")
        try installEntry(tree, "interp.desktop", "Exec=\(stub) %f\nMimeType=text/x-python;")
        let refused = try ProcessRunner.assoc(
            ["open", "--with", "interp", script], environment: variables)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "never runs a file as a program: 'interp.desktop' declares neither application/x-shellscript"
            ),
            "\(refused.standardError)")
        expectNothingRan(tree)
        // The text editor takes text/plain, which a shell script is a kind of: it opens it as a document.
        let editor = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", "--with", "editor", script], environment: variables)
        #expect(
            try plans(editor).first?["argv"] as? [String] == ["editor-stub", script],
            "\(editor.standardError)")
    }

    @Test("--with refuses an entry with Hidden=true or a missing TryExec, with the reason")
    func unusableEntries() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let stub = try canaryScript(tree, "bin/canary-stub")
        let notes = try tree.write("docs/notes.txt", "notes\n")
        try installEntry(tree, "gone.desktop", "Exec=\(stub) %f\nHidden=true\nMimeType=text/plain;")
        try installEntry(
            tree, "try.desktop", "Exec=\(stub) %f\nTryExec=assoc-no-such-program\nMimeType=text/plain;")
        for (id, reason) in [
            ("gone.desktop", "Hidden=true"), ("try.desktop", "TryExec 'assoc-no-such-program'"),
        ] {
            let result = try ProcessRunner.assoc(["open", "--with", id, notes], environment: variables)
            #expect(result.status == 2)
            #expect(
                result.standardError.contains("'\(id)' cannot be launched: \(reason)"),
                "\(result.standardError)")
        }
        expectNothingRan(tree)
    }

    @Test(
        "relative targets reach the application as absolute paths, whatever Path= and a leading '-' say"
    )
    func relativeTargets() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let here = try tree.makeDirectory("here")
        let elsewhere = try tree.makeDirectory("elsewhere")
        try tree.write("here/a.txt", "mine\n")
        try tree.write("elsewhere/a.txt", "another file\n")
        try tree.write("here/-rf", "not an option\n")
        try installEntry(
            tree, "c.desktop", "Exec=editor-stub %f\nPath=\(elsewhere)\nMimeType=text/plain;")
        try installEntry(tree, "u.desktop", "Exec=editor-stub %u\nMimeType=text/plain;")
        let withPath = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", "--with", "c", "a.txt"], environment: variables,
            directory: here)
        #expect(
            try plans(withPath).first?["argv"] as? [String] == ["editor-stub", here + "/a.txt"],
            "\(withPath.standardError)")
        let dash = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", "--with", "c", "--", "-rf"], environment: variables,
            directory: here)
        #expect(
            try plans(dash).first?["argv"] as? [String] == ["editor-stub", here + "/-rf"],
            "\(dash.standardError)")
        let url = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", "--with", "u", "./a.txt"], environment: variables,
            directory: here)
        #expect(
            try plans(url).first?["argv"] as? [String] == ["editor-stub", "file://" + here + "/a.txt"])
    }

    @Test(
        "file:// URLs: %00, %2F and a signed escape are refused; %FF opens a name that is not UTF-8")
    func fileURLDecoding() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let docs = try tree.makeDirectory("docs")
        try tree.write("docs/hostname", "a host name\n")
        for url in [
            "file://\(docs)/hostname%00.txt", "file://\(docs)%2Fhostname", "file://\(docs)/hostname%-0",
        ] {
            let result = try ProcessRunner.assoc(
                ["open", "--dry-run", "--json", url], environment: variables)
            #expect(
                result.status == 2 && result.standardOutput.isEmpty, "\(url): \(result.standardOutput)")
            #expect(
                result.standardError.contains("cannot read the file URL"), "\(url): \(result.standardError)"
            )
        }
        let name = Array((docs + "/bad").utf8) + [0xFF] + Array(".txt".utf8)
        let descriptor = open(name.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)
        let result = try ProcessRunner.assoc(
            ["open", "file://\(docs)/bad%FF.txt"], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recordedBytes(tree, "editor") == name + [0])
    }

    @Test("one target that cannot be read does not stop the others; the status is 2 at the end")
    func unreadableTarget() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        try installEntry(
            tree, "browser.desktop", "Exec=viewer-stub %u\nMimeType=x-scheme-handler/http;")
        let missing = tree.path("nonexistent")
        let result = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", "http://a", "file://" + missing], environment: variables)
        #expect(result.status == 2)
        #expect(try plans(result).map { $0["argv"] as? [String] } == [["viewer-stub", "http://a"]])
        #expect(result.standardError.contains(missing), "\(result.standardError)")
    }

    @Test("after '--' every word is an operand: open -- --help and type -- -h act on files")
    func doubleDash() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let here = try tree.makeDirectory("here")
        try tree.write("here/--help", "a file\n")
        try tree.write("here/-h", "a file\n")
        let open = try ProcessRunner.assoc(
            ["open", "--dry-run", "--json", "--", "--help"], environment: variables, directory: here)
        #expect(open.status == 0, "\(open.standardError)")
        #expect(try plans(open).first?["argv"] as? [String] == ["editor-stub", here + "/--help"])
        let type = try ProcessRunner.assoc(
            ["type", "--", "-h"], environment: variables, directory: here)
        #expect(type.standardOutput == "-h: text/plain\n", "\(type.standardError)")
    }

    @Test("a missing Path= directory is named, and nothing starts")
    func missingWorkingDirectory() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let stub = try canaryScript(tree, "bin/rec")
        let gone = tree.path("gone-directory")
        try installEntry(tree, "rec.desktop", "Exec=\(stub) %f\nPath=\(gone)\nMimeType=text/plain;")
        let notes = try tree.write("docs/notes.txt", "notes\n")
        let result = try ProcessRunner.assoc(["open", "--with", "rec", notes], environment: variables)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("Path=\(gone) is not an existing directory"),
            "\(result.standardError)")
        expectNothingRan(tree)
    }
}
