import Associations
import XDGSupport

/// `xdg-settings {get | check | set} default-web-browser | default-url-scheme-handler SCHEME
/// [APP]` and `--list`, answered by `WebBrowserSettings`.
enum XDGSettingsFrontEnd {
    /// The properties, as `--list` prints them.
    static let properties = [
        ("default-url-scheme-handler", "Default handler for URL scheme"), ("default-web-browser", "Default web browser"),
    ]

    /// Runs `--list`, or the operation on the property the arguments name.
    static func run(_ arguments: [String], _ session: XDGSession) throws(XDGExit) -> XDGStatus {
        let output = session.context.output
        if arguments.first == "--list" {
            output.line("Known properties:")
            for (name, meaning) in properties {
                output.line("  " + name + String(repeating: " ", count: max(1, 30 - name.count)) + meaning)
            }
            return .success
        }
        func argument(_ index: Int) -> String { index < arguments.count ? arguments[index] : "" }
        guard !argument(0).isEmpty else { throw .syntax("no operation given") }
        guard !argument(1).isEmpty else { throw .syntax("no parameter name given") }
        let operation = argument(0)
        guard operation == "get" || !argument(2).isEmpty else { throw .syntax("no parameter value given") }
        guard ["get", "check", "set"].contains(operation) else { throw .syntax("invalid operation") }
        let property = argument(1)
        let values = Array(arguments.dropFirst(2))
        let context = session.context
        if operation != "set" {
            context.entryReading = .resolution
            context.cacheChecking = .perRead
        }
        let settings = WebBrowserSettings(resolver: context.resolver, mode: session.mode)
        switch (operation, property) {
        case ("get", "default-web-browser"):
            return print(settings.webBrowser(), type: "x-scheme-handler/http", session)
        case ("get", "default-url-scheme-handler"):
            return print(settings.schemeHandler(argument(2)), type: "x-scheme-handler/" + argument(2), session)
        case ("check", "default-web-browser"):
            let id = try application(argument(2))
            output.line(settings.isWebBrowser(id) ? "yes" : "no")
            return .success
        case ("check", "default-url-scheme-handler"):
            let id = try application(argument(3))
            output.line(settings.isSchemeHandler(argument(2), id) ? "yes" : "no")
            return .success
        case ("set", "default-web-browser"):
            guard values.count == 1 else { throw .syntax("unexpected/missing argument") }
            let id = try application(values[0])
            return try set(session) { editor throws(WebBrowserSettings.Failure) in try settings.setWebBrowser(id, editor: editor)
            }
        case ("set", "default-url-scheme-handler"):
            guard values.count == 2 else { throw .syntax("unexpected/missing argument") }
            let id = try application(values[1])
            return try set(session) { editor throws(WebBrowserSettings.Failure) in
                try settings.setSchemeHandler(values[0], id, editor: editor)
            }
        default:
            throw .syntax(nil)
        }
    }

    /// An APP operand: a desktop file ID, `NAME.desktop` without a `/`.
    private static func application(_ text: String) throws(XDGExit) -> String {
        guard text.hasSuffix(".desktop"), !text.contains("/") else { throw .syntax("invalid application name") }
        return text
    }

    /// Prints an answer (nothing when there is none, still status 0, as xdg-utils does), and
    /// with debugging where it came from.
    private static func print(_ answer: WebBrowserSettings.Answer, type: String, _ session: XDGSession) -> XDGStatus {
        if answer.resolution == nil {
            if session.debugLevel >= 1 { session.message("answering from $BROWSER") }
        } else {
            session.explain(type)
        }
        if let id = answer.id { session.context.output.untrustedLine(id) }
        return .success
    }

    /// Makes a change: 4 when `$BROWSER` forbids it or it does not take (it is then undone), 2
    /// when the application cannot be used, 5 when the list may not be written.
    private static func set(
        _ session: XDGSession, _ change: (DefaultsEditor) throws(WebBrowserSettings.Failure) -> EditReport
    ) throws(XDGExit) -> XDGStatus {
        do {
            let report = try change(EditRendering.editor(session.context))
            if session.debugLevel >= 1 {
                for line in report.answers.flatMap(\.lines) { session.message(line) }
            }
            return .success
        } catch {
            switch error {
            case .browserVariableSet: throw XDGExit(status: .failed, message: error.description)
            case .unusable(let id, let reason): throw XDGExit(status: .fileMissing, message: "'\(id)': \(reason)")
            case .refused(let refusal): throw XDGSession.exit(for: refusal)
            }
        }
    }
}
