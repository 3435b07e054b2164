/// Whether data looks like text, for the last fallback of detection (SPECS rule 24).
enum TextHeuristic {
    /// Text when either test passes, as in GLib, which the reference suite and GIO agree with:
    /// the specification's test (no control character but tab, line feed and carriage return in
    /// the first 128 bytes, as xdgmime reads "control": bytes below 32), or, when that fails,
    /// GLib's whole-buffer test (no control character in the first 4096 bytes but tab, line feed,
    /// form feed, carriage return and backspace). Bytes above 127 count as text.
    static func looksLikeText(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
        if !data.prefix(128).contains(where: { $0 < 32 && $0 != 9 && $0 != 10 && $0 != 13 }) { return true }
        return !data.prefix(4096).contains { ($0 < 32 || $0 == 127) && $0 != 8 && $0 != 9 && $0 != 10 && $0 != 12 && $0 != 13 }
    }
}
