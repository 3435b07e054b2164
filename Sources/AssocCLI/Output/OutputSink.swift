#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a command writes: results to standard output, messages to standard error.
///
/// The real process uses `standardStreams`; tests use `capture()` to read what a command printed.
public final class OutputSink: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void
    /// Whether standard output is a terminal (names are then escaped).
    public let isTerminal: Bool

    /// Creates a sink from two writers.
    public init(isTerminal: Bool = false, out: @escaping (String) -> Void, error: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.writeOut = out
        self.writeError = error
    }

    /// The process's standard output (buffered, flushed by `flush()` and when large) and standard error.
    public static var standardStreams: OutputSink {
        let buffer = StandardOutputBuffer()
        let sink = OutputSink(isTerminal: isatty(1) == 1, out: { buffer.append($0) }, error: { write(2, $0) })
        sink.flusher = { buffer.flush() }
        return sink
    }

    private var flusher: (() -> Void)?

    /// Writes out whatever results are still buffered.
    public func flush() { flusher?() }

    /// Writes one line of results, or text with another ending.
    public func line(_ text: String, terminator: String = "\n") { writeOut(text + terminator) }

    /// Writes one line of results, escaped when standard output is a terminal.
    public func untrustedLine(_ text: String) { writeOut((isTerminal ? Terminal.sanitized(text) : text) + "\n") }

    /// Writes `assoc: message` to standard error.
    public func error(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { Terminal.sanitized(String($0)) }
        writeError("assoc: " + lines.joined(separator: "\n") + "\n")
    }

    /// Writes `assoc: warning: message` to standard error.
    public func warning(_ message: String) { writeError("assoc: warning: " + Terminal.sanitized(message) + "\n") }

    /// Writes raw text to standard error (help after a usage error).
    public func errorText(_ text: String) { writeError(text) }

    fileprivate static func write(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }  // a closed pipe: stop quietly, as ripgrep does
                offset += written
            }
        }
    }
}

/// Collects standard output so that bulk results cost one system call per 64 KiB, not per line.
private final class StandardOutputBuffer {
    private var pending = ""

    func append(_ text: String) {
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        OutputSink.write(1, pending)
        pending = ""
    }
}
