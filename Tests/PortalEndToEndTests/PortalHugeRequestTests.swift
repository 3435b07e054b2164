import AssocTestSupport
import Foundation
import Testing

/// What a process's `/proc/PID/status` says of its resident memory, in KiB.
private func residentKiB(_ pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return line.split(separator: " ").compactMap { Int($0) }.first
}

/// A request far beyond `RequestLimits`, through the real frontend.
@Suite("assoc portal: a huge request", .serialized, .enabled(if: PortalBus.isAvailable))
struct PortalHugeRequestTests {
    @Test("300,000 filters (12 MB) are refused at once with response 2: no terminal, no request, the backend left small")
    func hugeFilters() throws {
        let bus = try PortalBus(terminal: "true")
        let marker = bus.tree.path("terminal-started")
        // A first request starts the backend, so that its size before is known.
        let first = try bus.startClient([["method": "OpenFile"]])
        _ = try bus.playDialog(answer: #"{"response":1}"#)
        #expect(bus.answers(of: first).first?["response"] as? Int == 1)
        let backend = try #require(try bus.backendPID())
        let before = try #require(residentKiB(backend))
        // A terminal that leaves a mark: before the limits, the backend read every filter, wrote a
        // request no dialog reads, started the terminal and answered 2 only when no dialog had
        // connected after 30 s.
        try bus.setTerminal("sh -c \"touch '\(marker)'\" sh")
        let started = Date()
        let huge = try bus.startClient([["method": "OpenFile", "options": ["generated_filters": 300_000]]])
        let answer = bus.answers(of: huge).first
        print("huge request answered after \(Date().timeIntervalSince(started)) s: \(answer ?? [:])")
        #expect(answer?["response"] as? Int == 2, "\(answer ?? [:])")
        #expect(!FileManager.default.fileExists(atPath: marker), "no terminal was started for it")
        #expect(bus.requestDirectories.isEmpty, "\(bus.requestDirectories)")
        let after = try #require(residentKiB(backend))
        print("backend resident: \(before) KiB before, \(after) KiB after")
        #expect(after < before + 32 * 1024, "the backend kept \(after - before) KiB")
        // And it still serves the next request.
        try bus.setTerminal("true")
        let next = try bus.startClient([["method": "OpenFile"]])
        _ = try bus.playDialog(answer: #"{"response":1}"#)
        #expect(bus.answers(of: next).first?["response"] as? Int == 1)
    }
}
