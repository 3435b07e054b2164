import Associations
import MIMEDatabase
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `xdg-mime query filetype FILE`, `query default TYPE` and `default APP TYPE...`, answered by
/// `TypeDetector`, `AssociationResolver` and `DefaultsEditor`.
enum XDGMimeFrontEnd {
    /// Runs the command the first argument names.
    static func run(_ arguments: [String], _ session: XDGSession) throws(XDGExit) -> XDGStatus {
        guard let command = arguments.first, !command.isEmpty else { throw .syntax(nil) }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "query":
            guard let query = rest.first, !query.isEmpty else { throw .syntax("query type argument missing") }
            let operand = rest.count > 1 ? rest[1] : ""
            switch query {
            case "filetype": return try fileType(operand, session)
            case "default": return try queryDefault(operand, session)
            default: throw .syntax("unknown query type '\(query)'")
            }
        case "default": return try makeDefault(rest, session)
        case "install", "uninstall": return try packages(command, rest, session)
        default: throw .syntax("unknown command '\(command)'")
        }
    }

    /// `query filetype FILE`: the type alone on standard output.
    private static func fileType(_ path: String, _ session: XDGSession) throws(XDGExit) -> XDGStatus {
        guard !path.isEmpty else { throw .syntax("FILE argument missing") }
        if path.hasPrefix("-") { throw .syntax("unexpected option '\(path)'") }
        var info = stat()
        guard stat(PathCoding.cString(path), &info) == 0 else { throw .missing(path) }
        guard access(PathCoding.cString(path), R_OK) == 0 else {
            throw XDGExit(status: .noPermission, message: "no permission to read file '\(path)'")
        }
        let context = session.context
        context.cacheChecking = .perRead
        do {
            // As xdg-mime does (readlink -f), a link is typed by the file it leads to.
            let detection = try context.detector.detect(path: XDGUtilityLocator.canonicalPath(path) ?? path)
            context.output.line(detection.type)
        } catch {
            throw XDGExit(status: .failed, message: "\(error)")
        }
        return .success
    }

    /// `query default TYPE`: the desktop file ID, or nothing (still status 0) when there is none.
    private static func queryDefault(_ type: String, _ session: XDGSession) throws(XDGExit) -> XDGStatus {
        guard !type.isEmpty else { throw .syntax("mimetype argument missing") }
        if type.hasPrefix("-") { throw .syntax("unexpected option '\(type)'") }
        guard type.contains("/") else { throw .syntax("mimetype '\(type)' is not in the form 'minor/major'") }
        let context = session.context
        context.entryReading = .resolution
        context.cacheChecking = .perRead
        session.explain(type)
        if let id = context.resolver.resolveDefault(type, mode: session.mode).application {
            context.output.untrustedLine(id)
        }
        return .success
    }

    /// `default APP TYPE...`: one write of every type through `DefaultsEditor`, quietly.
    private static func makeDefault(_ arguments: [String], _ session: XDGSession) throws(XDGExit) -> XDGStatus {
        guard let app = arguments.first, !app.isEmpty else { throw .syntax("application argument missing") }
        if app.hasPrefix("-") { throw .syntax("unexpected option '\(app)'") }
        guard app.hasSuffix(".desktop") else { throw .syntax("malformed argument '\(app)', expected *.desktop") }
        let types = Array(arguments.dropFirst())
        guard !types.isEmpty, !types[0].isEmpty else { throw .syntax("mimetype argument missing") }
        if let option = types.first(where: { $0.hasPrefix("-") }) { throw .syntax("unexpected option '\(option)'") }
        let context = session.context
        if let reason = context.resolver.applications.unusableReason(app) {
            throw XDGExit(status: .fileMissing, message: "'\(app)': \(reason)")
        }
        do {
            let report = try EditRendering.editor(context).apply(
                EditRequest(
                    .set, .targets(types), application: app,
                    command: (["xdg-mime", "default", app] + types).joined(separator: " ")))
            if session.debugLevel >= 1 {
                for note in report.notes { session.message(note) }
                for line in report.answers.flatMap(\.lines) { session.message(line) }
            }
        } catch {
            throw XDGSession.exit(for: error)
        }
        return .success
    }

    /// `install [--mode user|system] [--novendor] FILE` and `uninstall [--mode user|system] FILE`:
    /// xdg-mime's arguments, mode and vendor check, then `PackageInstaller`, which copies or
    /// removes the package atomically and compiles the directory with assoc's own compiler.
    private static func packages(_ command: String, _ arguments: [String], _ session: XDGSession) throws(XDGExit)
        -> XDGStatus
    {
        var mode: String?
        var checksVendor = true
        var file: String?
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            switch word {
            case "--mode":
                guard index < arguments.count, !arguments[index].isEmpty else {
                    throw .syntax("mode argument missing for --mode")
                }
                guard ["user", "system"].contains(arguments[index]) else { throw .syntax("unknown mode '\(arguments[index])'") }
                mode = arguments[index]
                index += 1
            case "--novendor": checksVendor = false
            case let option where option.hasPrefix("-"): throw .syntax("unexpected option '\(option)'")
            default:
                guard file == nil else { throw .syntax("unexpected argument '\(word)'") }
                guard FileBytes.exists(word) else { throw .missing(word) }
                guard access(PathCoding.cString(word), R_OK) == 0 else {
                    throw XDGExit(status: .noPermission, message: "no permission to read file '\(word)'")
                }
                file = word
            }
        }
        let environment = session.context.environment
        if let forced = environment.variables["XDG_UTILS_INSTALL_MODE"], forced == "user" || forced == "system" { mode = forced }
        guard let file else { throw .syntax("mimetypes-file argument missing") }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if checksVendor && command == "install" && !PackageDestination.hasVendorPrefix(name) {
            throw .syntax(
                "filename '\(name)' does not have a proper vendor prefix; a vendor prefix consists of alpha characters "
                    + "([a-zA-Z]) and is terminated with a dash (\"-\"). An example filename is 'example-\(name)'. Use "
                    + "--novendor to override or 'xdg-mime --manual' for additional info.")
        }
        let destination: PackageDestination
        if (mode ?? (getuid() == 0 ? "system" : "user")) == "system" {
            guard let directory = PackageDestination.xdgMimeSystemDataDirectory(environment: environment) else {
                throw XDGExit(status: .impossible, message: "No writable system mimetype directory found.")
            }
            destination = .dataDirectory(directory)
        } else {
            destination = .user
        }
        // xdg-mime installs any package and removes one that is not there without a word.
        let options = PackageInstaller.Options(checksVendorPrefix: false, force: true, ignoresMissing: true)
        do {
            let installer = PackageInstaller(environment: environment)
            _ =
                command == "install"
                ? try installer.install(paths: [file], to: destination, options: options)
                : try installer.uninstall(names: [name], from: destination, options: options)
        } catch {
            if case .notWritten(let failure) = error, case .readOnly = failure {
                throw XDGExit(status: .noPermission, message: error.description)
            }
            throw XDGExit(status: .failed, message: error.description)
        }
        return .success
    }
}

extension XDGSession {
    /// The status and message for a change the editor refused: 1 for the request (a TARGET that
    /// is no type), 5 for a list that may not be written, 4 for any other failure.
    static func exit(for refusal: EditRefusal) -> XDGExit {
        if refusal.isUsageError { return .syntax(refusal.description) }
        switch refusal {
        case .notWritten(.readOnly, _), .notWritten(.foreignOwner, _):
            return XDGExit(status: .noPermission, message: refusal.description)
        default: return XDGExit(status: .failed, message: refusal.description)
        }
    }
}
