import AssocTestSupport
import Foundation
import Testing

/// `assoc watch` running on a private session bus with a recording notification server: the real
/// tools change defaults, the journal records them, pins come back, one notification per burst.
@Suite("assoc watch: records, defends pins, notifies", .serialized, .enabled(if: WatchWorld.isAvailable))
struct WatchEndToEndTests {
    @Test("xdg-mime default and gio mime: each write is a list-edit record and a notification naming the type")
    func explicitWrites() throws {
        let world = try WatchWorld()
        try world.startWatcher()
        #expect(try world.run("xdg-mime", ["default", "b.desktop", "text/plain"]).status == 0)
        let first = world.awaitRecord(of: "text/plain", after: "b.desktop")
        #expect(first?["cause"] as? String == "list-edit", "\(first ?? [:])")
        #expect(first?["file"] as? String == world.listPath)
        #expect(
            PortalBus.eventually { world.notifications.contains { ($0["body"] as? String)?.contains("text/plain") == true } },
            "\(world.notifications)\n\(world.text(of: world.watcherLogPath))")
        let notification = try #require(world.notifications.last)
        #expect(notification["actions"] as? [String] == ["undo", "Undo", "keep", "Keep"])
        #expect(try world.run("gio", ["mime", "text/plain", "a.desktop"]).status == 0)
        let second = world.awaitRecord(of: "text/plain", after: "a.desktop")
        #expect(second?["cause"] as? String == "list-edit", "\(second ?? [:])")
        #expect(world.stopWatcher() == 0)
        #expect(!FileManager.default.fileExists(atPath: world.runtime + "/assoc/watch.pid"), "the pid file is removed at exit")
    }

    @Test("a pinned type is put back within a second, and the notification names the cause")
    func pinDefended() throws {
        let world = try WatchWorld()
        try world.tree.write("config/mimeapps.list", "[Default Applications]\ntext/plain=a.desktop;\n")
        try world.tree.write("config/assoc/pins.list", "[Pins]\ntext/plain=a.desktop;\n")
        try world.startWatcher()
        #expect(try world.run("xdg-mime", ["default", "b.desktop", "text/plain"]).status == 0)
        let changed = Date()
        let restored = PortalBus.eventually(timeout: 1) { Self.listDefault(world, "text/plain") == "a.desktop" }
        let elapsed = Date().timeIntervalSince(changed)
        print("pin restored after \(Int(elapsed * 1000)) ms")
        if !restored { _ = PortalBus.eventually(timeout: 20) { Self.listDefault(world, "text/plain") == "a.desktop" } }
        #expect(restored, "not back within 1 s: \(world.text(of: world.listPath))\n\(world.text(of: world.watcherLogPath))")
        #expect(PortalBus.eventually { !world.notifications.isEmpty })
        let body = world.notifications.first?["body"] as? String ?? ""
        #expect(body.contains("text/plain is pinned") && body.contains("list-edit"), "\(body)")
        let gio = try world.run("gio", ["mime", "text/plain"])
        #expect(gio.standardOutput.split(separator: "\n").first?.hasSuffix(": a.desktop") == true, "\(gio.standardOutput)")
        #expect(world.awaitRecord(of: "text/plain", after: "b.desktop", cause: "list-edit") != nil, "the change is recorded")
        #expect(world.awaitRecord(of: "text/plain", after: "a.desktop", cause: "assoc") != nil, "and its restore")
    }

    @Test("fifty types changed in one write: one notification")
    func fiftyTypesOneNotification() throws {
        let world = try WatchWorld()
        #expect(WatchWorld.fiftyTypes.count == 50)
        try world.startWatcher()
        let lines = WatchWorld.fiftyTypes.map { "\($0)=b.desktop;\n" }.joined()
        try world.tree.write("config/mimeapps.list", "[Default Applications]\n" + lines)
        #expect(PortalBus.eventually(timeout: 30) { !world.notifications.isEmpty })
        #expect(
            PortalBus.eventually(timeout: 30) {
                Set(world.records.compactMap { $0["type"] as? String }).isSuperset(of: WatchWorld.fiftyTypes)
            })
        let notifications = world.notifications
        #expect(notifications.count == 1, "\(notifications)")
        #expect((notifications.first?["summary"] as? String) == "50 types changed")
        #expect((notifications.first?["body"] as? String)?.hasPrefix("50 types changed: ") == true)
    }

    @Test("Undo in a notification puts the default back through the history")
    func undoAction() throws {
        let world = try WatchWorld()
        try world.tree.write("config/mimeapps.list", "[Default Applications]\ntext/plain=a.desktop;\n")
        try world.startWatcher()
        #expect(try world.run("xdg-mime", ["default", "b.desktop", "text/plain"]).status == 0)
        #expect(PortalBus.eventually { !world.notifications.isEmpty })
        let id = try #require(world.notifications.first?["id"] as? Int)
        let invoked = try world.run(
            "gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.assoc.Test.Invoke", String(id), "undo",
            ])
        #expect(invoked.status == 0, "\(invoked.standardError)")
        #expect(
            PortalBus.eventually { Self.listDefault(world, "text/plain") == "a.desktop" },
            "\(world.text(of: world.listPath))\n\(world.text(of: world.watcherLogPath))")
        let undo = world.awaitRecord(of: "text/plain", after: "a.desktop", cause: "assoc")
        #expect((undo?["command"] as? String)?.hasPrefix("assoc undo ") == true, "\(undo ?? [:])")
    }

    @Test("without a session bus the watcher records all the same and says once that it cannot notify")
    func noSessionBus() throws {
        let world = try WatchWorld(bus: false)
        try world.startWatcher()
        #expect(try world.run("xdg-mime", ["default", "b.desktop", "text/plain"]).status == 0)
        #expect(world.awaitRecord(of: "text/plain", after: "b.desktop") != nil)
        #expect(try world.run("xdg-mime", ["default", "a.desktop", "text/plain"]).status == 0)
        #expect(world.awaitRecord(of: "text/plain", after: "a.desktop") != nil)
        let log = world.text(of: world.watcherLogPath)
        #expect(log.components(separatedBy: "cannot notify").count == 2, "\(log)")
    }

    @Test("the session bus ends under the watcher: it says so once and goes on recording")
    func busLost() throws {
        let world = try WatchWorld()
        try world.startWatcher()
        world.endBus()
        #expect(PortalBus.eventually { world.text(of: world.watcherLogPath).contains("lost the session bus") })
        #expect(try world.run("xdg-mime", ["default", "b.desktop", "text/plain"]).status == 0)
        #expect(world.awaitRecord(of: "text/plain", after: "b.desktop") != nil)
        #expect(world.watcher?.isRunning == true)
        #expect(world.text(of: world.watcherLogPath).components(separatedBy: "lost the session bus").count == 2)
    }

    @Test("--status reads watch.pid; a second watcher exits 0 at once; a stale file is not a watcher")
    func statusAndSecondStart() throws {
        let world = try WatchWorld(bus: false)
        let before = try world.run("assoc", ["watch", "--status"])
        #expect(before.status == 1 && before.standardOutput == "not running\n")
        try world.tree.write("run/assoc/watch.pid", "\(getpid())\n")
        #expect(try world.run("assoc", ["watch", "--status"]).status == 1, "a live process that is not a watcher")
        try world.startWatcher()
        let pid = try #require(world.watcher?.processIdentifier)
        #expect(world.text(of: world.runtime + "/assoc/watch.pid") == "\(pid)\n")
        let running = try world.run("assoc", ["watch", "--status"])
        #expect(running.status == 0 && running.standardOutput == "running (process \(pid))\n")
        let second = try world.run("assoc", ["watch"])
        #expect(second.status == 0 && second.standardError.isEmpty && !second.timedOut)
        #expect(world.stopWatcher() == 0)
        #expect(try world.run("assoc", ["watch", "--status"]).status == 1)
    }

    /// The default of `type` in the `[Default Applications]` group of the user's list.
    static func listDefault(_ world: WatchWorld, _ type: String) -> String? {
        var inGroup = false
        for line in world.text(of: world.listPath).split(separator: "\n") {
            if line.hasPrefix("[") { inGroup = line == "[Default Applications]" }
            if inGroup, line.hasPrefix(type + "=") {
                return line.dropFirst(type.count + 1).split(separator: ";").first.map(String.init)
            }
        }
        return nil
    }
}

