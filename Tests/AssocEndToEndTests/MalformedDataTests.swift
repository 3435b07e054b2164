import AssocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What one command must do in the malformed world.
struct MalformedCase: Sendable, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    /// Text standard output must contain.
    var output: String
    /// Which broken files the command reads, and so must warn about, each exactly once.
    var warnsAboutMIME = true
    var warnsAboutLists = false
    var warnsAboutEntries = false

    var description: String { "assoc " + arguments.joined(separator: " ") }
}

@Suite(
    "every command answers from the sound parts of broken data, warning once per broken file",
    .enabled(if: hasSystemDatabase))
struct MalformedDataTests {
    static let cases: [MalformedCase] = [
        MalformedCase(arguments: ["type", "SAMPLE"], status: 0, output: "sample.good: text/x-good"),
        MalformedCase(arguments: ["mime", "text/x-good3"], status: 0, output: "text/x-good3"),
        MalformedCase(arguments: ["is-a", "application/x-loop-a", "application/x-loop-b"], status: 0, output: ""),
        MalformedCase(arguments: ["is-a", "text/x-good2", "text/plain"], status: 0, output: ""),
        MalformedCase(arguments: ["default", "text/plain"], status: 0, output: "good.desktop\n", warnsAboutLists: true),
        MalformedCase(arguments: ["default", "SAMPLE"], status: 0, output: "good.desktop\n", warnsAboutLists: true),
        MalformedCase(arguments: ["apps", "text/x-good"], status: 0, output: "good.desktop", warnsAboutLists: true),
        MalformedCase(
            arguments: ["apps"], status: 0, output: "many-types.desktop", warnsAboutLists: true,
            warnsAboutEntries: true),
        MalformedCase(arguments: ["explain", "text/plain"], status: 0, output: "default: good.desktop", warnsAboutLists: true),
        MalformedCase(arguments: ["explain", "SAMPLE"], status: 0, output: "text/x-good", warnsAboutLists: true),
        MalformedCase(arguments: ["open", "--dry-run", "SAMPLE"], status: 0, output: "sample.good", warnsAboutLists: true),
        // The user's list is not UTF-8: rewriting it would change bytes it does not mean to.
        // The change is printed instead, and the status is 2.
        MalformedCase(arguments: ["set", "text/x-good", "good.desktop"], status: 2, output: "+++ ", warnsAboutLists: true),
    ]

