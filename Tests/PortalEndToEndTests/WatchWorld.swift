import AssocTestSupport
import Foundation

/// A world for `assoc watch`: a temporary XDG tree with two applications (a.desktop and b.desktop,
/// both for text/plain and fifty more real types of the system's database) in a data directory, a
/// private session bus with a recording notification server (notification-server.py), and the
/// built `assoc watch --verbose` running in it.
final class WatchWorld {
    /// The fixture scripts.
    static let fixtures = Corpus.fixtures + "/watch"

    /// Why the tests cannot run here, or nil when they can.
    static let missing: String? = {
        if let missing = PortalBus.missing { return missing }
        for program in ["xdg-mime", "gio"] where Corpus.program(program) == nil { return "\(program) is not installed" }
        return FileManager.default.fileExists(atPath: "/usr/share/mime/types") ? nil : "/usr/share/mime/types is missing"
    }()

    /// Whether the tests can run.
    static var isAvailable: Bool { missing == nil }

    /// Fifty real types of the system's database, taken at a fixed stride from its sorted list.
    static let fiftyTypes: [String] = {
        let all = ((try? String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init).filter { $0.hasPrefix("application/") && $0 != extraType }.sorted()
        guard all.count >= 60 else { return [] }
        return (0..<50).map { all[$0 * (all.count - 1) / 50] }
    }()

    let tree: TemporaryXDGTree
    /// The environment of the watcher and of the tools the tests run.
    private(set) var variables: [String: String]
    /// `XDG_RUNTIME_DIR`.
    let runtime: String
    private var busPID: Int32?
    private var server: Process?
    private(set) var watcher: Process?

    /// The server's record of notifications.
    var notificationsPath: String { tree.path("notifications.jsonl") }
    /// The journal.
    var journalPath: String { tree.path("state/assoc/history.jsonl") }
    /// The user's list.
    var listPath: String { tree.path("config/mimeapps.list") }
    /// What the watcher printed on standard error.
    var watcherLogPath: String { tree.path("watch.log") }

    /// Builds the tree; with `bus`, starts the private bus and the notification server offering
    /// `capabilities`; without, points the bus address at a socket that does not exist.
    init(bus: Bool = true, capabilities: String = "actions,body") throws {
        tree = try TemporaryXDGTree()
        let mime = try tree.linkSystemMIMEDatabase()
        runtime = try tree.makeDirectory("run")
        chmod(runtime, 0o700)
        try tree.makeDirectory("home")
        let types = (["text/plain"] + Self.fiftyTypes).joined(separator: ";") + ";"
        for name in ["a", "b"] {
            try tree.write(
                "usr-share/applications/\(name).desktop",
                "[Desktop Entry]\nType=Application\nName=\(name.uppercased())\nExec=true %f\nMimeType=\(types)\n")
        }
        variables = tree.variables(dataDirs: ["usr-share", mime])
        variables["XDG_RUNTIME_DIR"] = runtime
        variables["LC_ALL"] = "C.UTF-8"
        guard bus else {
            variables["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + tree.path("no-bus-here")
            return
        }
        let started = ProcessRunner.spawnAndWait(
            Corpus.program("dbus-daemon")!, ["--session", "--fork", "--print-address=1", "--print-pid=1"],
            environment: variables, output: tree.path("bus.address"), error: tree.path("bus.log"))
        let lines = ((try? String(contentsOfFile: tree.path("bus.address"), encoding: .utf8)) ?? "").split(separator: "\n")
        guard started == 0, lines.count == 2, let pid = Int32(lines[1]) else {
            throw SetupError(
                "dbus-daemon did not start: \((try? String(contentsOfFile: tree.path("bus.log"), encoding: .utf8)) ?? "")")
        }
        busPID = pid
        variables["DBUS_SESSION_BUS_ADDRESS"] = String(lines[0])
        let server = Process()
        server.executableURL = URL(fileURLWithPath: PortalBus.python)
        server.arguments = [Self.fixtures + "/notification-server.py", notificationsPath, "--capabilities", capabilities]
        server.environment = variables
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle(forWritingAtPath: try tree.write("server.log", ""))
        try server.run()
        self.server = server
        guard PortalBus.eventually(timeout: 30, { FileManager.default.fileExists(atPath: notificationsPath) }) else {
            throw SetupError("the notification server did not start: \(text(of: tree.path("server.log")))")
        }
    }

    deinit {
        if let watcher, watcher.isRunning {
            watcher.terminate()
            if !PortalBus.eventually(timeout: 10, { !watcher.isRunning }) { kill(watcher.processIdentifier, SIGKILL) }
        }
        if let server, server.isRunning { server.terminate() }
        if let busPID { kill(busPID, SIGKILL) }
    }

    /// Starts `assoc watch --verbose` and waits until it has taken its first snapshot.
    func startWatcher() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessRunner.assocExecutable)
        process.arguments = ["watch", "--verbose"]
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: try tree.write("watch.log", ""))
        try process.run()
        watcher = process
        guard PortalBus.eventually(timeout: 60, { text(of: watcherLogPath).contains("assoc watch: ready") }) else {
            throw SetupError("the watcher did not get ready: \(text(of: watcherLogPath))")
        }
    }

    /// Stops the watcher with SIGTERM; its exit status, or nil when it had to be killed.
    func stopWatcher() -> Int32? {
        guard let watcher else { return nil }
        watcher.terminate()
        guard PortalBus.eventually(timeout: 20, { !watcher.isRunning }) else {
            kill(watcher.processIdentifier, SIGKILL)
            return nil
        }
        return watcher.terminationStatus
    }

    /// Runs `program` (a name on PATH, or the built assoc as "assoc") with `arguments`.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> ProcessResult {
        let executable = program == "assoc" ? ProcessRunner.assocExecutable : Corpus.program(program)!
        return try ProcessRunner.run(executable, arguments, environment: variables, timeout: 120)
    }

    /// The journal's records, oldest first.
    var records: [[String: Any]] { jsonLines(journalPath) }

    /// The notifications the server got, in order.
    var notifications: [[String: Any]] { jsonLines(notificationsPath) }

    /// The records of `type`, oldest first.
    func records(of type: String) -> [[String: Any]] { records.filter { $0["type"] as? String == type } }

    /// The application a record says `type` opens in after it, as assoc resolves it.
    static func after(_ record: [String: Any]) -> String? {
        (record["after"] as? [String: Any])?["spec"] as? String
    }

    /// Waits until the journal has a record of `type` whose assoc answer after is `application`
    /// (and, when given, whose cause is `cause`); the record.
    func awaitRecord(of type: String, after application: String, cause: String? = nil, timeout: Double = 30) -> [String: Any]? {
        var found: [String: Any]?
        _ = PortalBus.eventually(timeout: timeout) {
            found = records(of: type).last {
                Self.after($0) == application && (cause == nil || $0["cause"] as? String == cause)
            }
            return found != nil
        }
        return found
    }

    /// The text of the file at `path`, empty when it cannot be read.
    func text(of path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    private func jsonLines(_ path: String) -> [[String: Any]] {
        text(of: path).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
