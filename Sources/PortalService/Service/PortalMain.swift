import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `assoc-portal` executable, which `assoc portal` runs: `assoc-portal --assoc PATH [--replace] [--verbose]`;
/// and `assoc watch`: `assoc-portal --watch [--verbose]`.
public enum PortalMain {
    /// Parses the arguments, runs the backend, and exits: 0 when another backend took the name
    /// over, 2 when it cannot start or loses the bus.
    public static func main() -> Never {
        signal(SIGPIPE, SIG_IGN)
        let arguments = (1..<Int(CommandLine.argc)).map { index -> String in
            CommandLine.unsafeArgv[index].map { PathCoding.decode(cString: $0) } ?? ""
        }
        var assoc: String?
        var replace = false
        var verbose = false
        var watch = false
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--assoc" where index + 1 < arguments.count:
                assoc = arguments[index + 1]
                index += 1
            case "--replace": replace = true
            case "--verbose": verbose = true
            case "--watch": watch = true
            default:
                printError("assoc-portal: unknown argument '\(arguments[index])'; this program is run by 'assoc portal'")
                exit(2)
            }
            index += 1
        }
        if watch { WatchMain.main(verbose: verbose) }
        guard let assoc else {
            printError("assoc-portal: --assoc PATH (the assoc executable) is missing; run 'assoc portal' instead")
            exit(2)
        }
        let environment = XDGEnvironment(XDGEnvironment.processVariables())
        do {
            let backend = try PortalBackend(
                .init(environment: environment, assocExecutable: assoc, replace: replace, verbose: verbose))
            try backend.run()
        } catch {
            printError("assoc portal: \(error)")
            exit(2)
        }
        exit(0)
    }
}
