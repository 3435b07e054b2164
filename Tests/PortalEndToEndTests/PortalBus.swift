import AssocTestSupport
import Foundation

/// A private session bus with the real xdg-desktop-portal frontend and assoc's backend installed by
/// `make install` into a temporary prefix, found the way a desktop finds it: the portal file
/// through `XDG_DESKTOP_PORTAL_DIR`, the D-Bus activation file in a data directory of the bus,
/// `XDG_CURRENT_DESKTOP=assoc` matching its `UseIn`.
final class PortalBus {
    /// The frontend.
    static let frontend = "/usr/libexec/xdg-desktop-portal"
    /// The fixture scripts (the client, the dialog player).
    static let fixtures = Corpus.fixtures + "/portal"

    /// Debian's python3, which has python3-dbus and python3-gi (a python3 earlier on PATH may not).
    static let python = "/usr/bin/python3"

    /// Why the tests cannot run here, or nil when they can.
    static let missing: String? = {
        for program in ["dbus-daemon", "make", "gdbus"] where Corpus.program(program) == nil {
            return "\(program) is not installed"
        }
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is not installed" }
        guard FileManager.default.isExecutableFile(atPath: frontend) else { return "\(frontend) is not installed" }
        let modules = try? ProcessRunner.run(
            PortalBus.python, ["-c", "import dbus, dbus.mainloop.glib; from gi.repository import GLib"],
            environment: ["PATH": "/usr/bin:/bin"])
        guard modules?.status == 0 else { return "python3-dbus or python3-gi is not installed for \(python)" }
        return nil
    }()

    /// Whether the tests can run.
    static var isAvailable: Bool { missing == nil }

    /// The frontend's version line, printed by the tests.
    static let frontendVersion: String = {
        (try? ProcessRunner.run(frontend, ["--version"], environment: ["PATH": "/usr/bin:/bin"]))?.standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }()

    let tree: TemporaryXDGTree
    /// The installation prefix.
    let prefix: String
    /// The environment of the bus, the frontend, the backend and the clients.
    let variables: [String: String]
    /// `XDG_RUNTIME_DIR`.
    let runtime: String
    private let busPID: Int32

    /// Installs assoc into the tree, writes `portal.conf` with `terminal`, and starts the bus.
    init(terminal: String, extraVariables: [String: String] = [:]) throws {
        tree = try TemporaryXDGTree()
        prefix = tree.path("prefix")
        let make = try ProcessRunner.run(
            Corpus.program("make")!,
            [
                "-C", Corpus.packageRoot, "install", "PREFIX=" + prefix, "ASSOC_BINARY=" + ProcessRunner.assocExecutable,
                "ASSOC_PORTAL_BINARY=" + ProcessRunner.assocPortalExecutable,
            ], environment: ["PATH": "/usr/bin:/bin", "HOME": tree.path("home")])
        guard make.status == 0 else { throw SetupError("make install failed: \(make.standardError)") }
        runtime = try tree.makeDirectory("run")
        chmod(runtime, 0o700)
        _ = try tree.makeDirectory("home")
        _ = try tree.write("config/assoc/portal.conf", "[Portal]\nTerminal=\(terminal)\n")
        var variables = tree.variables(dataDirs: [prefix + "/share", "/usr/share"], desktop: "assoc")
        variables["XDG_RUNTIME_DIR"] = runtime
        variables["XDG_DESKTOP_PORTAL_DIR"] = prefix + "/share/xdg-desktop-portal/portals"
        variables["LC_ALL"] = "C.UTF-8"
        variables.merge(extraVariables) { $1 }
        // The forked daemon keeps the descriptors it was given: files, so that nothing waits for a
        // pipe to close. DBUS_DEBUG_OUTPUT keeps its standard error (else /dev/null once forked),
        // which the services it starts inherit: bus.log is the backend's log.
        let started = ProcessRunner.spawnAndWait(
            Corpus.program("dbus-daemon")!, ["--session", "--fork", "--print-address=1", "--print-pid=1"],
            environment: variables.merging(["DBUS_DEBUG_OUTPUT": "1"]) { $1 }, output: tree.path("bus.address"),
            error: tree.path("bus.log"))
        let printed = (try? String(contentsOfFile: tree.path("bus.address"), encoding: .utf8)) ?? ""
        let lines = printed.split(separator: "\n").map(String.init)
        guard started == 0, lines.count == 2, let pid = Int32(lines[1]) else {
            throw SetupError(
                "dbus-daemon did not start: \((try? String(contentsOfFile: tree.path("bus.log"), encoding: .utf8)) ?? "")")
        }
        busPID = pid
        variables["DBUS_SESSION_BUS_ADDRESS"] = lines[0]
        self.variables = variables
    }

