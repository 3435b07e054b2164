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

    /// `resolutionKeys` as written, compared with an ASCII key's bytes without making a string;
    /// `Name` first, since its translations are most of the lines that reach the comparison.
    private static let keptKeys: [StaticString] = [
        "Name", "Type", "Hidden", "NoDisplay", "TryExec", "Exec", "DBusActivatable", "MimeType", "OnlyShowIn", "NotShowIn",
    ]

    /// Reads the file at `path` as the entry `id`, keeping only `resolutionKeys`, and of the
    /// translations of `Name` only those of `locale`'s candidates.
    ///
    /// The entry is the one `load(path:id:diagnostics:)` gives with every other key absent (and
    /// `name.value(for: locale)` the same): the same key-file grammar (`KeyFileSyntax`) and the
    /// same rules (the last value of a key wins, a repeated `[Desktop Entry]` group merges), but no
    /// string is made of a line it does not keep, the file is checked to be UTF-8 without making
    /// one of it, and nothing is linted.
    ///
    /// - Throws: `DesktopEntryError` when the file cannot be read or is not a desktop entry.
    public static func loadForResolution(
        path: String,
        id: String,
        locale: LocalePreferences
    ) throws(DesktopEntryError) -> DesktopEntry {
        let bytes = try readUTF8(path)
        let read = KeyFileSyntax.reading(utf8: bytes) { keptKeys(of: $0, path: path, locale: locale) }
        return try entry(read, path: path, id: id)
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
        let read = KeyFileSyntax.reading(text) { keptKeys(of: $0, path: path, locale: locale) }
        return try entry(read, path: path, id: id)
    }

    /// What a resolution read keeps of a file: the kept keys of `[Desktop Entry]`, and where the
    /// first group was and whether it was that one.
    private struct KeptKeys {
        var main: GroupValues
        var firstGroup: (isMain: Bool, line: Int)?
    }

    /// The entry `id` of what was kept, or why the file is not one.
    private static func entry(_ read: KeptKeys, path: String, id: String) throws(DesktopEntryError) -> DesktopEntry {
        guard let firstGroup = read.firstGroup else { throw .missingMainGroup(path: path, line: nil) }
        guard firstGroup.isMain else { throw .missingMainGroup(path: path, line: firstGroup.line) }
        var ignored: [Diagnostic] = []
        return DesktopEntry(id: id, path: path, main: read.main, diagnostics: &ignored)
    }

    /// Reads the lines of `syntax`, keeping the kept keys of `[Desktop Entry]` and the translations
    /// of `Name` into `locale`'s candidates.
    private static func keptKeys(of syntax: KeyFileSyntax, path: String, locale: LocalePreferences) -> KeptKeys {
        let candidates = locale.candidates
        // An ASCII locale is compared with the candidates as bytes when they are all ASCII: two
        // ASCII strings are equal as strings exactly when their bytes are.
        let candidateBytes = candidates.map { Array($0.utf8) }
        let candidatesAreASCII = candidateBytes.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
        // Held in locals: each use of a static costs a call to the runtime's once-guard.
        let keptKeys = Self.keptKeys
        let mayStartKeptLine = Self.mayStartKeptLine
        var read = KeptKeys(main: GroupValues(path: path))
        var number = 0
        var inMain = false
        syntax.forEachLine { range in
            number += 1
            // A line that starts with an ASCII byte no kept key, group header, comment or blank
            // starts with (the translations of Comment, Keywords, GenericName) is no kept key.
            if let first = range.first.map({ syntax.bytes[$0] }), first < 0x80, !mayStartKeptLine[Int(first)] { return }
            switch syntax.layout(of: range) {
            case .group(let name):
                inMain = syntax.bytes(name, equal: "Desktop Entry")
                if read.firstGroup == nil { read.firstGroup = (inMain, number) }
            case .separated(let keyPart, let value, _) where inMain:
                let key: String
                let locale: String?
                if let ascii = syntax.asciiKey(keyPart) {
                    // An ASCII key is one of the kept keys only if its bytes are: most lines
                    // (translations of Name into other languages) end here without a string.
                    guard let kept = keptKeys.first(where: { syntax.bytes(ascii.key, equal: $0) }) else { return }
                    if let spelled = ascii.locale {
                        let wanted =
                            candidatesAreASCII
                            ? candidateBytes.contains { syntax.bytes(spelled, equal: $0) }
                            : candidates.contains(syntax.string(spelled))
                        guard wanted, syntax.bytes(ascii.key, equal: "Name") else { return }
                    }
                    key = "\(kept)"
                    locale = ascii.locale.map(syntax.string)
                } else {
                    guard case .entry(let spelled, let spelledLocale, _, _) = syntax.shape(of: range),
                        resolutionKeys.contains(spelled)
                    else { return }
                    (key, locale) = (spelled, spelledLocale)
                    guard locale.map({ key == "Name" && candidates.contains($0) }) ?? true else { return }
                }
                read.main.add(KeyFileEntry(key: key, locale: locale, value: syntax.string(value), raw: "", line: number))
            default: break
            }
        }
        return read
    }

    /// By ASCII byte: whether a line that starts with it can be a kept key's (the first letters of
    /// `keptKeys`), a group header, a comment or a blank (whose layout is read as before).
    private static let mayStartKeptLine: [Bool] = {
        let starts = keptKeys.map { $0.utf8Start.pointee } + Array("[# \t".utf8)
        return (0..<128).map { starts.contains(UInt8($0)) }
    }()
}
