import Foundation

/// What a finished child process printed and how it exited.
public struct ProcessResult: Sendable {
    /// Standard output, decoded as UTF-8.
    public var standardOutput: String
    /// Standard error, decoded as UTF-8.
    public var standardError: String
    /// The exit status (the signal's number when `terminatedBySignal`).
    public var status: Int32
    /// Whether the process did not finish within its time limit and was killed.
    public var timedOut = false
    /// Whether a signal ended the process.
    public var terminatedBySignal = false
}

/// Runs programs with a completely replaced environment, as end-to-end tests need.
public enum ProcessRunner {
    /// The built `assoc` executable next to the test bundle.
    public static var assocExecutable: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [bundle.appendingPathComponent("assoc").path]
        // `swift test` runs the bundle from inside .build/<triple>/debug.
        candidates.append(Corpus.packageRoot + "/.build/debug/assoc")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// Runs `executable` with `arguments` and exactly `environment`, feeding `input` on standard input.
    ///
    /// It returns only when every process that holds a descriptor the child was given has ended or
    /// closed it, not only the child: standard output and error are read to their end, and
    /// Foundation's `Process` counts the child as running while the socket it watches is open. A
    /// program the child starts detached that keeps those descriptors (as `assoc open` starts an
    /// application) has therefore run to its end by the time this returns: what it wrote can be
    /// checked at once, and a file it would have written that is absent proves it did not run.
    ///
    /// With `timeout`, a process still running after that many seconds is killed and the result
    /// says `timedOut`: a test of hostile input fails instead of hanging.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: [UInt8]? = nil, directory: String? = nil,
        timeout: Double? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        let inPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        try process.run()
        let killed = LockedData()
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                guard process.isRunning else { return }
                killed.set(Data([1]))
                kill(process.processIdentifier, SIGKILL)
            }
        }
        if let input {
            try inPipe.fileHandleForWriting.write(contentsOf: Data(input))
            try inPipe.fileHandleForWriting.close()
        }
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        let errorData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(errPipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let output = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errorData.get(), as: UTF8.self),
            status: process.terminationStatus, timedOut: !killed.get().isEmpty,
            terminatedBySignal: process.terminationReason == .uncaughtSignal)
    }

    /// Runs `program` with /dev/null for its streams (or the files given) and waits for it with
    /// `waitpid`; returns its exit status, -1 when it did not start or was killed.
    ///
    /// Not through Foundation's `Process`: a server the program forks (tmux, dbus-daemon) keeps
    /// the descriptors it was given, and `Process` counts a child as running while any of them is
    /// open, so it would wait for the server to exit.
    public static func spawnAndWait(
        _ program: String, _ arguments: [String], environment: [String: String] = ["PATH": "/usr/bin:/bin"],
        output: String? = nil, error: String? = nil
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            let file = [nil, output, error][Int(descriptor)] ?? "/dev/null"
            posix_spawn_file_actions_addopen(
                &actions, descriptor, file, descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        // Signals unblocked: a test runner's thread may block some, and a server would keep that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, &actions, &attributes, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Runs the built `assoc`.
    public static func assoc(
        _ arguments: [String], environment: [String: String],
        input: [UInt8]? = nil, directory: String? = nil,
        timeout: Double? = nil
    ) throws -> ProcessResult {
        try run(assocExecutable, arguments, environment: environment, input: input, directory: directory, timeout: timeout)
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