    @Test("the command answers, exits as documented and names each broken file it reads once", arguments: cases)
    func command(_ testCase: MalformedCase) throws {
        let world = try MalformedWorld()
        defer { withExtendedLifetime(world) {} }
        let arguments = testCase.arguments.map { $0 == "SAMPLE" ? world.sample : $0 }
        let result = try ProcessRunner.assoc(arguments, environment: world.variables)
        #expect(result.status == testCase.status, "\(testCase): \(result.standardError)")
        if testCase.output.isEmpty {
            #expect(result.standardOutput.isEmpty, "\(testCase) printed \(result.standardOutput.prefix(500))")
        } else {
            #expect(result.standardOutput.contains(testCase.output), "\(testCase) printed \(result.standardOutput.prefix(500))")
        }
        var expected: [String: Bool] = [:]
        if testCase.warnsAboutMIME { expected.merge(world.brokenMIMEFiles) { $1 } }
        if testCase.warnsAboutLists { expected.merge(world.brokenLists) { $1 } }
        if testCase.warnsAboutEntries { expected.merge(world.brokenEntries) { $1 } }
        let warnings = result.standardError.split(separator: "\n").map(String.init)
        for (path, hasLine) in expected {
            let lines = warnings.filter { $0.contains(path + ":") }
            #expect(lines.count == 1, "\(testCase): \(lines.count) warnings name \(path)")
            if hasLine, let line = lines.first {
                #expect(
                    line.range(of: path + #":[0-9]+: "#, options: .regularExpression) != nil,
                    "\(testCase): the warning has no line: \(line)")
            }
        }
        // No warning names the same file twice, whatever the file.
        let perFile = Dictionary(grouping: warnings.filter { $0.hasPrefix("assoc: warning: /") }) {
            String($0.dropFirst("assoc: warning: ".count).prefix { $0 != ":" })
        }
        for (file, lines) in perFile { #expect(lines.count == 1, "\(testCase): \(file) is named \(lines.count) times") }
        for file in world.unreadableFiles where getuid() == 0 {
            // As root, mode 000 does not stop a read: the file is read like any other.
            #expect(!result.standardError.contains(file), "\(testCase): root was refused \(file)")
        }
    }

    @Test("assoc check names every broken file and exits 1")
    func check() throws {
        let world = try MalformedWorld()
        defer { withExtendedLifetime(world) {} }
        let result = try ProcessRunner.assoc(["check"], environment: world.variables)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "the problems are the report: \(result.standardError)")
        for (path, hasLine) in world.brokenMIMEFiles.merging(world.brokenLists, uniquingKeysWith: { $1 })
            .merging(world.brokenEntries, uniquingKeysWith: { $1 })
        {
            let lines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path + ":") }
            #expect(!lines.isEmpty, "check does not name \(path)")
            if hasLine {
                #expect(
                    lines.contains { $0.range(of: path + #":[0-9]+: "#, options: .regularExpression) != nil },
                    "check names \(path) without a line")
            }
        }
        #expect(result.standardOutput.contains("exec-syntax"), "the Exec that cannot be split")
        let json = try ProcessRunner.assoc(["check", "--json"], environment: world.variables)
        for line in json.standardOutput.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["severity"] is String && object?["path"] is String && object?["message"] is String)
            #expect(object?["line"] is Int || object?["line"] is NSNull)
        }
    }

    @Test(
        "files another user may not read are warned about once, and the rest still answers",
        .enabled(if: getuid() == 0 && Corpus.program("setpriv") != nil))
    func unreadableAsAnotherUser() throws {
        // Tests run as root, and mode 000 does not stop root; setpriv runs assoc as 'nobody'.
        let world = try MalformedWorld()
        defer { withExtendedLifetime(world) {} }
        let setpriv = try #require(Corpus.program("setpriv"))
        #expect(world.unreadableFiles.count == 3)
        for (arguments, file) in [
            (["type", world.sample], world.unreadableFiles[0]), (["apps"], world.unreadableFiles[1]),
            (["default", "text/plain"], world.unreadableFiles[2]),
        ] {
            let result = try ProcessRunner.run(
                setpriv,
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", "--",
                    ProcessRunner.assocExecutable,
                ] + arguments,
                environment: world.variables)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            let lines = result.standardError.split(separator: "\n").filter { $0.contains(file + ":") }
            #expect(lines.count == 1, "\(arguments): \(result.standardError)")
            #expect(lines.first?.contains("Permission denied") == true)
        }
    }

    @Test("a list of a million lines is read, and the answer found after it", .timeLimit(.minutes(2)))
    func millionLines() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.linkSystemMIMEDatabase()
        try tree.write("usr-share/applications/good.desktop", MalformedWorld.entry("Good"))
        let types = [
            "text/plain", "image/png", "image/jpeg", "application/pdf", "text/html", "audio/mpeg", "video/mp4",
            "application/zip", "text/x-python", "application/json",
        ]
        var block = ""
        for index in 0..<1000 { block += "\(types[index % types.count])=missing\(index).desktop;\n" }
        var data = Data("[Default Applications]\n".utf8)
        let blockData = Data(block.utf8)
        for _ in 0..<1000 { data.append(blockData) }
        data.append(Data("text/plain=good.desktop;\n".utf8))
        try data.write(to: URL(fileURLWithPath: try tree.makeDirectory("etc-xdg") + "/mimeapps.list"))
        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
        variables["PATH"] = "/usr/bin:/bin"
        let start = Date()
        let result = try ProcessRunner.assoc(["default", "text/plain"], environment: variables)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.standardOutput == "good.desktop\n", "\(result.standardError)")
        #expect(result.status == 0)
        // About 6 s in a debug build on a loaded machine of 2 cores, 0.5 s in release; it was 50 s.
        #expect(seconds < 60, "reading took \(seconds) s")
    }
}
