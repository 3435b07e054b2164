#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading and writing whole buffers on a file descriptor: the loop that retries an interrupted
/// call and goes on after a short write, written once.
public enum DescriptorIO {
    /// How the bytes go out.
    public enum Channel: Sendable {
        /// `write(2)`.
        case file
        /// `send(2)` with `MSG_NOSIGNAL`: a closed socket is an `EPIPE` error, not a signal.
        case socket
    }

    /// Writes every byte of `buffer` to `descriptor`.
    ///
    /// - Throws: `Errno` of the first failed call; a call that writes nothing is `EPIPE`.
    public static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, via channel: Channel = .file)
        throws(Errno)
    {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written =
                switch channel {
                case .file: Glibc.write(descriptor, base + offset, buffer.count - offset)
                case .socket: Glibc.send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw written < 0 ? Errno.current : .brokenPipe }
            offset += written
        }
    }

    /// Writes every byte of `bytes` to `descriptor`.
    ///
    /// - Throws: `Errno` of the first failed call.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], via channel: Channel = .file) throws(Errno) {
        try writeAll(descriptor, bytes[...], via: channel)
    }

    /// Writes every byte of `bytes` to `descriptor`.
    ///
    /// - Throws: `Errno` of the first failed call.
    public static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>, via channel: Channel = .file)
        throws(Errno)
    {
        var result: Result<Void, Errno> = .success(())
        bytes.withUnsafeBytes { buffer in
            result = Result { () throws(Errno) in try writeAll(descriptor, buffer, via: channel) }
        }
        try result.get()
    }

    /// Reads once into `buffer` from its start, retrying an interrupted call: the count read, 0
    /// at the end.
    ///
    /// - Throws: `Errno` of the failed call.
    public static func readSome(_ descriptor: Int32, into buffer: inout [UInt8]) throws(Errno) -> Int {
        var result: Result<Int, Errno> = .success(0)
        buffer.withUnsafeMutableBytes { bytes in
            result = Result { () throws(Errno) in try readSome(descriptor, into: bytes) }
        }
        return try result.get()
    }

    /// Reads once into `buffer`, retrying an interrupted call: the count read, 0 at the end.
    ///
    /// - Throws: `Errno` of the failed call (`wouldBlock` on an empty non-blocking descriptor).
    public static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw Errno.current }
        }
    }

    /// Waits for child `pid` to end, retrying an interrupted wait: its wait status, or nil when
    /// it cannot be waited for.
    public static func waitForExit(_ pid: Int32) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }
}
