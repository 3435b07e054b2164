import AssocTestSupport
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The shared-mime-info detection samples, the real files the listing fixture is made of.
let mimeDetectionSamples = Corpus.path("shared-mime-info/tests/mime-detection")

/// Parses JSON Lines output into objects.
func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
}

@Suite("assoc list, import, export and move, run as processes", .enabled(if: hasSystemDatabase))
struct DocumentCommandTests {
    /// Real files of many types in three levels of folders.
    static let fixtureLayout: [String: [String]] = [
        "": [
            "README.pdf", "test.png", "img_5304.jpg", "test.py", "Dockerfile", "test.zip", "dnd-counter.svg",
            "text-utf8.txt", "ooo-test.odt", "test-id3.mp3", "test.webp", "test.eps",
        ],
        "papers/": ["text.pdf", "test.gif", "sample.docx", "test.ps", "markdown.md", "test-html-with-svg.html"],
        "papers/old/": ["test.tif", "test.bmp", "test.ico", "example.heic", "sample.xlsx", "test.psd", "test.ogg"],
    ]

    /// Copies the fixture into `tree/docs`; returns its path.
    func makeFixture(_ tree: TemporaryXDGTree, samples: String) throws -> String {
        for (folder, names) in Self.fixtureLayout {
            for name in names where FileManager.default.fileExists(atPath: samples + "/" + name) {
                try tree.copy(samples + "/" + name, to: "docs/" + folder + name)
            }
        }
        return tree.path("docs")
    }

    /// What `assoc type` and `assoc mime` say: the type of every file below `root`, and whether it
    /// is a PDF or an image through the hierarchy (itself or an ancestor is application/pdf or of
    /// media image).
    func expectedConformance(root: String, environment: [String: String]) throws -> [String: (type: String, conforms: Bool)] {
        let typed = try ProcessRunner.assoc(["type", "--json", "-r", root], environment: environment)
        #expect(typed.status == 0)
        var types: [String: String] = [:]
        for object in try jsonLines(typed.standardOutput) {
            types[try #require(object["path"] as? String)] = try #require(object["type"] as? String)
        }
        let distinct = Array(Set(types.values)).sorted()
        let described = try ProcessRunner.assoc(["mime", "--json"] + distinct, environment: environment)
        #expect(described.status == 0)
        var conforming: [String: Bool] = [:]
        for (type, object) in zip(distinct, try jsonLines(described.standardOutput)) {
            let lineage = [type] + (object["ancestors"] as? [String] ?? [])
            conforming[type] = lineage.contains("application/pdf") || lineage.contains { $0.hasPrefix("image/") }
        }
        return types.mapValues { ($0, conforming[$0] ?? false) }
    }

    @Test(
        "list --type application/pdf --type public.image takes exactly the documents assoc type and the hierarchy say conform",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func listConforming() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let root = try makeFixture(tree, samples: try #require(mimeDetectionSamples))
        let environment = systemDatabaseEnvironment(tree)
        let expected = try expectedConformance(root: root, environment: environment)
        #expect(expected.values.contains { $0.conforms } && expected.values.contains { !$0.conforms })
        let folders = [root + "/papers", root + "/papers/old"]

        let flat = try ProcessRunner.assoc(
            ["list", "--type", "application/pdf", "--type", "public.image", "--json", root],
            environment: environment)
        #expect(flat.status == 0)
        let flatObjects = try jsonLines(flat.standardOutput)
        let topLevel = expected.filter { $0.value.conforms && !$0.key.dropFirst(root.count + 1).contains("/") }
        #expect(Set(flatObjects.compactMap { $0["path"] as? String }) == Set(topLevel.keys).union([folders[0]]))

        let deep = try ProcessRunner.assoc(
            ["list", "--type", "application/pdf", "--type", "public.image", "--json", "-r", root],
            environment: environment)
        let deepObjects = try jsonLines(deep.standardOutput)
        #expect(
            Set(deepObjects.compactMap { $0["path"] as? String })
                == Set(expected.filter { $0.value.conforms }.keys).union(folders))
        for object in deepObjects {
            let path = try #require(object["path"] as? String)
            #expect(object["available"] as? Bool == true)
            #expect(object["location"] as? String == "local")
            #expect(object["reason"] is NSNull)
            #expect((object["modified"] as? String)?.hasSuffix("Z") == true)
            if folders.contains(path) {
                #expect(object["type"] as? String == "inode/directory" && object["directory"] as? Bool == true)
                #expect(object["size"] is NSNull)
            } else {
                #expect(object["type"] as? String == expected[path]?.type)
                let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
                #expect(object["size"] as? Int == size)
            }
        }
    }

    @Test(
        "list --all adds every other document, unavailable, with its type and the reason",
        .enabled(if: mimeDetectionSamples != nil, "the shared-mime-info corpus is absent"))
    func listAll() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let root = try makeFixture(tree, samples: try #require(mimeDetectionSamples))
        let environment = systemDatabaseEnvironment(tree)
        let expected = try expectedConformance(root: root, environment: environment)
        let result = try ProcessRunner.assoc(
            ["list", "--type", "application/pdf", "--type", "public.image", "--json", "-r", "--all", root],
            environment: environment)
        #expect(result.status == 0)
        let files = try jsonLines(result.standardOutput).filter { $0["directory"] as? Bool == false }
        #expect(Set(files.compactMap { $0["path"] as? String }) == Set(expected.keys))
        for object in files {
            let path = try #require(object["path"] as? String)
            let want = try #require(expected[path])
            #expect(object["available"] as? Bool == want.conforms, "\(path)")
            if want.conforms {
                #expect(object["reason"] is NSNull)
            } else {
                #expect(
                    object["reason"] as? String
                        == "its type \(want.type) does not conform to application/pdf, public.image", "\(path)")
            }
        }
    }

