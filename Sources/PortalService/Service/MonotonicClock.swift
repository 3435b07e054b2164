#if canImport(Glibc)
import Glibc
#endif

/// Seconds on the monotonic clock, for the service's deadlines.
enum MonotonicClock {
    /// Now, in seconds.
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
