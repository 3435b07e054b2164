import Foundation

/// A program run in a real terminal: a detached `tmux` session on a private socket, driven with
/// `send-keys` and read with `capture-pane`, for end-to-end tests of full-screen commands.
///
/// The program runs with exactly the environment given (through `env -i`), its standard output
/// and error go to files, and its exit status is written when it ends, so a test reads what a
/// script piping the picker would get. With `outputToTerminal`, its standard output and error are
/// the pane itself, and the pane stays after the program ends, for a test of what a person sees.
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
    /// - Parameters:
    ///   - outputToTerminal: the program writes its standard output and error to the pane, not
    ///     to files (`waitForExit` then reads neither), and the pane is kept when it ends.
    ///   - options: tmux commands run before the program starts (`set -g set-clipboard on`).
    /// - Throws: `SetupError` when tmux is missing or does not start.
    public init(
        _ arguments: [String], environment: [String: String], directory: String, lines: Int = 30,
        columns: Int = 100, outputToTerminal: Bool = false, options: [String] = []
    ) throws {
        guard let tmux = Corpus.program("tmux") else { throw SetupError("tmux is not installed") }
        self.tmux = tmux
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("assoc-tmux-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        socket = scratch + "/socket"
        var variables = environment
        if variables["TERM"] == nil { variables["TERM"] = "tmux-256color" }
        let words = ["env", "-i"] + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + arguments
        let redirections =
            outputToTerminal ? "" : " >\(Self.quoted(scratch + "/out")) 2>\(Self.quoted(scratch + "/err"))"
        // A pane that shows the output says when it is all there, and is kept until the server
        // is killed: the shell waits on.
        let keep = outputToTerminal ? "\nprintf '\\n%s\\n' \(Self.quoted(Self.endMarker))\nexec sleep 86400" : ""
        let script = """
            cd \(Self.quoted(directory)) || exit 99
            \(words.map(Self.quoted).joined(separator: " "))\(redirections)
            echo $? >\(Self.quoted(scratch + "/status.tmp")) && mv \(Self.quoted(scratch + "/status.tmp")) \(Self.quoted(scratch + "/status"))\(keep)
            """
        try script.write(toFile: scratch + "/run.sh", atomically: true, encoding: .utf8)
        // The options are read as the server starts, before the program's first byte.
        try options.joined(separator: "\n").write(toFile: scratch + "/tmux.conf", atomically: true, encoding: .utf8)
        let status = ProcessRunner.spawnAndWait(
            tmux,
            [
                "-S", socket, "-f", scratch + "/tmux.conf", "new-session", "-d", "-x", String(columns),
                "-y", String(lines), "/bin/sh " + scratch + "/run.sh",
            ])
        guard status == 0 else { throw SetupError("tmux did not start (status \(status))") }
    }

    deinit {
        _ = ProcessRunner.spawnAndWait(tmux, ["-S", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// The line a pane that shows the output (`outputToTerminal`) prints after the program
    /// ended: once `waitFor` sees it, everything the program wrote is on the pane.
    public static let endMarker = "[the program ended]"

    /// Sends keys by tmux's names (`Enter`, `Escape`, `Tab`, `Down`, `BSpace`, `Space`) or as literal text with `literal`.
    public func send(_ keys: String..., literal: Bool = false) throws {
        let status = ProcessRunner.spawnAndWait(tmux, ["-S", socket, "send-keys"] + (literal ? ["-l"] : []) + keys)
        guard status == 0 else { throw SetupError("send-keys \(keys) failed (status \(status))") }
    }

    /// The screen's text now; with `attributes`, with the escape sequences of its attributes (`-e`);
    /// with `history`, from the first line scrolled off the top, each wrapped line joined (`-S - -J`).
    public func capture(attributes: Bool = false, history: Bool = false) throws -> String {
        let result = try ProcessRunner.run(
            tmux, ["-S", socket, "capture-pane", "-p"] + (attributes ? ["-e"] : []) + (history ? ["-S", "-", "-J"] : []),
            environment: ["PATH": "/usr/bin:/bin"], timeout: 5)
        return result.standardOutput
    }

    /// What a tmux command of this server prints (`list-buffers`, `display-message -p '#{pane_title}'`).
    public func tmuxOutput(_ arguments: [String]) throws -> String {
        try ProcessRunner.run(tmux, ["-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin"], timeout: 5)
            .standardOutput
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
