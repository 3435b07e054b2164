/// What a program run to answer a question gave back (`Launcher.run`).
public struct CapturedRun: Sendable, Equatable {
    /// Everything it wrote to its standard output.
    public var output: [UInt8]
    /// Its exit status, or -1 when a signal ended it.
    public var status: Int32

    /// Creates a result.
    public init(output: [UInt8], status: Int32) {
        self.output = output
        self.status = status
    }

    /// The output as text (invalid UTF-8 replaced).
    public var text: String { String(decoding: output, as: UTF8.self) }
}

/// Why a program run to answer a question gave no answer.
public enum CaptureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program is not on `PATH` (or, given with a `/`, is not an executable file).
    case notFound(program: String)
    /// The program was found but could not be started.
    case cannotStart(program: String, reason: String)
    /// It did not finish within its time; it was killed.
    case timedOut(program: String, milliseconds: Int)
    /// It wrote more than the output limit; it was killed.
    case outputTooLarge(program: String, limit: Int)

    /// The program named by the error, as given or as found on `PATH`.
    public var program: String {
        switch self {
        case .notFound(let program), .cannotStart(let program, _), .timedOut(let program, _), .outputTooLarge(let program, _):
            return program
        }
    }

    /// The message, naming the program.
    public var description: String {
        switch self {
        case .notFound(let program): return "cannot run '\(program)': not found on PATH"
        case .cannotStart(let program, let reason): return "cannot start '\(program)': \(reason)"
        case .timedOut(let program, let milliseconds):
            return "'\(program)' did not finish within \(milliseconds) ms and was stopped"
        case .outputTooLarge(let program, let limit):
            return "'\(program)' wrote more than \(limit) bytes and was stopped"
        }
    }
}
