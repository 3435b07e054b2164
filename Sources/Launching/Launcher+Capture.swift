import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension Launcher {
    /// Runs `argv` (no shell) to ask it something: standard input from /dev/null, standard error
    /// dropped, standard output captured (at most 1 MiB). It gets `timeout` milliseconds in all;
    /// after that it is killed and the answer is nil, so a question never blocks long.
    ///
    /// - Returns: The output and the exit status, or nil when the program is not on `PATH`, cannot
    ///   start, or does not finish in time.
    public func capture(_ argv: [String], timeout: Int32) -> (output: String, status: Int32)? {
        guard let program = argv.first, let path = applications.findProgram(program) else { return nil }
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, output[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        let cArguments = argv.map { strdup(PathCoding.cString($0)) } + [nil]
        let environmentStrings = environment.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArguments + environmentStrings { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, PathCoding.cString(path), &actions, nil, cArguments, environmentStrings)
        close(output[1])
        defer { close(output[0]) }
        guard started == 0 else { return nil }
        let bytes = readUntilEnd(output[0], deadline: monotonicMilliseconds() + Int64(timeout))
        if bytes == nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard let bytes else { return nil }
        return (String(decoding: bytes, as: UTF8.self), (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1)
    }

    /// Everything `descriptor` gives until its end, or nil when the deadline passes first or it gives more than 1 MiB.
    private func readUntilEnd(_ descriptor: Int32, deadline: Int64) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - monotonicMilliseconds()
            guard left > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
            guard bytes.count <= 1 << 20 else { return nil }
        }
    }

    private func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
