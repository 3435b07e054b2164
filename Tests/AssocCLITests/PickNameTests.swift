import DocumentProvider
import Testing

@Suite("assoc pick --mode save --name: the one file-name rule")
struct PickNameTests {
    @Test(
        "--name '..', '.', with '/', or empty is a usage error giving the reason, before any screen",
        arguments: ["..", ".", "a/b", ""])
    func refused(name: String) throws {
        let run = runCLI(["pick", "--mode", "save", "--name", name])
        let problem = try #require(FileName.problem(name))
        #expect(run.status == 2)
        #expect(run.standardError.contains("--name '\(name)': \(problem)"), "\(run.standardError)")
    }
}
