import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// The answers a reader gives: the type of a name its glob decides and of data its magic decides,
/// read from one load of the database. Each of the two databases answers both with its own type,
/// so an answer from a mix of the two (globs of one, magic of the other) is a pair of types that
/// no database gives.
private struct Answer: Hashable, CustomStringConvertible {
    var byName: String
    var byMagic: String
    var description: String { "(\(byName), \(byMagic))" }
}

/// The readers' findings, shared between their threads.
private final class Findings: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private(set) var seen: [String: Set<Answer>] = [:]
    private(set) var counts: [String: Int] = [:]
    private(set) var failures: [String] = []

    var isStopped: Bool { lock.withLock { stopped } }
    func stop() { lock.withLock { stopped = true } }

    /// Records `answer` of `reader`, a failure unless it is one of `allowed`.
    func record(_ reader: String, _ answer: Answer, allowed: Set<Answer>, detail: String = "") {
        lock.withLock {
            counts[reader, default: 0] += 1
            seen[reader, default: []].insert(answer)
            if !allowed.contains(answer), failures.count < 20 { failures.append("\(reader): \(answer) \(detail)") }
        }
    }

    /// Records a failure of `reader`: an error, a warning or unreadable output.
    func fail(_ reader: String, _ message: String) {
        lock.withLock { if failures.count < 20 { failures.append("\(reader): \(message)") } }
    }
}

@Suite("assoc types update killed at random points: every reader answers from the old or the new database")
struct TypesUpdateKillTests {
    static let kills = 200
    static let namespace = "http://www.freedesktop.org/standards/shared-mime-info"

