import Associations
import Testing

@testable import AssocCLI

/// `assoc history --since TIME` reads durations, journal times and a clock time of today.
@Suite("history --since")
struct HistorySinceTests {
    static let now: Int64 = 1_764_690_245

    @Test("a duration is that long before now", arguments: [("30s", 30), ("30m", 1800), ("2h", 7200), ("7d", 604_800)])
    func duration(text: String, seconds: Int64) {
        #expect(HistoryCommand.parseSince(text, now: Self.now) == Self.now - seconds)
    }

    @Test("a journal time is UTC; HH:MM is today, at or before the next day")
    func times() throws {
        #expect(HistoryCommand.parseSince("2025-12-02T15:44:05Z", now: Self.now) == Self.now)
        #expect(HistoryCommand.parseSince("2025-12-02", now: Self.now) == 1_764_633_600)
        let clock = try #require(HistoryCommand.parseSince("00:00", now: Self.now))
        #expect(Self.now - clock >= 0 && Self.now - clock < 86_400 + 3600)
        #expect(
            HistoryCommand.parseSince("25:00", now: Self.now) == nil && HistoryCommand.parseSince("soon", now: Self.now) == nil)
    }
}
