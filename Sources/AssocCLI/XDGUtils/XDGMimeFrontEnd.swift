import Associations
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
        case "install", "uninstall": throw notImplemented(command, session)
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
        if let id = context.resolver.resolve(type, mode: session.mode).defaultApplication {
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
            let report = try EditRendering.editor(context).apply(EditRequest(.set, .targets(types), application: app))
            if session.debugLevel >= 1 {
                for note in report.notes { session.message(note) }
                for line in report.answers.flatMap(\.lines) { session.message(line) }
            }
        } catch {
            throw XDGSession.exit(for: error)
        }
        return .success
    }

    /// `install` and `uninstall` wait for assoc's own compiler of the type database: until then
    /// they name the xdg-mime of xdg-utils to use.
    private static func notImplemented(_ command: String, _ session: XDGSession) -> XDGExit {
        let installed = XDGUtilityLocator(environment: session.context.environment).foreign(.mime)
        let meanwhile =
            installed.map { "use xdg-utils' own meanwhile: \($0) \(command) ..." }
            ?? "install xdg-utils' xdg-mime for it meanwhile"
        return XDGExit(
            status: .impossible,
            message: "'\(command)' is not implemented by assoc yet (it needs assoc's own compiler of the MIME "
                + "database); \(meanwhile)")
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
