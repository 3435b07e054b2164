import XDGSupport

/// The lines of one generated text file that were ignored, reported as one warning naming the
/// first of them, so that a file of garbage is one message, not thousands.
struct LineProblems {
    /// The file.
    let path: String
    private var first: (line: Int, message: String)?
    private var count = 0

    init(path: String) {
        self.path = path
    }

    /// Records that `line` was ignored because of `message`.
    mutating func add(line: Int, _ message: String) {
        if first == nil { first = (line, message) }
        count += 1
    }

    /// The warning, if a line was ignored.
    var diagnostic: Diagnostic? {
        guard let first else { return nil }
        let more = count > 1 ? " (and \(count - 1) more \(count == 2 ? "line" : "lines") ignored)" : ""
        return Diagnostic(path: path, line: first.line, message: "\(first.message); line ignored\(more)")
    }
}
