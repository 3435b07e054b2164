import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What a command may know of the process it runs in, given by the front end: the working
/// directory and which standard streams are terminals (for the real process, each asked of the
/// system when a command first wants it). Commands ask this value, never `getcwd` or `isatty`,
/// so tests run them in-process with any answers.
public struct ProcessState: Sendable, Equatable {
    /// The working directory, for paths given relative to it.
    public var workingDirectory: String {
        get { directory ?? Self.currentDirectory() }
        set { directory = newValue }
    }
    /// Whether standard input is a terminal.
    public var inputIsTerminal: Bool {
        get { input ?? Self.isTerminal(0) }
        set { input = newValue }
    }
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool {
        get { output ?? Self.isTerminal(1) }
        set { output = newValue }
    }
    /// Whether standard error is a terminal.
    public var errorIsTerminal: Bool {
        get { error ?? Self.isTerminal(2) }
        set { error = newValue }
    }
    /// What is known; nil for what of this process is not asked about yet, which `getcwd` and
    /// `isatty` answer when a command asks (most never do: a system call each saved).
    private var directory: String?
    private var input: Bool?
    private var output: Bool?
    private var error: Bool?

    /// A state with no terminal; the working directory `/` unless given.
    public init(
        workingDirectory: String = "/", inputIsTerminal: Bool = false, outputIsTerminal: Bool = false,
        errorIsTerminal: Bool = false
    ) {
        self.init(directory: workingDirectory, input: inputIsTerminal, output: outputIsTerminal, error: errorIsTerminal)
    }

    private init(directory: String?, input: Bool?, output: Bool?, error: Bool?) {
        self.directory = directory
        self.input = input
        self.output = output
        self.error = error
    }

    /// This process's state; `outputIsTerminal` when the caller knows it already (the
    /// standard-streams `OutputSink` asks). The rest is asked of the system when first needed.
    public static func current(outputIsTerminal: Bool? = nil) -> ProcessState {
        ProcessState(directory: nil, input: nil, output: outputIsTerminal, error: nil)
    }

    private static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The working directory, `/` when it cannot be told.
    private static func currentDirectory() -> String {
        // getcwd(3) with no buffer allocates one of the directory's length.
        guard let name = getcwd(nil, 0) else { return "/" }
        defer { free(name) }
        return PathCoding.decode(cString: name)
    }
}
