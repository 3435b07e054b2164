import Associations
import Testing

/// What one notification says about one burst of changes.
@Suite("WatchAnnouncement: one notification a burst, naming the types and the cause")
struct WatchAnnouncementTests {
    static let list = "/home/u/.config/mimeapps.list"

    static func record(_ id: String, _ type: String, from before: String?, to after: String?, line: String?) -> HistoryRecord {
        let added = line.map { [NumberedLine(line: 2, text: $0)] } ?? []
        return HistoryRecord(
            id: id, time: 0, type: type, answers: [DefaultsView(.spec): .init(before: before, after: after)],
            cause: .listEdit(file: list, added: added, removed: []), process: nil)
    }

    @Test("one change: the type, the applications, the cause and its file; Undo offered")
    func single() throws {
        let announcement = try #require(
            WatchAnnouncement(
                recorded: [Self.record("c1", "text/plain", from: "a.desktop", to: "b.desktop", line: "text/plain=b.desktop")],
                restored: []))
        #expect(announcement.summary == "Default application changed")
        #expect(announcement.body == "text/plain now opens in b.desktop instead of a.desktop: list-edit in \(Self.list)")
        #expect(announcement.undoableChanges == ["c1"])
    }

    @Test("many types: one count, the types a line names first; Undo only for those")
    func many() throws {
        let inherited = (0..<10).map {
            Self.record("s\($0)", "application/x-sub\($0)", from: "a.desktop", to: "b.desktop", line: nil)
        }
        let direct = Self.record("t", "text/plain", from: "a.desktop", to: "b.desktop", line: "text/plain=b.desktop")
        let announcement = try #require(WatchAnnouncement(recorded: inherited + [direct], restored: []))
        #expect(announcement.summary == "11 types changed")
        #expect(announcement.body.hasPrefix("11 types changed: text/plain, application/x-sub0, "))
        #expect(announcement.body.hasSuffix(" and 6 more (list-edit)"))
        #expect(announcement.undoableChanges == ["t"])
    }

    @Test("a pin put back: named with the cause of the change it undid; nothing to undo")
    func pinRestored() throws {
        let change = Self.record("c", "text/plain", from: "a.desktop", to: "b.desktop", line: "text/plain=b.desktop")
        let restore = HistoryRecord(
            id: "r", time: 0, type: "text/plain", answers: [DefaultsView(.spec): .init(before: "b.desktop", after: "a.desktop")],
            cause: .assoc(command: "assoc pin text/plain a.desktop (restored)", file: Self.list, added: [], removed: []),
            process: nil)
        let announcement = try #require(WatchAnnouncement(recorded: [change], restored: [restore]))
        #expect(announcement.summary == "Pinned default put back")
        #expect(announcement.body == "text/plain is pinned: put back to a.desktop after list-edit in \(Self.list)")
        #expect(announcement.undoableChanges.isEmpty)
        #expect(WatchAnnouncement(recorded: [], restored: []) == nil)
    }
}
