/// Whether data looks like text, for the last fallback of detection (SPECS rule 24).
enum TextHeuristic {
    /// The spec's test: no ASCII control character other than tab, line feed, carriage return,
    /// form feed, vertical tab or backspace in the first 128 bytes; bytes above 127 count as text.
    static func looksLikeText(_ data: [UInt8]) -> Bool {
        for byte in data.prefix(128) where byte < 32 || byte == 127 {
            switch byte {
            case 9, 10, 11, 12, 13, 8: continue
            default: return false
            }
        }
        return true
    }
}
