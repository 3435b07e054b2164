import AssocTestSupport
import Foundation

@testable import AssocCLI

/// One in-process run of the command line.
struct CLIRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs `assoc ARGUMENTS` in this process with `environment` (a scratch tree's, by default one
/// that points everything at a directory that does not exist).
func runCLI(_ arguments: [String], environment: [String: String]? = nil) -> CLIRun {
    let (sink, captured) = OutputSink.capturing()
    let variables =
        environment ?? [
            "HOME": "/nonexistent/assoc-cli-tests", "XDG_DATA_DIRS": "/usr/share",
            "XDG_CONFIG_DIRS": "/nonexistent/assoc-cli-tests",
            "PATH": "/usr/bin:/bin", "LC_ALL": "C",
        ]
    let status = AssocCLI.run(arguments: arguments, environment: variables, output: sink)
    return CLIRun(status: status.rawValue, standardOutput: captured.standardOutput, standardError: captured.standardError)
}

/// Whether the system's MIME database is there (the commands that type need it).
let hasSystemDatabase = FileManager.default.fileExists(atPath: "/usr/share/mime/packages/freedesktop.org.xml")
