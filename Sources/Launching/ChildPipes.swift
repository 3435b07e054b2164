import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The pipes between this process and a program run to answer a question (`Launcher.run`): its
/// standard output, and its standard input when it is fed bytes; how it is started with them and
/// how the bytes go both ways.
struct ChildPipes {
    /// Why the exchange stopped before the output ended.
    enum Failure { case timedOut, tooLarge }

    /// The pipe from the child's standard output: read end, write end (-1 once closed).
    private var fromChild: [Int32] = [-1, -1]
    /// The pipe to the child's standard input, when it is fed: read end, write end.
    private var toChild: [Int32] = [-1, -1]
    /// What the child wrote.
    private(set) var output: [UInt8] = []

    /// Makes the pipes, closed on exec in this process's other children.
    static func open(path: String, feedsInput: Bool) throws(CaptureError) -> ChildPipes {
        var pipes = ChildPipes()
        // Close-on-exec from the start: a spawn on another thread never inherits an end.
        do {
            let output = try SystemCalls.closeOnExecPipe()
            pipes.fromChild = [output.read, output.write]
            if feedsInput {
                let input = try SystemCalls.closeOnExecPipe()
                pipes.toChild = [input.read, input.write]
            }
        } catch {
            pipes.closeAll()
            throw .cannotStart(program: path, reason: error.description)
        }
        return pipes
    }

    /// Starts the program at `path` with the pipes as its standard input (else /dev/null) and
    /// output, its standard error dropped unless `showsErrors`, `SIGPIPE` at its default and no
    /// signal blocked; the child's ends are then closed here.
    mutating func spawn(
        path: String, argv: [String], environment: [String: String], showsErrors: Bool
    ) throws(CaptureError) -> pid_t {
        var spawn = ProcessSpawn(path: path, arguments: argv, environment: environment)
        spawn.actions.append(
            toChild[0] >= 0
                ? .duplicate(source: toChild[0], target: 0) : .open(descriptor: 0, path: "/dev/null", flags: O_RDONLY))
        spawn.actions.append(.duplicate(source: fromChild[1], target: 1))
        if !showsErrors { spawn.actions.append(.open(descriptor: 2, path: "/dev/null", flags: O_WRONLY)) }
        spawn.defaultSignals = true
        let started = Result { () throws(Errno) in try spawn.start() }
        Self.close(&fromChild[1])
        Self.close(&toChild[0])
        switch started {
        case .success(let pid): return pid
        case .failure(let error):
            closeAll()
            throw .cannotStart(program: path, reason: error.description)
        }
    }

    /// Writes `input` to the child (when it is fed) while reading its output, until the output
    /// ends, the deadline passes or more than `limit` bytes came. A child that stops reading its
    /// input early is not an error: the rest is not written, and `SIGPIPE` is kept from this process.
    mutating func exchange(_ input: [UInt8], deadline: Int64?, limit: Int) -> Failure? {
        var written = 0
        if toChild[1] >= 0 && input.isEmpty { Self.close(&toChild[1]) }
        if toChild[1] >= 0 { _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK) }
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer {
            // A write to a child that had closed its input raised SIGPIPE for this thread: take it here.
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                _ = sigtimedwait(&blocked, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicClock.milliseconds
                guard left > 0 else { return .timedOut }
                wait = Int32(clamping: left)
            }
            var watched = [
                pollfd(fd: fromChild[0], events: Int16(POLLIN), revents: 0),
                pollfd(fd: toChild[1], events: Int16(POLLOUT), revents: 0),
            ]
            let ready = poll(&watched, toChild[1] >= 0 ? 2 : 1, wait)
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0 else { return nil }
            if toChild[1] >= 0 && watched[1].revents != 0 {
                // POLLERR or POLLHUP without POLLOUT: the child closed its input.
                var stops = (watched[1].revents & Int16(POLLOUT)) == 0
                if !stops {
                    let count = input.withUnsafeBytes { write(toChild[1], $0.baseAddress! + written, $0.count - written) }
                    if count > 0 { written += count } else if count < 0 && errno != EAGAIN && errno != EINTR { stops = true }
                }
                if stops || written == input.count { Self.close(&toChild[1]) }
            }
            guard watched[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return nil }
            output += buffer[0..<count]
            if output.count > limit { return .tooLarge }
        }
    }

    /// Closes what is still open.
    mutating func closeAll() {
        for index in 0..<2 {
            Self.close(&fromChild[index])
            Self.close(&toChild[index])
        }
    }

    private static func close(_ descriptor: inout Int32) {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }
}
