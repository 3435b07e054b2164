import AssocTestSupport
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Creates a file whose name is exactly `name` (bytes, not necessarily UTF-8) in `directory`.
func createFile(named name: [UInt8], in directory: String, contents: String) throws {
    let path = Array(directory.utf8) + [0x2F] + name
    let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
    try #require(descriptor >= 0, "cannot create a file with a byte name: \(String(cString: strerror(errno)))")
    defer { close(descriptor) }
    #expect(Array(contents.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == contents.utf8.count)
}

/// The names in `directory` as the bytes they are on disk.
func byteEntries(_ directory: String) throws -> [[UInt8]] {
    try FileBytes.directoryEntries(directory).map(PathCoding.encode)
}

@Suite("names that are not UTF-8, run as processes", .enabled(if: hasSystemDatabase))
struct ByteNameCommandTests {
    let realScalar: [UInt8] = Array("x".utf8) + [0xF4, 0x8F, 0xBF, 0xBF] + Array(".txt".utf8)
    let invalidByte: [UInt8] = Array("x".utf8) + [0xFF] + Array(".txt".utf8)

    /// Runs `assoc WORDS` in `directory`, a word `%s` replaced by the bytes of `name`: a process's
    /// arguments are bytes, so the shell's printf makes them.
    /// With `output`, standard output goes to that file, whose bytes the caller reads.
    func assoc(
        _ words: [String], name: [UInt8] = [], in directory: String, tree: TemporaryXDGTree,
        output: String? = nil
    ) throws -> ProcessResult {
        let octal = name.map { "\\" + String($0, radix: 8) }.joined()
        let arguments = words.map { $0 == "%s" ? "\"$(printf '\(octal)')\"" : "'\($0)'" }.joined(separator: " ")
        var environment = systemDatabaseEnvironment(tree)
        environment["ASSOC"] = ProcessRunner.assocExecutable
        let redirect = output.map { " > '\($0)'" } ?? ""
        return try ProcessRunner.run(
            "/bin/sh", ["-c", "exec \"$ASSOC\" " + arguments + redirect], environment: environment,
            directory: directory)
    }

    @Test("move of the name with a real U+10FFFF moves that file, not the one whose name has the byte FF")
    func moveTakesTheNamedFile() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.makeDirectory("src")
        try tree.makeDirectory("src/d")
        try createFile(named: realScalar, in: source, contents: "real scalar\n")
        try createFile(named: invalidByte, in: source, contents: "invalid byte\n")
        let result = try assoc(["move", "%s", "--to", "d"], name: realScalar, in: source, tree: tree)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try byteEntries(source + "/d") == [realScalar])
        #expect(try byteEntries(source).contains(invalidByte))
        #expect(try String(contentsOfFile: source + "/d/x\u{10FFFF}.txt", encoding: .utf8) == "real scalar\n")
    }

    @Test("printed to a file, not a terminal, a name is its own bytes, not the characters that carry them")
    func plainOutputIsBytes() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.makeDirectory("src")
        try createFile(named: invalidByte, in: source, contents: "text\n")
        let output = tree.path("out.txt")
        let result = try assoc(["type", "%s"], name: invalidByte, in: source, tree: tree, output: output)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.contents(atPath: output).map(Array.init) == invalidByte + Array(": text/plain\n".utf8))
    }

    @Test("type --json gives each such name its exact bytes in path_bytes, and a UTF-8 name none")
    func jsonCarriesBytes() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.makeDirectory("src")
        try createFile(named: realScalar, in: source, contents: "one\n")
        try createFile(named: invalidByte, in: source, contents: "two\n")
        try tree.write("src/plain.txt", "three\n")
        let result = try assoc(["type", "--json", "-r", "."], in: source, tree: tree)
        #expect(result.status == 0, "\(result.standardError)")
        var found: [[UInt8]] = []
        for object in try jsonLines(result.standardOutput) {
            let path = try #require(object["path"] as? String)
            if let encoded = object["path_bytes"] as? String {
                let bytes = try #require(Data(base64Encoded: encoded).map(Array.init))
                #expect(bytes.starts(with: Array("./".utf8)))
                found.append(Array(bytes.dropFirst(2)))
            } else {
                #expect(path == "./plain.txt")
            }
        }
        #expect(Set(found) == [realScalar, invalidByte])
    }
}
