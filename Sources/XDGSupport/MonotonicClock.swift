#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The monotonic clock (`CLOCK_MONOTONIC`): time that only goes forward, whatever the wall clock
/// does, for deadlines and timings.
public enum MonotonicClock {
    /// Now, in seconds.
    public static var seconds: Double {
        let time = reading
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Now, in whole milliseconds.
    public static var milliseconds: Int64 {
        let time = reading
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// Now, in whole microseconds.
    public static var microseconds: UInt64 {
        let time = reading
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
    }

    private static var reading: timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }
}
