import DesktopEntry
import Launching
import Testing
import XDGSupport

@Suite("no target is ever the program (DESIGN.md decision 11)")
struct ExecProgramTests {
    @Test(
        "an Exec whose program holds a field code is refused by the expander and the index",
        arguments: ["%f", "%u", "%F", "%U", "%k", "%c", "x%f --new", "%i"])
    func fieldCodeProgram(exec: String) throws {
        let app = try entry(exec: exec)
        #expect(throws: LaunchError.self) {
            try ExecExpander.plans(for: app, targets: [.file("/tmp/notes.txt")])
        }
        let index = ApplicationIndex(environment: XDGEnvironment(["PATH": "/usr/bin:/bin"]))
        guard case .invalidExec(let reason) = index.status(of: app) else {
            Issue.record("\(exec) is \(index.status(of: app))")
            return
        }
        #expect(reason.contains("field code"))
    }

    @Test("'%%' in the program is a literal percent sign, not a field code")
    func literalPercent() throws {
        let plan = try #require(
            try ExecExpander.plans(for: try entry(exec: "100%%tool %f"), targets: [.file("/x")]).first)
        #expect(plan.argv == ["100%tool", "/x"])
    }

    @Test("a relative file target is refused; LaunchTarget.localFile makes it absolute")
    func relativeTargets() throws {
        let app = try entry(exec: "viewer %f")
        #expect(throws: LaunchError.self) {
            try ExecExpander.plans(for: app, targets: [.file("a.txt")])
        }
        #expect(LaunchTarget.localFile("a.txt", relativeTo: "/home/u") == .file("/home/u/a.txt"))
        #expect(LaunchTarget.localFile("./-rf", relativeTo: "/home/u/") == .file("/home/u/-rf"))
        #expect(LaunchTarget.localFile("/abs", relativeTo: "/home/u") == .file("/abs"))
    }
}