/// The other three ways a default is taken away, with the watcher running: each recorded as it
/// happens with its cause, by the real tool that does it.
@Suite(
    "assoc watch: an application installed, GIO's last-used call, a package that re-types *.htm", .serialized,
    .enabled(if: WatchWorld.isAvailable && Corpus.program("update-desktop-database") != nil))
struct WatchCausesTests {
    /// The world with x.desktop and y.desktop for PDF and HTML, indexed by update-desktop-database.
    static func world(list: String? = nil, extra: [String: String] = [:]) throws -> WatchWorld {
        let world = try WatchWorld()
        for name in ["x", "y"] {
            try world.tree.write(
                "usr-share/applications/\(name).desktop",
                "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true %f\nMimeType=application/pdf;text/html;\n")
        }
        for (name, types) in extra {
            try world.tree.write(
                "usr-share/applications/\(name)",
                "[Desktop Entry]\nType=Application\nName=\(name)\nExec=true %f\nMimeType=\(types)\n")
        }
        if let list { try world.tree.write("config/mimeapps.list", list) }
        try index(world)
        try world.startWatcher()
        return world
    }

    static func index(_ world: WatchWorld) throws {
        let result = try world.run("update-desktop-database", [world.tree.path("usr-share/applications")])
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test("a new entry that update-desktop-database makes the first declarer: application-installed")
    func applicationInstalled() throws {
        let world = try Self.world()
        let entry = try world.tree.write(
            "usr-share/applications/0code.desktop",
            "[Desktop Entry]\nType=Application\nName=Code\nExec=true %f\nMimeType=application/pdf;\n")
        try Self.index(world)
        let record = world.awaitRecord(of: "application/pdf", after: "0code.desktop")
        #expect(record?["cause"] as? String == "application-installed", "\(record ?? [:])")
        #expect(record?["file"] as? String == entry)
    }

    @Test("GIO's last-used call: last-used, with the list and its line")
    func lastUsed() throws {
        let world = try Self.world(list: "[Added Associations]\ntext/html=x.desktop;y.desktop;\n")
        let call = try ProcessRunner.run(
            PortalBus.python,
            ["-c", "from gi.repository import Gio; Gio.DesktopAppInfo.new('y.desktop').set_as_last_used_for_type('text/html')"],
            environment: world.variables)
        #expect(call.status == 0, "\(call.standardError)")
        let record = world.awaitRecord(of: "text/html", after: "y.desktop")
        #expect(record?["cause"] as? String == "last-used", "\(record ?? [:])")
        #expect(record?["file"] as? String == world.listPath)
        #expect(PortalBus.eventually { world.notifications.contains { ($0["body"] as? String)?.contains("last-used") == true } })
    }

    @Test("a package that re-types *.htm, compiled by update-mime-database: type-database")
    func typeDatabase() throws {
        let world = try Self.world(extra: ["browser.desktop": "application/x-extension-htm;"])
        let package = try world.tree.write(
            "data/mime/packages/retype-htm.xml", CheckFixtures.htmRetypingPackage)
        let compile = try world.run("update-mime-database", [world.tree.path("data/mime")])
        #expect(compile.status == 0, "\(compile.standardError)")
        let record = world.awaitRecord(of: "application/x-extension-htm", after: "browser.desktop")
        #expect(record?["cause"] as? String == "type-database", "\(record ?? [:])")
        #expect(record?["files"] as? [String] == [package])
    }
}
