/// URL schemes as the mime-apps specification types them: a URL is of type
/// `x-scheme-handler/SCHEME`.
public enum URLScheme {
    /// Whether `scheme` is a scheme by RFC 3986, section 3.1 (a letter, then letters, digits, `+`,
    /// `-` and `.`), of two characters or more so that `C:` is never one.
    public static func isValid<Text: StringProtocol>(_ scheme: Text) -> Bool {
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    /// `x-scheme-handler/SCHEME`, lower-cased, for a valid scheme.
    public static func handlerType<Text: StringProtocol>(_ scheme: Text) -> String? {
        isValid(scheme) ? "x-scheme-handler/" + scheme.lowercased() : nil
    }
}
