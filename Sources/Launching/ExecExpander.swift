import DesktopEntry
import XDGSupport

/// Expands an entry's `Exec` into argument vectors for some targets (SPECS rules 74–78).
///
/// Order: the key-file escapes are already undone; the value is split by the quoting rules; then
/// field codes are expanded in each argument, never re-scanned and never split (but `%F`, `%U` and
/// `%i`, which stand alone). `%f`/`%u` with several targets give one process per target, `%F`/`%U`
/// one process with all; with no file code the targets are appended, one process each, as GIO does.
/// A local file reaches the application as its absolute path (`%f`, `%F`, appended) or, where the
/// entry asks for URLs (`%u`, `%U`), as its `file://` URL, as GIO passes it; a URL given to a `%f`
/// application is refused, never downloaded behind the user's back. No target is ever the program:
/// an `Exec` whose program holds a field code is refused (`ExecProgram`).
public enum ExecExpander {
    static let fileCodes = ExecFieldCode.fileCodes
    static let deprecatedCodes = ExecFieldCode.deprecatedCodes

    /// The processes that open `targets` with an installed application, which must be usable by
    /// the application index's rule (not `Hidden`, its `TryExec` and program installed…).
    ///
    /// - Throws: `LaunchError.notLaunchable` naming the reason, or any error of `plans(for:)`.
    public static func plans(
        for application: InstalledApplication, targets: [LaunchTarget],
        locale: LocalePreferences = LocalePreferences(candidates: [])
    ) throws(LaunchError) -> [LaunchPlan] {
        guard let entry = application.entry, application.status.isUsable else {
            throw .notLaunchable(app: application.id, reason: application.status.description)
        }
        return try plans(for: entry, targets: targets, locale: locale)
    }

    /// The processes that open `targets` with `entry`.
    ///
    /// - Throws: `LaunchError` for an invalid `Exec` (its program a field code included), an entry
    ///   without one, a file target that is not an absolute path, or a URL for a file app.
    public static func plans(
        for entry: DesktopEntry, targets: [LaunchTarget],
        locale: LocalePreferences = LocalePreferences(candidates: [])
    ) throws(LaunchError) -> [LaunchPlan] {
        guard let exec = entry.exec, !exec.isEmpty else {
            throw .notLaunchable(
                app: entry.id,
                reason: entry.dbusActivatable
                    ? "it is D-Bus activatable without an Exec line, which assoc cannot launch yet" : "it has no Exec line")
        }
        let tokens: [ExecTokenizer.Token]
        do { tokens = try ExecTokenizer.tokenize(exec) } catch {
            throw .invalidExec(path: entry.path, line: entry.execLine, reason: error.description)
        }
        if let problem = ExecProgram.problem(tokens) {
            throw .invalidExec(path: entry.path, line: entry.execLine, reason: problem)
        }
        if let relative = targets.first(where: { if case .file(let path) = $0 { !path.hasPrefix("/") } else { false } }) {
            throw .refused(target: relative.text, reason: "it is not an absolute path, and applications get absolute paths only")
        }
        let code = try fileCode(tokens, entry: entry)
        let batches: [[LaunchTarget]]
        switch code {
        case "F", "U": batches = [targets]
        default: batches = targets.isEmpty ? [[]] : targets.map { [$0] }
        }
        var plans: [LaunchPlan] = []
        for batch in batches {
            if code == "f" || code == "F" || code == nil {
                if let url = batch.first(where: { if case .url = $0 { return true } else { return false } }) {
                    throw .urlToFileApplication(app: entry.id, url: url.text)
                }
            }
            var argv: [String] = []
            for token in tokens { argv += try expand(token.text, batch: batch, entry: entry, locale: locale) }
            if code == nil { argv += batch.map(\.text) }
            plans.append(
                LaunchPlan(
                    app: entry.id, argv: argv, targets: batch,
                    workingDirectory: entry.workingDirectory, terminal: entry.terminal))
        }
        return plans
    }

    /// The one file code of the line, checking the rules on field codes.
    private static func fileCode(_ tokens: [ExecTokenizer.Token], entry: DesktopEntry) throws(LaunchError) -> Character? {
        var found: Character?
        for token in tokens {
            var characters = Array(token.text)[...]
            while let percent = characters.firstIndex(of: "%") {
                guard percent + 1 < characters.endIndex else {
                    throw .invalidExec(path: entry.path, line: entry.execLine, reason: "a lone '%' ends the Exec line")
                }
                let code = characters[percent + 1]
                characters = characters[(percent + 2)...]
                if code == "%" || deprecatedCodes.contains(code) { continue }
                guard fileCodes.contains(code) || ExecFieldCode.otherCodes.contains(code) else {
                    throw .invalidExec(
                        path: entry.path, line: entry.execLine,
                        reason: "'%\(code)' is not a field code of the specification")
                }
                if fileCodes.contains(code) {
                    if found != nil {
                        throw .invalidExec(
                            path: entry.path, line: entry.execLine,
                            reason: "more than one of %f, %F, %u, %U in Exec")
                    }
                    found = code
                }
                if ExecFieldCode.standaloneCodes.contains(code) && token.text != "%\(code)" {
                    throw .invalidExec(
                        path: entry.path, line: entry.execLine,
                        reason: "'%\(code)' must be an argument on its own")
                }
            }
        }
        return found
    }

    private static func expand(
        _ text: String, batch: [LaunchTarget], entry: DesktopEntry,
        locale: LocalePreferences
    ) throws(LaunchError) -> [String] {
        switch text {
        case "%F", "%U": return batch.map { $0.argument(asURL: text == "%U") }
        case "%i": return entry.icon.map { $0.isEmpty ? [] : ["--icon", $0] } ?? []
        default: break
        }
        guard text.contains("%") else { return [text] }
        var result = ""
        var iterator = text.makeIterator()
        var hadFileCode = false
        while let character = iterator.next() {
            guard character == "%", let code = iterator.next() else {
                result.append(character)
                continue
            }
            switch code {
            case "%": result.append("%")
            case "f", "u":
                hadFileCode = true
                result += batch.first?.argument(asURL: code == "u") ?? ""
            case "c": result += entry.name.value(for: locale)
            case "k": result += entry.path
            default: break  // deprecated codes are removed
            }
        }
        // A file code alone with no target leaves no empty argument behind.
        if hadFileCode && result.isEmpty { return [] }
        return result.isEmpty && text.allSatisfy({ $0 == "%" || deprecatedCodes.contains($0) }) ? [] : [result]
    }
}
