import Foundation
import XDGSupport

extension ProcessRunner {
    /// Copies the program at `source` to `destination`, executable, for a test that runs a copy.
    ///
    /// The copy is written through a descriptor opened close-on-exec, and it is started only once
    /// no process holds it open for writing: a program that another test starts at the moment
    /// the copy is written inherits every descriptor that is not close-on-exec, and while one is
    /// open for writing, running the copy fails with ETXTBSY ("Text file busy").
    public static func copyExecutable(_ source: String, to destination: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw SetupError("cannot create \(destination): errno \(errno)") }
        defer { close(descriptor) }
        do { try DescriptorIO.writeAll(descriptor, [UInt8](bytes)) } catch {
            throw SetupError("cannot write \(destination): \(error)")
        }
    }

    /// Runs `executable` as `run` does, trying again for a few seconds while starting it fails
    /// with ETXTBSY: a child another test forked may still hold a copy just written open.
    public static func runFreshCopy(
        _ executable: String, _ arguments: [String], environment: [String: String], timeout: Double? = nil
    ) throws -> ProcessResult {
        let deadline = Date().addingTimeInterval(5)
        while true {
            do {
                return try run(executable, arguments, environment: environment, timeout: timeout)
            } catch let error as NSError where Self.isTextFileBusy(error) && Date() < deadline {
                usleep(20_000)
            }
        }
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) { return true }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { return false }
        return isTextFileBusy(underlying)
    }
}