    /// Ends the bus, and whatever it started that outlives it (the frontend's document portal
    /// stays on its FUSE mount): every process whose environment names this tree.
    deinit {
        kill(busPID, SIGKILL)
        let marker = Data(("XDG_DESKTOP_PORTAL_DIR=" + prefix + "/share/xdg-desktop-portal/portals\0").utf8)
        for _ in 0..<20 {
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter {
                (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\($0)/environ")))?.range(of: marker) != nil
            }
            if left.isEmpty { break }
            for pid in left { kill(pid, SIGKILL) }
            usleep(50_000)
        }
    }

    /// Points `Terminal=` of portal.conf at `command` (read again for every request).
    func setTerminal(_ command: String) throws {
        _ = try tree.write("config/assoc/portal.conf", "[Portal]\nTerminal=\(command)\n")
    }

    /// Starts the client with `calls` (see portal-client.py); read its answers with `answers(of:)`.
    func startClient(_ calls: [[String: Any]], _ arguments: [String] = []) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PortalBus.python)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: calls), as: UTF8.self)
        process.arguments = [Self.fixtures + "/portal-client.py", json] + arguments
        process.environment = variables
        process.standardOutput = Pipe()
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// What the client printed, one JSON object per line, once it has ended (killed after `timeout`).
    func answers(of client: Process, timeout: Double = 60) -> [[String: Any]] {
        let deadline = Date().addingTimeInterval(timeout)
        while client.isRunning && Date() < deadline { usleep(20_000) }
        if client.isRunning { client.terminate() }
        let data = (client.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Plays the dialog of the next `count` requests (see dialog-player.py): the requests they got,
    /// then anything else the player printed.
    func playDialog(answer: String, count: Int = 1, _ arguments: [String] = []) throws -> [[String: Any]] {
        let result = try ProcessRunner.run(
            PortalBus.python,
            [Self.fixtures + "/dialog-player.py", runtime, answer, "--count", String(count)] + arguments,
            environment: variables, timeout: 120)
        return result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Starts the recording notification server (the watcher's tests' notification-server.py), which
    /// appends each notification to `output` as a JSON line; returns once it owns its name.
    func startNotificationRecorder(_ output: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PortalBus.python)
        process.arguments = [Corpus.fixtures + "/watch/notification-server.py", output]
        process.environment = variables
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard PortalBus.eventually(timeout: 20, { FileManager.default.fileExists(atPath: output) }) else {
            process.terminate()
            throw SetupError("the notification recorder did not start")
        }
        return process
    }

    /// The notifications recorded in `output`, in order.
    static func notifications(in output: String) -> [[String: Any]] {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// What the bus and the services it started wrote on standard error (the backend's log).
    var serviceLog: String { (try? String(contentsOfFile: tree.path("bus.log"), encoding: .utf8)) ?? "" }

    /// The backend's process ID, asked of the bus.
    func backendPID() throws -> Int32? {
        let reply = try ProcessRunner.run(
            Corpus.program("gdbus")!,
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.impl.portal.desktop.assoc",
            ], environment: variables, timeout: 10)
        let digits = reply.standardOutput.split(whereSeparator: { !$0.isNumber }).last
        return reply.status == 0 ? digits.flatMap { Int32($0) } : nil
    }

    /// The processes whose parent is `pid` (zombies included): what the backend has not reaped.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// The request directories left under `$XDG_RUNTIME_DIR/assoc/portal`.
    var requestDirectories: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: runtime + "/assoc/portal")) ?? []
    }

    /// Waits until `condition` holds or `timeout` seconds pass; returns whether it held.
    static func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }
}

extension ProcessRunner {
    /// The built `assoc-portal` beside the built `assoc`.
    static var assocPortalExecutable: String {
        URL(fileURLWithPath: assocExecutable).deletingLastPathComponent().appendingPathComponent("assoc-portal").path
    }
}
