import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// assoc's xdg-open against xdg-utils' own generic path, with recording handlers: desktop
/// entries whose Exec is a script that appends its working directory and argv to a file.
///
/// xdg-utils runs with XDG_CURRENT_DESKTOP=X-Generic, no session bus and a DISPLAY that names
/// nothing (its generic path only tests that one is set, and without one it reads no desktop
/// entry at all, see `withoutDisplay`); assoc runs with no DISPLAY, no WAYLAND_DISPLAY and no
/// session bus. Both see the same lists, entries and files. xdg-utils passes a file as it was
/// typed, assoc as an absolute path (its page says why): each argument is compared by the file
/// it names from the handler's working directory.
@Suite(
    "assoc's xdg-open gives handlers what xdg-utils' generic xdg-open gives them",
    .enabled(if: hasSystemDatabase && FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open")))
struct XDGOpenRecordingTests {
    /// A PDF that `file --mime-type` and shared-mime-info both call application/pdf.
    static let pdf = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"

    /// The world: four handlers, the defaults naming them, the files to open in `work/`.
    static func world() throws -> (tree: TemporaryXDGTree, variables: [String: String], links: String) {
        let tree = try TemporaryXDGTree()
        try tree.linkSystemMIMEDatabase()
        let recorder = try tree.write(
            "bin/record",
            """
            #!/bin/sh
            name=$1
            shift
            { printf '%s' "$PWD"; for argument in "$@"; do printf '\\037%s' "$argument"; done; printf '\\036'; } >> '\(tree.path("records"))'/"$name"
            """)
        let failing = try tree.write("bin/fail", "#!/bin/sh\n'\(recorder)' failing \"$@\"\nexit 3\n")
        for path in [recorder, failing] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        for (name, exec, type) in [
            ("pdfviewer", "\(recorder) pdfviewer %f", "application/pdf;"),
            ("files", "\(recorder) files %f", "inode/directory;"),
            ("browser", "\(recorder) browser %u", "x-scheme-handler/https;x-scheme-handler/http;"),
            ("failing", "\(failing) %f", "text/plain;"),
        ] {
            try tree.write(
                "usr-share/applications/\(name).desktop",
                "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\nMimeType=\(type)\n")
        }
        try tree.write(
            "config/mimeapps.list",
            """
            [Default Applications]
            application/pdf=pdfviewer.desktop
            inode/directory=files.desktop
            x-scheme-handler/https=browser.desktop
            text/plain=failing.desktop

            """)
        for name in ["report.pdf", "-name.pdf", "a b#c.pdf"] { try tree.write("work/" + name, pdf) }
        try tree.write("work/broken.txt", "hello\n")
        try tree.makeDirectory("work/folder")
        try tree.makeDirectory("records")
        let links = try tree.makeDirectory("links")
        try FileManager.default.createSymbolicLink(
            atPath: links + "/xdg-open", withDestinationPath: ProcessRunner.assocExecutable)
        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"], desktop: "X-Generic")
        variables["PATH"] = tree.path("bin") + ":/usr/bin:/bin"
        return (tree, variables, links)
    }

    /// What one run did: its status, and each handler's calls (working directory, argv).
    struct Outcome: Equatable, CustomStringConvertible {
        var status: Int32
        var calls: [String: [[String]]]
        var description: String { "status \(status), calls \(calls)" }
    }

    /// Runs `program` with `arguments` in `work/` and reads what the handlers recorded.
    static func run(
        _ program: String, _ arguments: [String], tree: TemporaryXDGTree, variables: [String: String]
    ) throws -> (Outcome, String) {
        try? FileManager.default.removeItem(atPath: tree.path("records"))
        try tree.makeDirectory("records")
        let result = try ProcessRunner.run(program, arguments, environment: variables, directory: tree.path("work"), timeout: 60)
        var calls: [String: [[String]]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: tree.path("records")) {
            let text = try String(contentsOfFile: tree.path("records/" + name), encoding: .utf8)
            calls[name] = text.split(separator: "\u{1E}").map {
                $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            }
        }
        return (Outcome(status: result.status, calls: calls), result.standardError)
    }

    /// Each call as the files it names: an argument that is a file:// URL or a path, relative to
    /// the recorded working directory, becomes the absolute path it names; a URL stays.
    static func named(_ outcome: Outcome) -> Outcome {
        var result = outcome
        result.calls = outcome.calls.mapValues { calls in
            calls.map { call in
                let directory = call[0]
                return call.dropFirst().map { argument in
                    if let path = try? FileURL.path(of: argument) { return (path as NSString).standardizingPath }
                    if argument.contains("://") { return argument }
                    let absolute = argument.hasPrefix("/") ? argument : directory + "/" + argument
                    return (absolute as NSString).standardizingPath
                }
            }
        }
        return result
    }

    @Test(
        "the same files reach the same handlers, with the same statuses",
        arguments: [
            ["report.pdf"], ["folder"], ["https://example.org/a?b=c#d"], ["-name.pdf"], ["./-name.pdf"], ["a b#c.pdf"],
            ["FILE-URL"], ["nothere.pdf"], ["broken.txt"],
        ])
    func sameAsXDGUtils(arguments: [String]) throws {
        let (tree, variables, links) = try Self.world()
        defer { withExtendedLifetime(tree) {} }
        let operands = arguments.map { $0 == "FILE-URL" ? FileURL.url(forAbsolutePath: tree.path("work/a b#c.pdf")) : $0 }
        var theirsVariables = variables
        theirsVariables["DISPLAY"] = ":99"
        let (theirs, theirError) = try Self.run("/usr/bin/xdg-open", operands, tree: tree, variables: theirsVariables)
        let (ours, ourError) = try Self.run(links + "/xdg-open", operands, tree: tree, variables: variables)
        #expect(Self.named(ours) == Self.named(theirs), "assoc: \(ours) \(ourError)\nxdg-utils: \(theirs) \(theirError)")
        // Something was opened, but for an option and a missing file.
        #expect(theirs.calls.isEmpty == ["-name.pdf", "nothere.pdf"].contains(operands[0]), "\(theirs) \(theirError)")
        // assoc gives a local file as an absolute path, never as typed.
        for call in ours.calls.values.flatMap({ $0 }) {
            #expect(call.dropFirst().allSatisfy { $0.hasPrefix("/") || $0.contains("://") }, "\(call)")
        }
    }

    @Test("the statuses are xdg-utils' own: 0 opened, 1 an option, 2 missing, 4 the handler failed")
    func statuses() throws {
        let (tree, variables, links) = try Self.world()
        defer { withExtendedLifetime(tree) {} }
        for (operands, status) in [
            (["report.pdf"], Int32(0)), (["-name.pdf"], 1), (["nothere.pdf"], 2), (["broken.txt"], 4), ([], 1),
            (["--unknown", "report.pdf"], 1),
        ] {
            let (outcome, error) = try Self.run(links + "/xdg-open", operands, tree: tree, variables: variables)
            #expect(outcome.status == status, "\(operands): \(error)")
        }
    }

    @Test("-- ends the options, as current xdg-utils has it (1.1.3 refuses it as an option)")
    func doubleDash() throws {
        let (tree, variables, links) = try Self.world()
        defer { withExtendedLifetime(tree) {} }
        let (ours, error) = try Self.run(links + "/xdg-open", ["--", "-name.pdf"], tree: tree, variables: variables)
        #expect(ours.status == 0, "\(error)")
        #expect(ours.calls["pdfviewer"]?.map { Array($0.dropFirst()) } == [[tree.path("work/-name.pdf")]])
        var theirsVariables = variables
        theirsVariables["DISPLAY"] = ":99"
        let (theirs, _) = try Self.run("/usr/bin/xdg-open", ["--", "-name.pdf"], tree: tree, variables: theirsVariables)
        #expect(theirs.status == 1 && theirs.calls.isEmpty)
    }

    @Test(
        "without a display xdg-utils' generic path opens no file, and assoc opens it all the same",
        .enabled(
            if: ["run-mailcap", "www-browser", "links2", "elinks", "links", "lynx", "w3m"].allSatisfy {
                Corpus.program($0) == nil
            }))
    func withoutDisplay() throws {
        let (tree, variables, links) = try Self.world()
        defer { withExtendedLifetime(tree) {} }
        let (theirs, _) = try Self.run("/usr/bin/xdg-open", ["report.pdf"], tree: tree, variables: variables)
        #expect(theirs.status == 3 && theirs.calls.isEmpty)
        let (ours, error) = try Self.run(links + "/xdg-open", ["report.pdf"], tree: tree, variables: variables)
        #expect(ours.status == 0 && ours.calls["pdfviewer"]?.count == 1, "\(error)")
    }

    @Test(
        "a downloaded script is refused (status 4) when its handler was found only by declaring the type",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes))
    func downloadedScript() throws {
        let (tree, variables, links) = try Self.world()
        defer { withExtendedLifetime(tree) {} }
        try tree.write(
            "usr-share/applications/interpreter.desktop",
            "[Desktop Entry]\nType=Application\nName=sh\nExec=\(tree.path("bin/record")) interpreter %f\n"
                + "MimeType=application/x-shellscript;\n")
        let script = try tree.write("work/setup.sh", "#!/bin/sh\necho hi\n")
        let (trusted, trustedError) = try Self.run(links + "/xdg-open", ["setup.sh"], tree: tree, variables: variables)
        #expect(trusted.status == 0 && trusted.calls["interpreter"]?.count == 1, "\(trustedError)")
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://example.org/setup.sh", on: script)
        let (downloaded, error) = try Self.run(links + "/xdg-open", ["setup.sh"], tree: tree, variables: variables)
        #expect(downloaded.status == 4 && downloaded.calls.isEmpty)
        #expect(error.contains("xdg-open: refusing to open '\(script)'"), "\(error)")
    }
}
