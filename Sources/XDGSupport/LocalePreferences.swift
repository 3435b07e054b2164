/// The ordered list of locale names to try for a localised string, most wanted first.
///
/// Implements the Desktop Entry rule for localised keys (SPECS rule 63): for
/// `LC_MESSAGES=de_DE.UTF-8@euro` the candidates are `de_DE@euro`, `de_DE`, `de@euro`, `de`; the
/// encoding is stripped, and a key with a country or modifier never matches a locale without one.
/// Like GLib, the GNU `LANGUAGE` list is honoured first when the locale is not `C`.
public struct LocalePreferences: Sendable, Equatable {
    /// Candidate locale names, most wanted first; empty for the C locale.
    public let candidates: [String]

    /// Reads `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` from `variables`.
    public init(_ variables: [String: String]) {
        func nonEmpty(_ name: String) -> String? {
            guard let value = variables[name], !value.isEmpty else { return nil }
            return value
        }
        let messages = nonEmpty("LC_ALL") ?? nonEmpty("LC_MESSAGES") ?? nonEmpty("LANG") ?? "C"
        var names: [String] = []
        if messages != "C" && messages != "POSIX" {
            if let language = nonEmpty("LANGUAGE") {
                names += language.split(separator: ":").map(String.init)
            }
            names.append(messages)
        }
        var result: [String] = []
        for name in names {
            for candidate in Self.fallbacks(of: name) where !result.contains(candidate) {
                result.append(candidate)
            }
        }
        candidates = result
    }

    /// Builds the value from an explicit list, for tests and callers with their own locale.
    public init(candidates: [String]) {
        self.candidates = candidates
    }

    /// The rule-63 fallbacks of one locale name: `lang_COUNTRY@MOD`, `lang_COUNTRY`, `lang@MOD`, `lang`.
    public static func fallbacks(of locale: String) -> [String] {
        var rest = Substring(locale)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        var country: Substring?
        if let underscore = rest.firstIndex(of: "_") {
            country = rest[rest.index(after: underscore)...]
            rest = rest[..<underscore]
        }
        let lang = String(rest)
        guard !lang.isEmpty, lang != "C", lang != "POSIX" else { return [] }
        var result: [String] = []
        if let country, let modifier { result.append("\(lang)_\(country)@\(modifier)") }
        if let country { result.append("\(lang)_\(country)") }
        if let modifier { result.append("\(lang)@\(modifier)") }
        result.append(lang)
        return result
    }

    /// Picks the best value from `localised` (keyed by locale name), else `fallback`.
    public func choose<Value>(from localised: [String: Value], fallback: Value?) -> Value? {
        for candidate in candidates {
            if let value = localised[candidate] { return value }
        }
        return fallback
    }
}
