@testable import DesktopEntry
@testable import Launching
import XDGSupport

/// Desktop entries, their `Exec` lines and the expansion of field codes: any text parses or is
/// refused with a typed error, and every `Exec` splits or is refused, never traps. The read for
/// resolution gives the full parse's entry without the keys it does not keep, or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDesktopEntry(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let text = String(validating: input.rest, as: UTF8.self) else {
        // What `DesktopEntry.load` does with bytes that are not UTF-8.
        _ = UTF8Validation.firstInvalidLine(input.rest)
        return 0
    }
    var diagnostics: [Diagnostic] = []
    let entry: DesktopEntry
    let path = "/fuzz/applications/fuzz.desktop"
    let locale = LocalePreferences(candidates: ["de_DE@euro", "de"])
    let light = Result { () throws(DesktopEntryError) in
        try DesktopEntry.parseForResolution(text, path: path, id: "fuzz.desktop", locale: locale)
    }
    do {
        entry = try DesktopEntry.parse(text, path: path, id: "fuzz.desktop", diagnostics: &diagnostics)
    } catch {
        _ = error.description
        guard case .failure(error) = light else { fuzzFailure("the resolution read accepted what the parser refused") }
        return 0
    }
    var expected = entry
    (expected.genericName, expected.comment, expected.icon, expected.workingDirectory) = (nil, nil, nil, nil)
    (expected.terminal, expected.startupWMClass, expected.actions) = (false, nil, [])
    (expected.categories, expected.implements, expected.keywords) = ([], [], [])
    expected.name.translations = expected.name.translations.filter { locale.candidates.contains($0.key) }
    guard case .success(expected) = light else { fuzzFailure("the resolution read differs from the parser's entry") }
    _ = entry.isShown(on: ["gnome", "kde"])
    _ = entry.name.value(for: LocalePreferences(candidates: ["de_DE@euro", "de"]))
    for exec in [entry.exec] + entry.actions.map(\.exec) {
        guard let exec else { continue }
        if let tokens = try? ExecTokenizer.tokenize(exec) {
            guard !tokens.isEmpty else { fuzzFailure("an Exec split into no arguments") }
        }
        var planned = entry
        planned.exec = exec
        for targets in [[], [LaunchTarget.file("/tmp/a b.pdf")],
                        [LaunchTarget.file("/tmp/%f"), .url("https://example.org/x?y=%u")]] {
            // An empty argv is possible ('Exec=%F' and no files); the launcher refuses it.
            _ = try? ExecExpander.plans(for: planned, targets: targets)
        }
    }
    return 0
}
