import Foundation

/// A program run in a real terminal: a detached `tmux` session on a private socket, driven with
/// `send-keys` and read with `capture-pane`, for end-to-end tests of full-screen commands.
///
/// The program runs with exactly the environment given (through `env -i`), its standard output
/// and error go to files, and its exit status is written when it ends, so a test reads what a
/// script piping the picker would get.
public final class TmuxSession {
    /// Whether `tmux` is installed; tests of screens are skipped without it.
    public static var isAvailable: Bool { Corpus.program("tmux") != nil }

    private let tmux: String
    private let socket: String
    /// The tmux server's socket, for `tmux -S` commands of a test (a terminal command that opens windows here).
    public var socketPath: String { socket }
    private let scratch: String

    /// Starts `arguments` (the first is the program) in a `columns` × `lines` terminal, in
    /// `directory`, with `environment` and `TERM` (default `tmux-256color`).
    ///
    /// - Throws: `SetupError` when tmux is missing or does not start.
    public init(
        _ arguments: [String], environment: [String: String], directory: String, lines: Int = 30,
        columns: Int = 100
    ) throws {
        guard let tmux = Corpus.program("tmux") else { throw SetupError("tmux is not installed") }
        self.tmux = tmux
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-tmux-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        socket = scratch + "/socket"
        var variables = environment
        if variables["TERM"] == nil { variables["TERM"] = "tmux-256color" }
        let words = ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + arguments
        let script = """
            cd \(Self.quoted(directory)) || exit 99
            \(words.map(Self.quoted).joined(separator: " ")) >\(Self.quoted(scratch + "/out")) 2>\(Self.quoted(scratch + "/err"))
            echo $? >\(Self.quoted(scratch + "/status.tmp")) && mv \(Self.quoted(scratch + "/status.tmp")) \(Self.quoted(scratch + "/status"))
            """
        try script.write(toFile: scratch + "/run.sh", atomically: true, encoding: .utf8)
        let status = ProcessRunner.spawnAndWait(
            tmux,
            [
                "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(columns),
                "-y", String(lines), "/bin/sh " + scratch + "/run.sh",
            ])
        guard status == 0 else { throw SetupError("tmux did not start (status \(status))") }
    }

    deinit {
        _ = ProcessRunner.spawnAndWait(tmux, ["-S", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Sends keys by tmux's names (`Enter`, `Escape`, `Tab`, `Down`, `BSpace`, `Space`) or as literal text with `literal`.
    public func send(_ keys: String..., literal: Bool = false) throws {
        let status = ProcessRunner.spawnAndWait(tmux, ["-S", socket, "send-keys"] + (literal ? ["-l"] : []) + keys)
        guard status == 0 else { throw SetupError("send-keys \(keys) failed (status \(status))") }
    }

    /// The screen's text now; with `attributes`, with the escape sequences of its attributes (`-e`).
    public func capture(attributes: Bool = false) throws -> String {
        let result = try ProcessRunner.run(
            tmux, ["-S", socket, "capture-pane", "-p"] + (attributes ? ["-e"] : []),
            environment: ["PATH": "/usr/bin:/bin"], timeout: 5)
        return result.standardOutput
    }

    /// Waits until the screen shows `text` and has settled (two captures in a row alike, so that a
    /// redraw caught half-written, its first lines new and the rest old, is never returned), and
    /// returns the screen.
    ///
    /// - Throws: `SetupError` with the last screen when it does not within `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        var previous: String?
        while Date() < deadline {
            screen = (try? capture()) ?? ""
            if screen.contains(text) {
                if screen == previous { return screen }
                previous = screen
            } else {
                previous = nil
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw SetupError("the screen never showed '\(text)'; it shows:\n\(screen)")
    }

    /// Waits for the program to end: its exit status, standard output and standard error.
    ///
    /// - Throws: `SetupError` when it is still running after `timeout` seconds.
    public func waitForExit(timeout: Double = 10) throws -> ProcessResult {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = try? String(contentsOfFile: scratch + "/status", encoding: .utf8) {
                let out = (try? Data(contentsOf: URL(fileURLWithPath: scratch + "/out"))) ?? Data()
                let err = (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? ""
                return ProcessResult(
                    standardOutput: String(decoding: out, as: UTF8.self), standardError: err,
                    status: Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw SetupError("the program did not end; the screen shows:\n\((try? capture()) ?? "")")
    }

    /// The raw bytes of what the program printed (for `-0`), once it has ended.
    public var outputBytes: [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: scratch + "/out"))) ?? Data()) }

    private static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
