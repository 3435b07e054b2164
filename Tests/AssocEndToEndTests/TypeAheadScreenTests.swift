import AssocTestSupport
import Foundation
import Testing

extension PickerKeysScreenTests {
    @Test("keys typed while the picker starts (and asks the terminal what it draws) are kept, in order")
    func typeAhead() throws {
        let tree = try TemporaryXDGTree()
        for name in ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"] { try tree.write("docs/\(name)", "\(name)\n") }
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "pick", "docs"], environment: screenEnvironment(tree), directory: tree.root)
        // At once, before the first screen: the picker is still loading, or waiting for the answer.
        try session.send("Down", "Down", "Down", "Up")
        let screen = try session.waitFor("> c.txt")
        #expect(highlighted(screen)?.hasPrefix("> c.txt") == true, "\(screen)")
        // Nothing of tmux's answer was taken for a key: the status line is the picker's own.
        #expect(screen.contains("q cancel") && !screen.contains("search:"))
        try session.send("Enter")
        let result = try session.waitForExit()
        #expect(result.status == 0 && result.standardOutput == tree.path("docs/c.txt") + "\n")
    }
}