    @Test("the table has a header, sizes in binary units, local times, and the reason for unavailable documents")
    func humanTable() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("docs/big.pdf", "%PDF-1.4\n" + String(repeating: "x", count: 3000))
        try tree.write("docs/notes.txt", "words\n")
        try tree.write("docs/.hidden.pdf", "%PDF-1.4\n")
        try tree.makeDirectory("docs/folder")
        let result = try ProcessRunner.assoc(
            ["list", "--all", "--type", ".pdf", tree.path("docs")],
            environment: systemDatabaseEnvironment(tree, extra: ["TZ": "UTC"]))
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("   SIZE  MODIFIED") == true)
        #expect(lines.first?.hasSuffix("TYPE             NAME") == true)
        #expect(
            lines[1].hasPrefix("2.9 KiB  2") && lines[1].contains("  local     application/pdf  \(tree.path("docs/big.pdf"))"))
        #expect(lines[2].hasPrefix("      -  ") && lines[2].hasSuffix("inode/directory  \(tree.path("docs/folder"))/"))
        #expect(
            lines[3].hasPrefix("    6 B  ")
                && lines[3].hasSuffix("(unavailable: its type text/plain does not conform to .pdf (application/pdf))"))
        let time = lines[1].dropFirst(9).prefix(16)
        #expect(time.count == 16 && time.dropFirst(10).first == " " && time.dropFirst(13).first == ":")
        let hidden = try ProcessRunner.assoc(
            ["list", "--hidden", "--json", tree.path("docs")], environment: systemDatabaseEnvironment(tree))
        #expect(hidden.standardOutput.contains("\"path\":\"\(tree.path("docs/.hidden.pdf"))\""))
    }

    @Test("a current thumbnail is listed; a stale one (another mtime) is not")
    func thumbnails() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let fresh = try tree.write("docs/fresh.png", bytes: TestPNG.image(texts: []))
        let stale = try tree.write("docs/stale.png", bytes: TestPNG.image(texts: []))
        var thumbnails: [String: String] = [:]
        for (file, offset) in [(fresh, 0), (stale, 7)] {
            let uri = "file://" + file  // the tree's paths need no escaping
            let mtime =
                Int(
                    (try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)?
                        .timeIntervalSince1970.rounded(.down) ?? 0) + offset
            let name = try md5(uri)
            thumbnails[file] = try tree.write(
                "cache/thumbnails/normal/\(name).png",
                bytes: TestPNG.image(texts: [("Thumb::URI", uri), ("Thumb::MTime", String(mtime))]))
        }
        let result = try ProcessRunner.assoc(["list", "--json", tree.path("docs")], environment: systemDatabaseEnvironment(tree))
        let objects = try jsonLines(result.standardOutput)
        #expect(objects.map { $0["path"] as? String } == [fresh, stale])
        #expect(objects.first?["thumbnail"] as? String == thumbnails[fresh])
        #expect(objects.last?["thumbnail"] is NSNull)
        // Relative paths are made absolute against the working directory for the URI.
        let relative = try ProcessRunner.run(
            ProcessRunner.assocExecutable, ["list", "--json", "--type", "image/png"],
            environment: systemDatabaseEnvironment(tree), directory: tree.path("docs"))
        let relativeObjects = try jsonLines(relative.standardOutput)
        #expect(relativeObjects.map { $0["path"] as? String } == ["fresh.png", "stale.png"])
        #expect(relativeObjects.first?["thumbnail"] as? String == thumbnails[fresh])
        let empty = try ProcessRunner.assoc(
            ["list", "--type", "application/pdf", tree.path("docs")], environment: systemDatabaseEnvironment(tree))
        #expect(empty.status == 0 && empty.standardOutput.isEmpty)
    }

    /// The MD5 of `text` by the system's md5sum, so the tool's own MD5 is not checked against itself.
    func md5(_ text: String) throws -> String {
        let program = try #require(Corpus.program("md5sum"), "md5sum is needed to name thumbnails independently")
        let result = try ProcessRunner.run(program, [], environment: ["LC_ALL": "C"], input: Array(text.utf8))
        return String(result.standardOutput.prefix(32))
    }

    @Test("import numbers a clashing name, --replace replaces, --json says what went where")
    func importClashes() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("outside/report.pdf", "%PDF-1.4\nnew\n")
        try tree.write("app/report.pdf", "%PDF-1.4\nold\n")
        let environment = systemDatabaseEnvironment(tree)
        let first = try ProcessRunner.assoc(["import", source, "--to", tree.path("app")], environment: environment)
        #expect(first.status == 0)
        #expect(first.standardOutput == "imported \(source) to \(tree.path("app/report (2).pdf"))\n")
        let json = try ProcessRunner.assoc(["import", "--json", source, "--to", tree.path("app")], environment: environment)
        let object = try #require(try jsonLines(json.standardOutput).first)
        #expect(object["source"] as? String == source)
        #expect(object["destination"] as? String == tree.path("app/report (3).pdf"))
        #expect(object["method"] as? String == "copy" && object["replaced"] as? Bool == false && object["error"] is NSNull)
        let replaced = try ProcessRunner.assoc(
            ["import", "--replace", source, "--to", tree.path("app")], environment: environment)
        #expect(replaced.standardOutput == "imported \(source) to \(tree.path("app/report.pdf")) (replaced)\n")
        #expect(try String(contentsOfFile: tree.path("app/report.pdf"), encoding: .utf8) == "%PDF-1.4\nnew\n")
        #expect(entries(tree.path("app")) == ["report (2).pdf", "report (3).pdf", "report.pdf"])
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "%PDF-1.4\nnew\n")
    }

    @Test("export to a folder that does not exist needs --mkdir, which creates it with its parents")
    func exportMakesFolder() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("app/report.pdf", "%PDF-1.4\n")
        let destination = tree.path("usb/backup/2024")
        let environment = systemDatabaseEnvironment(tree)
        let refused = try ProcessRunner.assoc(["export", source, "--to", destination], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.standardError == "assoc: destination '\(destination)' does not exist (--mkdir creates it)\n")
        #expect(!FileManager.default.fileExists(atPath: tree.path("usb")))
        let made = try ProcessRunner.assoc(["export", "--mkdir", source, "--to", destination], environment: environment)
        #expect(made.status == 0)
        #expect(made.standardOutput == "exported \(source) to \(destination)/report.pdf\n")
        #expect(FileManager.default.fileExists(atPath: source))
    }

    @Test("move refuses a file that does not conform to --type, still moves the others, and exits 2")
    func moveWithFilter() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let pdf = try tree.write("in/report.pdf", "%PDF-1.4\n")
        let text = try tree.write("in/notes.txt", "words\n")
        try tree.makeDirectory("out")
        let result = try ProcessRunner.assoc(
            ["move", "--type", "com.adobe.pdf", text, pdf, "--to", tree.path("out")],
            environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "assoc: refusing '\(text)': its type text/plain does not conform to com.adobe.pdf\n")
        #expect(result.standardOutput == "moved \(pdf) to \(tree.path("out/report.pdf"))\n")
        #expect(entries(tree.path("in")) == ["notes.txt"])
        #expect(entries(tree.path("out")) == ["report.pdf"])
    }

    @Test(
        "a move to a tmpfs is a copy and delete; a full tmpfs fails it and keeps the source",
        .enabled(if: ScratchMount.canMountTmpfs, "mounting a tmpfs is not possible here (needs root and mount(2))"))
    func moveAcrossFileSystems() throws {
        let tree = try TemporaryXDGTree()
        let roomy = try ScratchMount.tmpfs(at: tree.path("roomy"), options: "size=1m")
        let tiny = try ScratchMount.tmpfs(at: tree.path("tiny"), options: "size=64k")
        defer { withExtendedLifetime((tree, roomy, tiny)) {} }
        let small = try tree.write("disk/small.pdf", "%PDF-1.4\n")
        let big = try tree.write("disk/big.pdf", bytes: Array("%PDF-1.4\n".utf8) + [UInt8](repeating: 7, count: 200_000))
        let environment = systemDatabaseEnvironment(tree)
        let moved = try ProcessRunner.assoc(["move", "--json", small, "--to", roomy.path], environment: environment)
        #expect(moved.status == 0)
        let object = try #require(try jsonLines(moved.standardOutput).first)
        #expect(object["method"] as? String == "copy-and-delete")
        #expect(object["destination"] as? String == roomy.path + "/small.pdf")
        #expect(!FileManager.default.fileExists(atPath: small))
        let full = try ProcessRunner.assoc(["move", big, "--to", tiny.path], environment: environment)
        #expect(full.status == 2)
        #expect(full.standardError == "assoc: cannot copy '\(big)' into '\(tiny.path)': No space left on device\n")
        #expect(FileManager.default.contents(atPath: big)?.count == 200_009)
        #expect(entries(tiny.path).isEmpty)
    }

    @Test(
        "a normal user's copy of a read-only document keeps its attributes and mode",
        .enabled(
            if: getuid() == 0 && Corpus.program("setpriv") != nil && Corpus.temporaryDirectoryHasAttributes,
            "needs root, setpriv and user.* attributes in the temporary directory"))
    func unprivilegedCopy() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let setpriv = try #require(Corpus.program("setpriv"))
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", ProcessRunner.assocExecutable]
        let probe = try ProcessRunner.run(setpriv, asNobody + ["--version"], environment: systemDatabaseEnvironment(tree))
        if probe.status != 0 { try Test.cancel("the user nobody cannot run the built assoc here: \(probe.standardError)") }
        let source = try tree.write("mine/report.pdf", "%PDF-1.4\n")
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://example.org/report.pdf", on: source)
        let out = try tree.makeDirectory("out")
        #expect(chown(source, 65534, 65534) == 0 && chmod(source, 0o444) == 0 && chmod(out, 0o777) == 0)
        let result = try ProcessRunner.run(
            setpriv, asNobody + ["import", source, "--to", out], environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(ExtendedAttributes.value("user.xdg.origin.url", of: out + "/report.pdf") == "https://example.org/report.pdf")
        let mode = (try FileManager.default.attributesOfItem(atPath: out + "/report.pdf")[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o444)
    }

    @Test(
        "usage errors exit 2 and point at the command's help",
        arguments: [
            (["import", "a.pdf"], "missing '--to DIR'"),
            (["export", "--to", "/tmp"], "expected at least one FILE"),
            (["list", "--sort", "colour"], "'--sort' takes name, date or size, not 'colour'"),
            (["list", "--type", "pdf"], "'pdf' is not a MIME type"),
            (["move", "--type", "org.example.none", "a", "--to", "/tmp"], "'org.example.none' is not a known UTI"),
            (["list", "--bogus"], "unknown option '--bogus'"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc(arguments, environment: systemDatabaseEnvironment(tree))
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("assoc: " + message))
        #expect(result.standardError.contains("See 'assoc \(arguments[0]) --help'."))
        #expect(result.standardOutput.isEmpty)
    }

    @Test(
        "each new command has --help and a man page, and assoc --help lists it", arguments: ["list", "import", "export", "move"])
    func help(command: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let result = try ProcessRunner.assoc([command, "--help"], environment: tree.variables())
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: assoc \(command)"))
        #expect(FileManager.default.fileExists(atPath: Corpus.packageRoot + "/man/assoc-\(command).1"))
        let main = try ProcessRunner.assoc(["--help"], environment: tree.variables())
        #expect(main.standardOutput.contains("\n  \(command) "))
    }
}

/// The names in a directory, sorted.
func entries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}
