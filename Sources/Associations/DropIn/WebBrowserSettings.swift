import DesktopEntry
import XDGSupport

/// The two properties of `xdg-settings`, answered by assoc's resolution and changed through
/// `DefaultsEditor`: `default-web-browser` (the handler of `http` URLs; setting it writes
/// `text/html` and the `http`, `https`, `about` and `unknown` schemes, the keys xdg-utils' generic
/// path writes) and `default-url-scheme-handler SCHEME`.
///
/// `$BROWSER`, when set, is the web browser, as xdg-utils' generic path has it: the application
/// whose `Exec` program is the program of its first alternative answers for the browser and for
/// `http` and `https`, and neither can be set while it is there. GIO knows nothing of `$BROWSER`:
/// with its rules the variable is not read.
public struct WebBrowserSettings: Sendable {
    /// What setting the web browser writes, in order.
    public static let browserTypes = [
        "text/html", "x-scheme-handler/http", "x-scheme-handler/https", "x-scheme-handler/about",
        "x-scheme-handler/unknown",
    ]

    /// An answer: the application, and how it was found.
    public struct Answer: Sendable, Equatable {
        /// The desktop file ID, or nil for none.
        public var id: String?
        /// The resolution that gave it, or nil when `$BROWSER` did.
        public var resolution: Resolution?
    }

    /// Why a property was not set.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `$BROWSER` decides the web browser, so it cannot be changed here.
        case browserVariableSet
        /// The application is not installed, or no tool would run it.
        case unusable(id: String, reason: String)
        /// The editor refused, or the change did not take and was undone.
        case refused(EditRefusal)

        /// The message.
        public var description: String {
            switch self {
            case .browserVariableSet: return "$BROWSER is set and can't be changed with xdg-settings"
            case .unusable(let id, let reason): return "'\(id)' cannot be used: \(reason)"
            case .refused(let refusal): return refusal.description
            }
        }
    }

    /// The lists, entries and database answered from.
    public let resolver: AssociationResolver
    /// The rules that answer.
    public let mode: ResolutionMode
    /// `$BROWSER`, unless GIO's rules answer.
    public let browser: BrowserVariable?

    /// Settings over `resolver`, answered by `mode`; `$BROWSER` is read unless GIO's rules answer
    /// or `readsBrowser` says otherwise (xdg-utils reads it on its generic path only).
    public init(resolver: AssociationResolver, mode: ResolutionMode, readsBrowser: Bool? = nil) {
        self.resolver = resolver
        self.mode = mode
        browser = readsBrowser ?? (mode != .gio) ? BrowserVariable(resolver.environment.variables["BROWSER"]) : nil
    }

    /// `get default-web-browser`.
    public func webBrowser() -> Answer {
        if let browser, let id = resolver.applications.application(runningProgram: browser.firstProgram)?.id {
            return Answer(id: id, resolution: nil)
        }
        return answer(for: "x-scheme-handler/http")
    }

    /// `get default-url-scheme-handler SCHEME`.
    public func schemeHandler(_ scheme: String) -> Answer {
        if browser != nil && BrowserVariable.isPreferred(forScheme: scheme) { return webBrowser() }
        return answer(for: "x-scheme-handler/" + scheme)
    }

    /// `check default-web-browser ID`: whether `ID` answers for `http`, `text/html` and `https`.
    public func isWebBrowser(_ id: String) -> Bool {
        webBrowser().id == id && answer(for: "text/html").id == id && schemeHandler("https").id == id
    }

    /// `check default-url-scheme-handler SCHEME ID`: whether `ID` can be used and answers for the scheme.
    public func isSchemeHandler(_ scheme: String, _ id: String) -> Bool {
        resolver.applications.unusableReason(id) == nil && schemeHandler(scheme).id == id
    }

    /// `set default-web-browser ID`: one write of every type of `browserTypes`, each checked
    /// afterwards by `mode`, undone if one does not answer with `ID`.
    public func setWebBrowser(_ id: String, editor: DefaultsEditor) throws(Failure) -> EditReport {
        if browser != nil { throw .browserVariableSet }
        return try set(id, types: Self.browserTypes, editor: editor)
    }

    /// `set default-url-scheme-handler SCHEME ID`, checked and undone like `setWebBrowser`.
    public func setSchemeHandler(_ scheme: String, _ id: String, editor: DefaultsEditor) throws(Failure) -> EditReport {
        if browser != nil && BrowserVariable.isPreferred(forScheme: scheme) { throw .browserVariableSet }
        return try set(id, types: ["x-scheme-handler/" + scheme], editor: editor)
    }

    private func set(_ id: String, types: [String], editor: DefaultsEditor) throws(Failure) -> EditReport {
        if let reason = resolver.applications.unusableReason(id) { throw .unusable(id: id, reason: reason) }
        let mode = self.mode
        do {
            return try editor.apply(
                EditRequest(
                    .set, .targets(types), application: id,
                    command: "xdg-settings set "
                        + (types.count == 1
                            ? "default-url-scheme-handler \(types[0].dropFirst("x-scheme-handler/".count)) \(id)"
                            : "default-web-browser \(id)"))
            ) { resolver, written in
                written.compactMap { type in
                    let resolution = resolver.resolve(type, mode: mode)
                    guard resolution.defaultApplication != id else { return nil }
                    return IneffectiveDefault(
                        type: type, expected: id, actual: resolution.defaultApplication, reason: resolution.decidingStep)
                }
            }
        } catch {
            throw .refused(error)
        }
    }

    private func answer(for type: String) -> Answer {
        let resolution = resolver.resolve(type, mode: mode)
        return Answer(id: resolution.defaultApplication, resolution: resolution)
    }
}

extension Resolution {
    /// The step that decided, as text: the choice and its reason, or that there is none.
    public var decidingStep: String {
        for step in steps.reversed() {
            switch step {
            case .chose, .noDefault: return step.text
            default: continue
            }
        }
        return ""
    }
}
