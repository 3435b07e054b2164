/// When a burst of changes has settled: after a change, wait until `quiet` seconds pass without
/// another, but never more than `longest` seconds after the burst's first change, then handle the
/// burst once.
///
/// An installer writing forty files, or a program rewriting a list a thousand times, is handled as
/// one change (or one every `longest` seconds while it lasts), and what is handled is the state
/// after the last write seen: nothing that changes is ever left unhandled, since a change always
/// starts or extends a burst. With nothing pending there is no time-out at all.
public struct ChangeSettler: Sendable {
    /// Seconds without a change that end a burst.
    public var quiet: Double
    /// Seconds after a burst's first change at which it is handled even if changes go on.
    public var longest: Double
    /// The first and the last change of the pending burst (monotonic seconds).
    private var pending: (first: Double, last: Double)?

    /// A settler; by default a burst ends after 10 ms of quiet, or 500 ms after it began.
    ///
    /// 10 ms: the quiet only decides whether a state in the middle of a write may be looked at,
    /// never whether the final state is (each change starts or extends a burst, so the state
    /// after the last write is always handled). GLib and xdg-mime replace a list by a rename, so
    /// no list is ever seen half written, and a program writing one in place (a shell
    /// redirection, an editor) truncates and writes its few kilobytes within microseconds; a
    /// writer slower than that would at worst have a state in the middle recorded, and then the
    /// final one. The history reads each list again after comparing and compares again when it
    /// changed meanwhile. A longer quiet is paid by every change: it is most of the 50 ms a
    /// change may take to be recorded. A program rewriting a list without pause is handled
    /// every 500 ms (`longest`) while it lasts, and once more after its last write.
    public init(quiet: Double = 0.01, longest: Double = 0.5) {
        self.quiet = quiet
        self.longest = longest
    }

    /// Whether a burst is waiting to be handled.
    public var isPending: Bool { pending != nil }

    /// Notes a change at `now` (monotonic seconds).
    public mutating func noteChange(at now: Double) {
        pending = (pending?.first ?? now, now)
    }

    /// When the pending burst is due (monotonic seconds), or nil when nothing is pending.
    public var dueTime: Double? {
        guard let pending else { return nil }
        return min(pending.last + quiet, pending.first + longest)
    }

    /// Milliseconds from `now` until the pending burst is due, rounded up; -1 (wait forever, as
    /// `poll` takes it) when nothing is pending.
    public func timeoutMilliseconds(now: Double) -> Int32 {
        guard let due = dueTime else { return -1 }
        return Int32(clamping: Int((max(0, due - now) * 1000).rounded(.up)))
    }

    /// Whether the pending burst is due at `now`; if so it is taken (nothing is pending after).
    public mutating func takeIfDue(now: Double) -> Bool {
        guard let due = dueTime, now >= due else { return false }
        pending = nil
        return true
    }
}
