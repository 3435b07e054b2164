import Foundation
import Testing

@testable import AssocCLI

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The process state the front end gives commands: what it does not know yet is asked of the
/// system when a command reads it, and what a test sets is what the command sees.
@Suite("the state of the process a command runs in")
struct ProcessStateTests {
    @Test("this process's state, asked when read, is what getcwd and isatty say")
    func currentState() {
        let state = ProcessState.current()
        #expect(state.workingDirectory == FileManager.default.currentDirectoryPath)
        #expect(state.inputIsTerminal == (isatty(0) == 1))
        #expect(state.outputIsTerminal == (isatty(1) == 1))
        #expect(state.errorIsTerminal == (isatty(2) == 1))
        // Standard output as the sink found it, asked no more.
        let told = ProcessState.current(outputIsTerminal: isatty(1) != 1)
        #expect(told.outputIsTerminal == (isatty(1) != 1))
    }

    @Test("a state given or set answers with its own values, whatever the process's streams are")
    func givenState() {
        var state = ProcessState(workingDirectory: "/nowhere", inputIsTerminal: true, errorIsTerminal: true)
        #expect(state.workingDirectory == "/nowhere" && state.inputIsTerminal && !state.outputIsTerminal)
        #expect(state.errorIsTerminal)
        state.workingDirectory = "/elsewhere"
        state.outputIsTerminal = true
        state.inputIsTerminal = false
        #expect(state.workingDirectory == "/elsewhere" && state.outputIsTerminal && !state.inputIsTerminal)
        #expect(state == ProcessState(workingDirectory: "/elsewhere", outputIsTerminal: true, errorIsTerminal: true))
    }
}
