import XDGSupport

extension DesktopEntry {
    /// How much of a desktop entry is read.
    public enum Reading: Sendable, Equatable {
        /// Every key, every group and the lint: what `check` and `explain` report on, and what
        /// launching needs.
        case full
        /// Only the keys that resolving a type's applications needs (`resolutionKeys`), and no
        /// lint: what `default` and `apps` read.
        case resolution
    }

    /// The keys of `[Desktop Entry]` that the `resolution` read keeps: those that decide whether
    /// an entry is a usable handler of a type and whether menus show it (SPECS rules 65–69), and
    /// `Name` for printing (with only the translations the locale can choose).
    public static let resolutionKeys: Set<String> = Set(keptKeys.map { "\($0)" })

    /// `resolutionKeys` as written, compared with an ASCII key's bytes without making a string.
    private static let keptKeys: [StaticString] = [
        "Type", "Hidden", "NoDisplay", "TryExec", "Exec", "DBusActivatable", "MimeType", "OnlyShowIn", "NotShowIn", "Name",
    ]

    /// Reads the file at `path` as the entry `id`, keeping only `resolutionKeys`, and of the
    /// translations of `Name` only those of `locale`'s candidates.
    ///
    /// The entry is the one `load(path:id:diagnostics:)` gives with every other key absent (and
    /// `name.value(for: locale)` the same): the same key-file grammar (`KeyFileSyntax`) and the
    /// same rules (the last value of a key wins, a repeated `[Desktop Entry]` group merges), but no
    /// string is made of a line it does not keep, and nothing is linted.
    ///
    /// - Throws: `DesktopEntryError` when the file cannot be read or is not a desktop entry.
    public static func loadForResolution(
        path: String,
        id: String,
        locale: LocalePreferences
    ) throws(DesktopEntryError) -> DesktopEntry {
        try parseForResolution(readText(path), path: path, id: id, locale: locale)
    }

    /// Parses desktop-entry text as `loadForResolution(path:id:locale:)` reads a file.
    ///
    /// - Throws: `DesktopEntryError.missingMainGroup` when `[Desktop Entry]` is missing or not first.
    public static func parseForResolution(
        _ text: String,
        path: String,
        id: String,
        locale: LocalePreferences
    ) throws(DesktopEntryError) -> DesktopEntry {
        let wantedLocales = Set(locale.candidates)
        let keptKeys = Self.keptKeys
        var main = GroupValues(path: path)
        var firstGroup: (isMain: Bool, line: Int)?
        KeyFileSyntax.reading(text) { syntax in
            var number = 0
            var inMain = false
            syntax.forEachLine { range in
                number += 1
                switch syntax.layout(of: range) {
                case .group(let name):
                    inMain = syntax.bytes(name, equal: "Desktop Entry")
                    if firstGroup == nil { firstGroup = (inMain, number) }
                case .separated(let keyPart, let value, _) where inMain:
                    let key: String
                    let locale: String?
                    if let ascii = syntax.asciiKey(keyPart) {
                        // An ASCII key is one of the kept keys only if its bytes are: most lines
                        // (translations of Comment and Keywords) end here without a string.
                        guard let kept = keptKeys.first(where: { syntax.bytes(ascii.key, equal: $0) }) else { return }
                        key = "\(kept)"
                        locale = ascii.locale.map(syntax.string)
                    } else {
                        guard case .entry(let spelled, let spelledLocale, _, _) = syntax.shape(of: range),
                            resolutionKeys.contains(spelled)
                        else { return }
                        (key, locale) = (spelled, spelledLocale)
                    }
                    guard locale.map({ key == "Name" && wantedLocales.contains($0) }) ?? true else { return }
                    main.add(KeyFileEntry(key: key, locale: locale, value: syntax.string(value), raw: "", line: number))
                default: break
                }
            }
        }
        guard let firstGroup else { throw .missingMainGroup(path: path, line: nil) }
        guard firstGroup.isMain else { throw .missingMainGroup(path: path, line: firstGroup.line) }
        var ignored: [Diagnostic] = []
        return DesktopEntry(id: id, path: path, main: main, diagnostics: &ignored)
    }
}