    /// The package of one generation: its type has the glob *.probe and the magic PROBEDATA, so
    /// the two generations type the same name and the same data differently.
    static func package(_ generation: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="\(namespace)">
              <mime-type type="application/x-\(generation)-probe">
                <comment>\(generation)</comment>
                <glob pattern="*.probe"/>
                <magic priority="80"><match type="string" offset="0" value="PROBEDATA"/></magic>
              </mime-type>
              <mime-type type="text/x-\(generation)-filler">
                <glob pattern="*.\(generation)filler"/>
                <sub-class-of type="text/plain"/>
              </mime-type>
            </mime-info>

            """.utf8)
    }

    @Test("SIGKILL at 200 random points of assoc types update while assoc (in-process and as processes) and GIO type files")
    func killedUpdates() throws {
        var random = SplitMix.forTest("TypesUpdateKillTests.killedUpdates", seed: 0x7e57_a70e)
        let tree = try TemporaryXDGTree()
        let directory = try tree.makeDirectory("data/mime/packages")
        let mime = tree.path("data/mime")
        try tree.makeDirectory("empty-share")
        let variables = tree.variables(dataDirs: ["empty-share"]).merging(["PKGSYSTEM_ENABLE_FSYNC": "0"]) { $1 }
        let package = directory + "/probe-types.xml"
        try AtomicFile.replace(package, bytes: Self.package("old"), synchronize: false)
        _ = try DatabaseUpdate.run(directory: mime, options: DatabaseUpdate.Options(synchronize: false))
        let byName = try tree.write("files/sample.probe", "plain words, no magic here\n")
        let byMagic = try tree.write("files/sample-data", "PROBEDATA\u{0}\u{1}\u{2} and then some bytes")
        let allowed: Set<Answer> = [
            Answer(byName: "application/x-old-probe", byMagic: "application/x-old-probe"),
            Answer(byName: "application/x-new-probe", byMagic: "application/x-new-probe"),
        ]
        let findings = Findings()

        // Reader 1, in this process: loads the directory as `assoc type` does, both ways of
        // checking a cache, and types the name and the data.
        let inProcess = Thread {
            var whole = true
            while !findings.isStopped {
                let database = MIMEDatabase(mimeDirectories: [mime], checking: whole ? .whole : .perRead)
                whole.toggle()
                // A note ("older than its packages; reading the XML") is no fault; a warning is.
                let warnings = database.diagnostics.filter { $0.severity == .warning }
                if !warnings.isEmpty { findings.fail("in-process", "\(warnings)") }
                let detector = TypeDetector(database: database)
                let data = Array("PROBEDATA\u{0}\u{1}\u{2} and then some bytes".utf8)
                findings.record(
                    "in-process",
                    Answer(byName: detector.detect(name: "sample.probe").type, byMagic: detector.detect(data: data).type),
                    allowed: allowed, detail: "from \(database.directories.map(\.source))")
            }
        }
        // Reader 2: `assoc type` as a process, and every fourth query `gio info`.
        let gio = Corpus.program("gio")
        let processes = Thread {
            var round = 0
            while !findings.isStopped {
                round += 1
                do {
                    if let gio, round % 4 == 0 {
                        var environment = variables
                        environment["GIO_USE_VFS"] = "local"
                        let result = try ProcessRunner.run(
                            gio, ["info", "-a", "standard::content-type", byName, byMagic], environment: environment)
                        let types = result.standardOutput.split(separator: "\n").filter { $0.contains("standard::content-type:") }
                            .compactMap { $0.split(separator: " ").last.map(String.init) }
                        guard result.status == 0, types.count == 2 else {
                            findings.fail("gio", "status \(result.status): \(result.standardOutput) \(result.standardError)")
                            continue
                        }
                        findings.record("gio", Answer(byName: types[0], byMagic: types[1]), allowed: allowed)
                    } else {
                        let result = try ProcessRunner.assoc(["type", "-b", byName, byMagic], environment: variables)
                        let types = result.standardOutput.split(separator: "\n").map(String.init)
                        guard result.status == 0, result.standardError.isEmpty, types.count == 2 else {
                            findings.fail(
                                "assoc type", "status \(result.status): \(result.standardOutput) \(result.standardError)")
                            continue
                        }
                        findings.record("assoc type", Answer(byName: types[0], byMagic: types[1]), allowed: allowed)
                    }
                } catch {
                    findings.fail("process reader", "\(error)")
                }
            }
        }
        inProcess.start()
        processes.start()
        defer { findings.stop() }

        // How long a whole run takes here: the kills fall within 1.2 times that.
        let assoc = ProcessRunner.assocExecutable
        let arguments = ["types", "update", mime]
        var durations: [UInt64] = []
        for _ in 0..<5 {
            let start = MonotonicClock.microseconds
            let pid = try spawn(assoc, arguments, variables)
            _ = wait(pid)
            durations.append(MonotonicClock.microseconds - start)
        }
        let window = durations.sorted()[2] * 6 / 5
        var killedMidway = 0
        let started = MonotonicClock.microseconds
        for round in 0..<Self.kills {
            // Each round the package turns into the other generation (renamed into place), and
            // the update that compiles it is killed after a random time.
            try AtomicFile.replace(package, bytes: Self.package(round % 2 == 0 ? "new" : "old"), synchronize: false)
            let deadline = MonotonicClock.microseconds + UInt64.random(in: 0...window, using: &random)
            let pid = try spawn(assoc, arguments, variables)
            sleepUntil(deadline)
            kill(pid, SIGKILL)
            if wait(pid) == .killed { killedMidway += 1 }
        }
        let elapsed = Double(MonotonicClock.microseconds - started) / 1e6
        // A last whole run: the directory compiles, and every reader comes to the last generation.
        let finished = try ProcessRunner.assoc(arguments, environment: variables)
        #expect(finished.status == 0, "\(finished.standardError)")
        let last = Answer(byName: "application/x-old-probe", byMagic: "application/x-old-probe")
        let settled = TypeDetector(database: MIMEDatabase(mimeDirectories: [mime]))
        #expect(settled.detect(name: "sample.probe").type == last.byName)
        findings.stop()
        while inProcess.isExecuting || processes.isExecuting { usleep(1000) }
        print(
            "TypesUpdateKillTests: \(Self.kills) runs, \(killedMidway) killed before they finished, in \(elapsed) s "
                + "(window \(window) µs); queries: \(findings.counts)")
        #expect(findings.failures.isEmpty, "\(findings.failures)")
        #expect(killedMidway >= Self.kills / 4, "most runs should be killed before they finish")
        #expect(findings.seen["in-process"] == allowed, "the in-process reader saw \(findings.seen["in-process"] ?? [])")
        #expect((findings.counts["assoc type"] ?? 0) > 0)
        if gio != nil { #expect((findings.counts["gio"] ?? 0) > 0) }
    }

    private enum Exit: Equatable {
        case exited(Int32)
        case killed
    }

    /// Starts `program` with stdout and stderr on /dev/null; its process ID.
    private func spawn(_ program: String, _ arguments: [String], _ environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard status == 0 else { throw SetupError("cannot start \(program): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits for `pid` and says how it ended.
    private func wait(_ pid: pid_t) -> Exit {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .killed
    }

    /// Returns at `deadline` (monotonic microseconds), or at once when it has passed.
    private func sleepUntil(_ deadline: UInt64) {
        let now = MonotonicClock.microseconds
        guard deadline > now else { return }
        let left = deadline - now
        var request = timespec(tv_sec: Int(left / 1_000_000), tv_nsec: Int(left % 1_000_000) * 1000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
