import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `assoc-portal` executable, which `assoc portal` and `assoc watch` run.
///
/// The services link libsystemd's sd-bus, which Debian ships only as a shared library, while the
/// release `assoc` is a static executable; so these commands run the separate `assoc-portal`
/// executable installed beside it (the build tree) or in `../libexec/assoc/` (an installation).
enum ServiceExecutable {
    /// Replaces this process with `assoc-portal`, given the arguments `arguments` makes of this
    /// executable's path (and `--verbose` when asked); returns only when that fails, with the
    /// reason said under `command`'s name.
    static func run(_ command: String, context: CommandContext, _ arguments: (String) -> [String]) -> ExitStatus {
        guard let own = ownExecutable() else {
            context.output.error("\(command): cannot find the running executable (/proc/self/exe)")
            return .failure
        }
        let directory = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
        let candidates = [directory + "/assoc-portal", directory + "/../libexec/assoc/assoc-portal"]
        guard let service = candidates.first(where: FileBytes.isExecutableFile) else {
            context.output.error(
                "\(command): the service executable assoc-portal is not installed: neither \(candidates.joined(separator: " nor "))"
            )
            return .failure
        }
        var argv = [service] + arguments(own)
        if context.verbose { argv.append("--verbose") }
        context.output.flush()
        let cArguments = argv.map { strdup(PathCoding.cString($0)) } + [nil]
        let cEnvironment = context.environment.variables.map { strdup(PathCoding.cString("\($0.key)=\($0.value)")) } + [nil]
        execve(service, cArguments, cEnvironment)
        let reason = String(cString: strerror(errno))
        for pointer in cArguments + cEnvironment { free(pointer) }
        context.output.error("\(command): cannot run \(service): \(reason)")
        return .failure
    }

    /// The path of the running executable.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return PathCoding.decode(buffer[..<count].map { UInt8(bitPattern: $0) })
    }
}
