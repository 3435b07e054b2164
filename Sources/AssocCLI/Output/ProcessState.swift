import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a command may know of the process it runs in, read once by the front end: the working
/// directory and which standard streams are terminals. Commands ask this value, never `getcwd`
/// or `isatty`, so tests run them in-process with any answers.
public struct ProcessState: Sendable, Equatable {
    /// The working directory, for paths given relative to it.
    public var workingDirectory: String
    /// Whether standard input is a terminal.
    public var inputIsTerminal: Bool
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public var errorIsTerminal: Bool

    /// A state with no terminal; the working directory `/` unless given.
    public init(
        workingDirectory: String = "/", inputIsTerminal: Bool = false, outputIsTerminal: Bool = false,
        errorIsTerminal: Bool = false
    ) {
        self.workingDirectory = workingDirectory
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// This process's state.
    public static func current() -> ProcessState {
        // getcwd(3) with no buffer allocates one of the directory's length.
        var directory = "/"
        if let name = getcwd(nil, 0) {
            directory = PathCoding.decode(cString: name)
            free(name)
        }
        return ProcessState(
            workingDirectory: directory, inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1,
            errorIsTerminal: isatty(2) == 1)
    }
}
