import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Launcher {
    /// The most bytes of standard output `run` takes from a program.
    public static let captureLimit = 1 << 20

    /// Runs `argv` directly (never through a shell) to ask it something and captures its
    /// standard output: `input`, when given, is written to its standard input (else it reads
    /// /dev/null), while its output is read, so that neither side waits on a full pipe. Its
    /// standard error is dropped unless `showsErrors`. With `timeout` (milliseconds) it gets that
    /// long in all: after that it is killed. The child starts with `SIGPIPE` at its default, as a
    /// program expects, whatever this process does with it.
    ///
    /// - Throws: `CaptureError` naming the program: not on `PATH`, not started, killed at the
    ///   deadline, or more than `captureLimit` bytes of output (killed too).
    public func run(
        _ argv: [String], input: [UInt8]? = nil, timeout: Int? = nil, showsErrors: Bool = false
    ) throws(CaptureError) -> CapturedRun {
        guard let program = argv.first, let path = applications.findProgram(program) else {
            throw .notFound(program: argv.first ?? "")
        }
        let deadline = timeout.map { MonotonicClock.milliseconds + Int64($0) }
        var child = try ChildPipes.open(path: path, feedsInput: input != nil)
        let pid = try child.spawn(path: path, argv: argv, environment: environment.variables, showsErrors: showsErrors)
        var failure = child.exchange(input ?? [], deadline: deadline, limit: Self.captureLimit)
        child.closeAll()
        if failure != nil { kill(pid, SIGKILL) }
        let (status, late) = Self.reap(pid, deadline: failure == nil ? deadline : nil)
        if late { failure = failure ?? .timedOut }
        switch failure {
        case .timedOut: throw .timedOut(program: path, milliseconds: timeout ?? 0)
        case .tooLarge: throw .outputTooLarge(program: path, limit: Self.captureLimit)
        case nil: return CapturedRun(output: child.output, status: (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1)
        }
    }

    /// Runs `argv` (no shell) to ask it something: standard input from /dev/null, standard error
    /// dropped, standard output captured (at most `captureLimit` bytes). It gets `timeout`
    /// milliseconds in all; after that it is killed and the answer is nil, so a question never
    /// blocks long.
    ///
    /// - Returns: The output and the exit status, or nil when the program is not on `PATH`, cannot
    ///   start, does not finish in time or writes too much.
    public func capture(_ argv: [String], timeout: Int32) -> (output: String, status: Int32)? {
        guard let result = try? run(argv, timeout: Int(timeout)) else { return nil }
        return (result.text, result.status)
    }

    /// Runs `argv` (no shell) with `input` on its standard input and returns its standard output
    /// and exit status: how a menu program such as `fzf` or `rofi -dmenu` is asked to choose. It
    /// has all the time it needs, and its standard error is the terminal's. An answer larger than
    /// `captureLimit` is no answer: empty output, status -1.
    ///
    /// - Throws: `LaunchError.spawnFailed` when the program is missing or cannot be started.
    public func ask(_ argv: [String], input: String) throws(LaunchError) -> (output: String, status: Int32) {
        do {
            let result = try run(argv, input: Array(input.utf8), showsErrors: true)
            return (result.text, result.status)
        } catch .notFound(let program) {
            throw .spawnFailed(app: "selector", program: program, reason: "not found on PATH")
        } catch .cannotStart(let program, let reason) {
            throw .spawnFailed(app: "selector", program: program, reason: reason)
        } catch {
            return ("", -1)
        }
    }

    /// Waits for `pid` to end and gives its wait status; with a deadline, kills it when the
    /// deadline passes first (it closed its output but went on) and says it was late.
    private static func reap(_ pid: pid_t, deadline: Int64?) -> (status: Int32, late: Bool) {
        var status: Int32 = 0
        var late = false
        if let deadline {
            while true {
                let found = waitpid(pid, &status, WNOHANG)
                if found == pid { return (status, false) }
                if found < 0 && errno != EINTR { return (status, false) }
                if MonotonicClock.milliseconds >= deadline {
                    kill(pid, SIGKILL)
                    late = true
                    break
                }
                var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
                nanosleep(&pause, nil)
            }
        }
        return (DescriptorIO.waitForExit(pid) ?? status, late)
    }
}
