#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs a function on a thread of its own, for work whose result is needed only later, so that it
/// overlaps with what the caller does meanwhile; the caller learns of its end by what the function
/// does (a `Latch` it opens, say).
///
/// A plain POSIX thread with a small stack, not a dispatch queue: a short command pays for the
/// thread it starts, and a dispatch queue's first use starts the library's thread pool too.
public enum HelperThread {
    /// The stack a helper is given: the work a helper does is a loop of system calls.
    public static let stackSize = 256 << 10

    /// Starts `body` on a new, detached thread; runs it at once, on the caller's thread, when no
    /// thread can be started.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        // The helper starts with every signal blocked (a thread takes its creator's mask), so that
        // signals go to the threads that handle them: one the process waits for on a signal
        // descriptor must be blocked in every thread, or it may end the process instead.
        var all = sigset_t()
        var kept = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &kept)
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        pthread_sigmask(SIG_SETMASK, &kept, nil)
        if started != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            body()
        }
    }
}
