import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// A world whose applications are stubs that record the argv they receive, NUL-separated, one
/// record file per application.
func launchWorld() throws -> (TemporaryXDGTree, [String: String]) {
    try recordingWorld([
        ("viewer", "%U", "MimeType=application/pdf;\n"), ("editor", "%f", "MimeType=text/plain;\n"),
        ("runner", "%f", "MimeType=application/x-sharedlib;\n"), ("zreader", "%f", "MimeType=application/pdf;\n"),
    ])
}

/// A world of recording applications over the system's MIME database: for each, the entry
/// `usr-share/applications/NAME.desktop` running `NAME-stub FIELDCODE`, with `lines` added, and
/// the stub `bin/NAME-stub`, which appends its argv, NUL-separated, to `records/NAME` (read by
/// `recorded(_:_:)`). `PATH` starts with the stubs' directory.
func recordingWorld(_ applications: [(name: String, fieldCode: String, lines: String)]) throws -> (
    TemporaryXDGTree, [String: String]
) {
    let tree = try TemporaryXDGTree()
    try tree.linkSystemMIMEDatabase()
    for (name, fieldCode, lines) in applications {
        try tree.write(
            "usr-share/applications/\(name).desktop",
            "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(name)-stub \(fieldCode)\n\(lines)")
        let record = tree.path("records/\(name)")
        let script = try tree.write(
            "bin/\(name)-stub",
            """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\0' "$argument"; done >> '\(record).tmp'
            mv '\(record).tmp' '\(record)'
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    }
    try tree.makeDirectory("records")
    var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
    variables["PATH"] = tree.path("bin") + ":/usr/bin:/bin"
    return (tree, variables)
}

/// The argv a stub recorded, nil when it did not run.
func recorded(_ tree: TemporaryXDGTree, _ app: String) -> [String]? {
    recordedBytes(tree, app).map {
        String(decoding: $0, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// The bytes a stub recorded (each argument followed by a NUL), nil when it did not run.
///
/// Read at once, with no waiting: a stub that assoc started detached keeps the descriptors it
/// inherited from assoc until it has written its record and ended, and `ProcessRunner` returns only
/// when they are closed (`launchedProgramEndsBeforeTheRun` pins this down).
func recordedBytes(_ tree: TemporaryXDGTree, _ app: String) -> [UInt8]? {
    FileManager.default.contents(atPath: tree.path("records/\(app)")).map(Array.init)
}

@Suite("assoc open, run as a process", .enabled(if: hasSystemDatabase))
struct OpenCommandTests {
    @Test("--dry-run --json gives each hostile name as exactly one argv element")
    func dryRunJSON() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let names = [
            "a b.pdf", "q\"uote.pdf", "semi;colon.pdf", "$(touch x).pdf", "`id`.pdf", "#hash.pdf", "-dash.pdf", "new\nline.pdf",
        ]
        let paths = try names.map { try tree.write("docs/" + $0, "%PDF-1.4\n") }
        let result = try ProcessRunner.assoc(["open", "--dry-run", "--json"] + paths, environment: variables)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["app"] as? String == "viewer.desktop")
        // The viewer takes %U: local files reach it as file:// URLs.
        let urls = paths.map(FileURL.url(forAbsolutePath:))
        #expect(object["argv"] as? [String] == ["viewer-stub"] + urls)
        #expect(object["targets"] as? [String] == paths)
        #expect(!FileManager.default.fileExists(atPath: tree.path("x")), "nothing ran")
    }

    @Test("a real launch gives the stub exactly those bytes, without a shell")
    func realLaunch() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let paths = try ["a b.pdf", "$(touch pwned).pdf", "-x.pdf"].map { try tree.write("docs/" + $0, "%PDF-1.4\n") }
        let result = try ProcessRunner.assoc(["open"] + paths, environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recorded(tree, "viewer") == paths.map(FileURL.url(forAbsolutePath:)))
        #expect(!FileManager.default.fileExists(atPath: tree.path("docs/pwned")))
    }

    @Test("a launched program that outlives assoc has ended when the run returns: its record needs no waiting")
    func launchedProgramEndsBeforeTheRun() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let record = tree.path("records/late")
        // The program waits (at most 10 s) until the assoc that started it has ended (its parent is
        // no longer a living assoc), then lives half a second more, longer than a run takes to
        // return once its child has ended: a run that did not wait for it would find no record.
        // It records whether it saw assoc end.
        let late = try tree.write(
            "bin/late-stub",
            """
            #!/bin/sh
            outcome='assoc was still running'
            for attempt in $(seq 1000); do
                parent=$(cut -d' ' -f4 /proc/$$/stat)
                if [ "$(cat /proc/$parent/comm 2>/dev/null)" != assoc ] \\
                    || [ "$(cut -d' ' -f3 /proc/$parent/stat 2>/dev/null)" = Z ]; then
                    outcome='assoc had ended'
                    break
                fi
                sleep 0.01
            done
            sleep 0.5
            echo "$outcome" > '\(record)'
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: late)
        try installEntry(tree, "late.desktop", "Exec=late-stub %f\nMimeType=text/plain;")
        let notes = try tree.write("docs/notes.txt", "notes\n")
        let result = try ProcessRunner.assoc(["open", "--with", "late", notes], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            FileManager.default.contents(atPath: record).map { String(decoding: $0, as: UTF8.self) } == "assoc had ended\n")
    }

    @Test("a name with bytes that are not UTF-8 reaches the application byte for byte")
    func nonUTF8Name() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let name: [UInt8] = Array(tree.path("docs/").utf8) + [0x62, 0x61, 0x64, 0xFF, 0xFE, 0x20, 0x78] + Array(".pdf".utf8)
        try tree.makeDirectory("docs")
        let descriptor = open(name.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        _ = "%PDF-1.4\n".withCString { write(descriptor, $0, 9) }
        close(descriptor)
        // The harness passes the raw bytes through the shell's printf; assoc itself uses no shell.
        let octal = name.map {
            $0 < 0x80 && $0 != 0x27 && $0 != 0x5C && $0 != 0x25 ? String(UnicodeScalar($0)) : "\\" + String($0, radix: 8)
        }.joined()
        // zreader takes %f: the path itself, not a URL.
        let script = "exec \"$ASSOC\" open --with zreader.desktop \"$(printf '\(octal)')\""
        var environment = variables
        environment["ASSOC"] = ProcessRunner.assocExecutable
        let typeScript = script.replacingOccurrences(of: "open --with zreader.desktop", with: "type -b")
        let typed = try ProcessRunner.run("/bin/sh", ["-c", typeScript], environment: environment)
        #expect(typed.standardOutput == "application/pdf\n", "\(typed.standardError)")
        let result = try ProcessRunner.run("/bin/sh", ["-c", script], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(recordedBytes(tree, "zreader") == name + [0])
    }

    @Test("two files of different types open in two groups, in order; file:// URLs are decoded")
    func groups() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let pdf = try tree.write("docs/r.pdf", "%PDF-1.4\n")
        let text = try tree.write("docs/n o.txt", "notes\n")
        let url = "file://" + text.replacingOccurrences(of: " ", with: "%20")
        let result = try ProcessRunner.assoc(["open", "--dry-run", "--json", pdf, url], environment: variables)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].contains("\"app\":\"viewer.desktop\""))
        #expect(lines[1] == "{\"app\":\"editor.desktop\",\"argv\":[\"editor-stub\",\"\(text)\"],\"targets\":[\"\(text)\"]}")
        let localhost =
            "file://localhost" + text.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: ".txt", with: "%2etxt")
        let viaLocalhost = try ProcessRunner.assoc(["open", "--dry-run", "--json", localhost], environment: variables)
        #expect(viaLocalhost.standardOutput.contains("\"argv\":[\"editor-stub\",\"\(text)\"]"), "\(viaLocalhost.standardError)")
    }

    @Test(
        "a downloaded ELF named invoice.pdf is warned about, refused with --strict, and never executed",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes))
    func disguisedDownload() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let elf = try Data(contentsOf: URL(fileURLWithPath: "/bin/true"))
        let invoice = try tree.write("Downloads/invoice.pdf", bytes: Array(elf))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: invoice)
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://mail.example/invoice.pdf", on: invoice)
        let strict = try ProcessRunner.assoc(["open", "--strict", invoice], environment: variables)
        #expect(strict.status == 2)
        #expect(strict.standardError.contains("its name says application/pdf but its content is application/x-"))
        let warned = try ProcessRunner.assoc(["open", invoice], environment: variables)
        #expect(warned.standardError.contains("https://mail.example/invoice.pdf"))
        let asDocument = [FileURL.url(forAbsolutePath: invoice)]
        #expect(recorded(tree, "viewer") == asDocument, "the file goes to the PDF viewer as a document")
        #expect(recorded(tree, "runner") == nil)
    }

    @Test("a script and a desktop entry go to the text editor as documents; an executable with no handler is refused")
    func programsAreNotRun() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let marker = tree.path("ran")
        let launcher = try tree.write(
            "Downloads/app.desktop", "[Desktop Entry]\nType=Application\nName=x\nExec=touch \(marker)\n")
        let script = try tree.write("Downloads/run.sh", "#!/bin/sh\ntouch \(marker)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let result = try ProcessRunner.assoc(["open", launcher, script], environment: variables)
        #expect(result.status == 0, "\(result.standardError)")
        // Two processes (the editor takes %f) append to one record; each got exactly its file.
        let got = try #require(recorded(tree, "editor"))
        #expect(!got.isEmpty && Set(got).isSubset(of: [script, launcher]))
        let tool = try tree.write("Downloads/tool", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: "/bin/true"))))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        let refused = try ProcessRunner.assoc(["open", tool], environment: variables)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("never runs a file as a program"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("a per-file choice overrides the default for that file only", .enabled(if: Corpus.temporaryDirectoryHasAttributes))
    func perFileChoice() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let chosen = try tree.write("docs/chosen.pdf", "%PDF-1.4\n")
        let other = try tree.write("docs/other.pdf", "%PDF-1.4\n")
        #expect(try ProcessRunner.assoc(["set", "--file", chosen, "zreader.desktop"], environment: variables).status == 0)
        let result = try ProcessRunner.assoc(["open", "--dry-run", "--json", chosen, other], environment: variables)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let zreader = "{\"app\":\"zreader.desktop\",\"argv\":[\"zreader-stub\",\"\(chosen)\"],\"targets\":[\"\(chosen)\"]}"
        #expect(lines.contains(zreader))
        let otherURL = FileURL.url(forAbsolutePath: other)
        let viewer = "{\"app\":\"viewer.desktop\",\"argv\":[\"viewer-stub\",\"\(otherURL)\"],\"targets\":[\"\(other)\"]}"
        #expect(lines.contains(viewer))
    }

    @Test("--selector takes the ID the menu program prints; a cancelled menu opens nothing")
    func selector() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let pdf = try tree.write("docs/r.pdf", "%PDF-1.4\n")
        let pickSecond = try tree.write("bin/pick-second", "#!/bin/sh\nsed -n 2p\n")
        let cancel = try tree.write("bin/cancel", "#!/bin/sh\ncat >/dev/null\nexit 130\n")
        for path in [pickSecond, cancel] { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        let chosen = try ProcessRunner.assoc(
            ["open", "--choose", "--selector", "pick-second", "--dry-run", "--json", pdf],
            environment: variables)
        #expect(chosen.standardOutput.contains("\"app\":\"zreader.desktop\""), "\(chosen.standardError)")
        let cancelled = try ProcessRunner.assoc(["open", "--choose", "--selector", "cancel", pdf], environment: variables)
        #expect(cancelled.status == 1)
        #expect(cancelled.standardError.contains("nothing opened"))
        #expect(recorded(tree, "viewer") == nil && recorded(tree, "zreader") == nil)
    }

    @Test("no default is exit 1 with the candidates listed")
    func noDefault() throws {
        let (tree, variables) = try launchWorld()
        defer { withExtendedLifetime(tree) {} }
        let image = try tree.write("docs/p.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let result = try ProcessRunner.assoc(["open", image], environment: variables)
        #expect(result.status == 1)
        #expect(result.standardError.contains("no default application for"))
    }
}
