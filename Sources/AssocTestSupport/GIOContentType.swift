import Foundation

/// GLib's content-type guess as a program, to compare assoc with: the shared folder's
/// `tools/gio-content-type.c`, built once per test process with gcc and pkg-config's `gio-2.0`
/// into a temporary directory.
public enum GIOContentType {
    /// What GLib is given of each file.
    public enum Mode: String, Sendable {
        /// The name alone (`g_content_type_guess(name, NULL, 0)`).
        case name = "N"
        /// The first 4096 bytes alone.
        case data = "D"
        /// The name and the first 4096 bytes.
        case file = "F"
    }

    /// The built program, or nil when its source, gcc, pkg-config or GLib's headers are missing:
    /// the tests that need it are then skipped.
    public static let executable: String? = build()

    private static func build() -> String? {
        guard let corpus = Corpus.root else { return nil }
        let source = URL(fileURLWithPath: corpus).deletingLastPathComponent().appendingPathComponent("tools/gio-content-type.c")
            .path
        guard FileManager.default.fileExists(atPath: source), let gcc = Corpus.program("gcc"),
            let pkgConfig = Corpus.program("pkg-config")
        else { return nil }
        let environment = ["PATH": "/usr/bin:/bin"]
        guard let flags = try? ProcessRunner.run(pkgConfig, ["--cflags", "--libs", "gio-2.0"], environment: environment),
            flags.status == 0
        else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-gio-content-type-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent("gio-content-type").path
        let arguments =
            ["-O2", source, "-o", output] + flags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let compiled = try? ProcessRunner.run(gcc, arguments, environment: environment), compiled.status == 0,
            FileManager.default.isExecutableFile(atPath: output)
        else { return nil }
        return output
    }

    /// GLib's type of each of `paths` (which must not hold a tab or a line feed) in `mode`, in
    /// order, with exactly `environment` (its XDG variables say which database GLib reads).
    ///
    /// - Throws: when the program is not built, cannot run, or answers for other paths.
    public static func guess(_ paths: [String], mode: Mode, environment: [String: String]) throws -> [String] {
        guard let executable else { throw SetupError("gio-content-type could not be built") }
        // The paths go through a file, so that a long list never waits on a full pipe.
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-gio-list-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: list) }
        try Data(paths.flatMap { Array($0.utf8) + [0] }).write(to: list)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-m", mode.rawValue, "-0"]
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: list)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard process.terminationStatus == 0, lines.count == paths.count else {
            throw SetupError("gio-content-type answered \(lines.count) of \(paths.count) paths")
        }
        return zip(lines, paths).map { line, path in
            line.hasPrefix(path + "\t") ? String(line.dropFirst(path.count + 1)) : "(for another path) " + line
        }
    }
}
