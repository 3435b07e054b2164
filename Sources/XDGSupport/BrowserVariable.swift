/// `$BROWSER` as xdg-utils' generic path reads it: alternatives separated by `:`, each a command
/// whose words are separated by blanks, where `%s` stands for the URL (and `%%` for `%`); an
/// alternative without `%s` gets the URL as its last argument. Alternatives that would call
/// `xdg-open` are dropped, as xdg-open drops them, so that opening never calls itself.
///
/// The words are never given to a shell: a URL with `;` or spaces stays one argument.
public struct BrowserVariable: Sendable, Equatable {
    /// Each alternative's words, in order, with the ones that call `xdg-open` left out.
    public let alternatives: [[String]]

    /// Reads `value`; nil when it is unset or names no usable alternative.
    public init?(_ value: String?) {
        guard let value else { return nil }
        let alternatives =
            value.split(separator: ":", omittingEmptySubsequences: true)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init) }
            .filter { words in
                guard let program = words.first else { return false }
                return program.split(separator: "/").last.map(String.init) != "xdg-open"
            }
        guard !alternatives.isEmpty else { return nil }
        self.alternatives = alternatives
    }

    /// The program of the first alternative: what `xdg-settings get default-web-browser` maps
    /// to a desktop entry.
    public var firstProgram: String { alternatives[0][0] }

    /// The argument vector of each alternative for `url`, in order.
    public func commands(for url: String) -> [[String]] {
        alternatives.map { words in
            guard words.contains(where: { $0.contains("%s") }) else { return words + [url] }
            return words.map { Self.substituted($0, url: url) }
        }
    }

    /// Whether `$BROWSER` comes before the scheme's own handler: for `http` and `https`, the
    /// schemes xdg-settings counts as the web browser's. Any other URL goes to `$BROWSER` only
    /// when its scheme has no handler.
    public static func isPreferred(forScheme scheme: String) -> Bool {
        let lowered = scheme.lowercased()
        return lowered == "http" || lowered == "https"
    }

    /// `word` with each `%s` replaced by `url` and each `%%` by `%`; any other `%` kept.
    private static func substituted(_ word: String, url: String) -> String {
        var result = ""
        var characters = word[...]
        while let first = characters.first {
            characters = characters.dropFirst()
            guard first == "%", let next = characters.first, next == "s" || next == "%" else {
                result.append(first)
                continue
            }
            characters = characters.dropFirst()
            result += next == "s" ? url : "%"
        }
        return result
    }
}
