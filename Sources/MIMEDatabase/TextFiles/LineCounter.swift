/// Counts the lines of a byte buffer as a position moves forward through it.
struct LineCounter {
    /// The 1-based line of the position last advanced to.
    private(set) var line = 1
    private var counted = 0

    /// Counts the newlines before `position`, from where the last call stopped.
    mutating func advance(through position: Int, in bytes: [UInt8]) {
        guard position > counted else { return }
        for index in counted..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") { line += 1 }
        counted = position
    }
}
