/// The bytes libFuzzer hands a target, consumed from the front to make choices.
///
/// A target takes a few bytes to pick an operation or a size, then uses the rest as the file's
/// contents, so that one input describes one whole case and the seeds stay plain files.
struct FuzzInput {
    private(set) var bytes: ArraySlice<UInt8>

    init(_ start: UnsafeRawPointer?, _ count: Int) {
        bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count))[...] } ?? []
    }

    /// The next byte, or 0 when none is left.
    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// The next `count` bytes (fewer when the input runs out).
    mutating func take(_ count: Int) -> [UInt8] {
        let taken = bytes.prefix(max(count, 0))
        bytes = bytes.dropFirst(taken.count)
        return Array(taken)
    }

    /// Everything not consumed yet.
    var rest: [UInt8] { Array(bytes) }
}

/// Stops the run with a message: libFuzzer records the input as a crash.
func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("fuzz invariant broken: \(message)", file: file, line: line)
}

/// Splits text into its lines without their line feeds, as `KeyFile` numbers them.
///
/// Split on the byte 0x0A, never on Characters, where `\r\n` is one.
func fuzzLines(_ text: String) -> [String] {
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if text.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
    return text.isEmpty ? [] : lines.map { String(decoding: $0, as: UTF8.self) }
}
