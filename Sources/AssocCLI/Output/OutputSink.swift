import Synchronization
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a command writes: results to standard output, messages to standard error.
///
/// The real process uses `standardStreams`.
///
/// Results are written as bytes: text as its UTF-8, except that a name printed with
/// `untrustedLine` to a pipe or a file is its own bytes (`PathCoding.encode`), so a program
/// reading the output gets back exactly the names; on a terminal it is escaped instead.
public final class OutputSink: @unchecked Sendable {
    private let writeOut: (UnsafeBufferPointer<UInt8>) -> Void
    private let writeError: (String) -> Void
    /// Whether standard output is a terminal (names are then escaped).
    public let isTerminal: Bool

    /// Creates a sink from two writers.
    public init(isTerminal: Bool = false, out: @escaping ([UInt8]) -> Void, error: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.writeOut = { out(Array($0)) }
        self.writeError = error
    }

    /// Creates a sink whose results writer borrows each line's bytes.
    private init(
        isTerminal: Bool, borrowingOut out: @escaping (UnsafeBufferPointer<UInt8>) -> Void, error: @escaping (String) -> Void
    ) {
        self.isTerminal = isTerminal
        self.writeOut = out
        self.writeError = error
    }

    /// The process's standard output (buffered, flushed by `flush()` and when large) and standard error.
    public static var standardStreams: OutputSink {
        let buffer = StandardOutputBuffer()
        let sink = OutputSink(
            isTerminal: isatty(1) == 1, borrowingOut: { buffer.append($0) }, error: { write(2, Array($0.utf8)) })
        sink.flusher = { buffer.flush() }
        return sink
    }

    private var flusher: (() -> Void)?

    /// Writes out whatever results are still buffered.
    public func flush() { flusher?() }

    /// Writes one line of results, or text with another ending: text assoc composed, which may
    /// span lines (help, a diff). On a terminal each of its lines is escaped as names are
    /// (`Terminal.sanitizedLines`), so that nothing from outside inside it reaches the terminal
    /// raw; a line that carries a name, a desktop ID, a type or a comment is written with
    /// `untrustedLine`, which escapes line feeds too.
    public func line(_ text: String, terminator: String = "\n") {
        var text = isTerminal ? Terminal.sanitizedLines(text) : text
        var terminator = terminator
        text.withUTF8 { text in terminator.withUTF8 { write(text, then: $0) } }
    }

    /// Writes one line of results: escaped when standard output is a terminal, else with each
    /// name's own bytes; `terminator` is the byte that ends it (a NUL for `-0`).
    public func untrustedLine(_ text: String, terminator: UInt8 = 0x0A) {
        let bytes = isTerminal ? Array(Terminal.sanitized(text).utf8) : PathCoding.encode(text)
        bytes.withUnsafeBufferPointer { bytes in
            withUnsafeBytes(of: terminator) { write(bytes, then: $0.bindMemory(to: UInt8.self)) }
        }
    }

    /// Writes one line of results that starts with a name's own bytes, then `separator` and
    /// `text` (UTF-8 that carries no byte, such as ": " and a type), then a line feed: the line
    /// of `untrustedLine` for the name decoded and the texts, built without a string on the way
    /// to a pipe or a file.
    public func untrustedLine(name: UnsafeBufferPointer<UInt8>, then separator: String, _ text: String) {
        if isTerminal { return untrustedLine(PathCoding.decode(name) + separator + text) }
        var separator = separator
        var text = text
        separator.withUTF8 { separator in
            text.withUTF8 { text in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: separator.count + text.count + 1) { tail in
                    _ = tail.initialize(fromContentsOf: separator)
                    _ = UnsafeMutableBufferPointer(rebasing: tail[separator.count...]).initialize(fromContentsOf: text)
                    tail[separator.count + text.count] = 0x0A
                    write(name, then: UnsafeBufferPointer(tail))
                }
            }
        }
    }

    /// Hands `head` and `tail` to the results writer as one line, so that lines written from
    /// several threads never interleave.
    private func write(_ head: UnsafeBufferPointer<UInt8>, then tail: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head.count + tail.count) { line in
            if let base = head.baseAddress { line.baseAddress!.initialize(from: base, count: head.count) }
            if let base = tail.baseAddress { (line.baseAddress! + head.count).initialize(from: base, count: tail.count) }
            writeOut(UnsafeBufferPointer(line))
        }
    }

    /// Writes `assoc: message` to standard error, on one line: control characters, line feeds
    /// and bidirectional controls in it (from a name it quotes) are escaped, on a terminal or
    /// not, so that a name cannot print a line of its own that reads as assoc's.
    public func error(_ message: String) { writeError("assoc: " + Terminal.sanitized(message) + "\n") }

    /// Writes an error that was thrown: its message on one line as `error(_:)` does and, for a
    /// usage error, the pointer to the help on the next.
    public func error(_ error: any Error) {
        guard let usage = error as? UsageError else { return self.error("\(error)") }
        self.error(usage.message)
        writeError(usage.hint + "\n")
    }

    /// Writes `assoc: warning: message` to standard error, on one line, escaped as `error(_:)` is.
    public func warning(_ message: String) { writeError("assoc: warning: " + Terminal.sanitized(message) + "\n") }

    /// Writes raw text to standard error (help after a usage error).
    public func errorText(_ text: String) { writeError(text) }

    fileprivate static func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(descriptor, $0) }
    }

    fileprivate static func write(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
        // A closed pipe: stop quietly, as ripgrep does.
        try? DescriptorIO.writeAll(descriptor, UnsafeRawBufferPointer(buffer))
    }
}

/// Collects standard output so that bulk results cost one system call per 64 KiB, not per line.
private final class StandardOutputBuffer {
    private var pending: [UInt8] = []

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        if pending.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        OutputSink.write(1, pending)
        pending.removeAll(keepingCapacity: true)
    }
}

extension OutputSink {
    /// A sink that keeps what a command prints, for tests that run `AssocCLI.run` in-process.
    public static func capturing(isTerminal: Bool = false) -> (sink: OutputSink, captured: CapturedOutput) {
        let captured = CapturedOutput()
        let sink = OutputSink(isTerminal: isTerminal, out: { captured.append(out: $0) }, error: { captured.append(error: $0) })
        return (sink, captured)
    }
}

/// What a capturing `OutputSink` was given.
public final class CapturedOutput: Sendable {
    /// What was written, behind a mutex: bulk typing prints from several threads.
    private let captured = Mutex((out: [UInt8](), error: ""))

    /// Standard output so far, as bytes.
    public var standardOutputBytes: [UInt8] { captured.withLock { $0.out } }
    /// Standard output so far, decoded as UTF-8.
    public var standardOutput: String { String(decoding: standardOutputBytes, as: UTF8.self) }
    /// Standard error so far.
    public var standardError: String { captured.withLock { $0.error } }

    fileprivate func append(out bytes: [UInt8]) { captured.withLock { $0.out += bytes } }
    fileprivate func append(error text: String) { captured.withLock { $0.error += text } }
}
