import DesktopEntry
import Launching
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite("running a program to capture its answer: input, deadline, output, never a shell")
struct CaptureRunTests {
    let launcher: Launcher = {
        let environment = XDGEnvironment(["PATH": "/usr/bin:/bin"])
        return Launcher(environment: environment, applications: ApplicationIndex(environment: environment))
    }()

    func milliseconds(_ work: () -> Void) -> Int64 {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        work()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return (Int64(end.tv_sec) - Int64(start.tv_sec)) * 1000 + (Int64(end.tv_nsec) - Int64(start.tv_nsec)) / 1_000_000
    }

    @Test("/bin/cat gives back its input, even more than a pipe holds, and its exit status")
    func catEchoes() throws {
        // 300 KB: more than a pipe buffers, so writing all before reading would never end.
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let result = try launcher.run(["/bin/cat"], input: input, timeout: 10_000)
        #expect(result.output == input && result.status == 0)
        #expect(try launcher.run(["cat"], input: Array("by PATH\n".utf8)).text == "by PATH\n")
        #expect(try launcher.run(["sh", "-c", "exit 3"]).status == 3)
        // Without input the program reads /dev/null: cat ends at once with nothing.
        #expect(try launcher.run(["cat"], timeout: 5_000) == CapturedRun(output: [], status: 0))
    }

    @Test("an argument is never read by a shell: it reaches the program as it is")
    func noShell() throws {
        let result = try launcher.run(["/bin/echo", "$HOME; rm -rf / `id`"])
        #expect(result.text == "$HOME; rm -rf / `id`\n")
    }

    @Test("a child that sleeps past the deadline is killed and reported, soon after the deadline")
    func deadline() throws {
        var thrown: CaptureError?
        let elapsed = milliseconds {
            do throws(CaptureError) { _ = try launcher.run(["/bin/sleep", "10"], timeout: 300) } catch { thrown = error }
        }
        #expect(thrown == .timedOut(program: "/bin/sleep", milliseconds: 300))
        #expect(elapsed >= 300 && elapsed < 5_000, "took \(elapsed) ms")
        #expect(thrown?.description == "'/bin/sleep' did not finish within 300 ms and was stopped")
        // One that closes its output and goes on is stopped at the deadline too.
        let stillRunning = milliseconds {
            #expect(throws: CaptureError.timedOut(program: "/usr/bin/sh", milliseconds: 300)) {
                try launcher.run(["sh", "-c", "exec >&-; sleep 10"], timeout: 300)
            }
        }
        #expect(stillRunning < 5_000, "took \(stillRunning) ms")
        #expect(launcher.capture(["/bin/sleep", "10"], timeout: 200) == nil)
    }

    @Test("a missing program gives a typed error naming it")
    func missingProgram() {
        #expect(throws: CaptureError.notFound(program: "assoc-no-such-program")) {
            try launcher.run(["assoc-no-such-program", "--flag"])
        }
        #expect(CaptureError.notFound(program: "assoc-no-such-program").description.contains("'assoc-no-such-program'"))
        #expect(throws: LaunchError.spawnFailed(app: "selector", program: "assoc-no-such-program", reason: "not found on PATH")) {
            try launcher.ask(["assoc-no-such-program"], input: "a\n")
        }
        #expect(launcher.capture(["assoc-no-such-program"], timeout: 1_000) == nil)
    }

    @Test("more output than the limit is refused; a child that reads none of its input is no error")
    func limits() throws {
        #expect(throws: CaptureError.outputTooLarge(program: "/usr/bin/head", limit: Launcher.captureLimit)) {
            try launcher.run(["head", "-c", "2000000", "/dev/zero"], timeout: 10_000)
        }
        let ignored = try launcher.run(["true"], input: Array(repeating: 0x61, count: 500_000), timeout: 10_000)
        #expect(ignored.status == 0 && ignored.output.isEmpty)
    }

    @Test("the child starts with SIGPIPE at its default and nothing blocked, though this process ignores it")
    func signalsReset() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let status = try launcher.run(["grep", "-E", "^Sig(Ign|Blk)", "/proc/self/status"]).text
        let masks = status.split(separator: "\n").map { line in
            (String(line.prefix { $0 != ":" }), UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? 0)
        }
        #expect(masks.count == 2)
        for (name, mask) in masks {
            // SIGPIPE is signal 13: bit 12.
            #expect(mask & (1 << 12) == 0, "\(name) \(String(mask, radix: 16))")
        }
    }

    @Test("ask writes the candidates to a menu program and reads its choice")
    func askAMenu() throws {
        let (output, status) = try launcher.ask(["head", "-n", "1"], input: "first\tOne\nsecond\tTwo\n")
        #expect(output == "first\tOne\n" && status == 0)
    }
}
