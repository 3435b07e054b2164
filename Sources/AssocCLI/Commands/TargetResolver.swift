import MIMEDatabase
import XDGSupport

/// What a TYPE|PATH|URL argument names, and the type to resolve for it.
struct ResolvedTarget {
    /// How the argument was read.
    enum Kind { case type, path, url }

    var argument: String
    var kind: Kind
    var type: String
    /// The detection, for a path.
    var detection: Detection?
    /// The local path, for a path: the argument itself, or the path of a `file://` URL.
    var path: String?

    /// Reads `argument`: a `file://` URL is the local path it names (decoded by `FileURL`, which
    /// refuses a malformed escape, an encoded NUL or `/`); an existing path is a file; `SCHEME:` a
    /// URL typed as `x-scheme-handler/SCHEME` (SPECS rule 28); `media/subtype` a type; anything
    /// else a path.
    static func resolve(_ argument: String, context: CommandContext,
                        options: DetectionOptions = DetectionOptions()) throws -> ResolvedTarget {
        if let path = try FileURL.path(of: argument) {
            return try typed(path, argument: argument, context: context, options: options)
        }
        if !FileBytes.exists(argument), let scheme = urlScheme(argument) {
            return ResolvedTarget(argument: argument, kind: .url, type: "x-scheme-handler/" + scheme.lowercased())
        }
        if !FileBytes.exists(argument) && MIMETypeName.isValid(argument) && !argument.hasPrefix("/") && !argument.hasPrefix(".") {
            // Unaliased by the resolver, by the rules of its mode.
            return ResolvedTarget(argument: argument, kind: .type, type: argument)
        }
        return try typed(argument, argument: argument, context: context, options: options)
    }

    private static func typed(_ path: String, argument: String, context: CommandContext,
                              options: DetectionOptions) throws -> ResolvedTarget {
        let detection = try context.detector.detect(path: path, options: options)
        return ResolvedTarget(argument: argument, kind: .path, type: detection.type, detection: detection, path: path)
    }

    /// The scheme of `text` when it starts `SCHEME:` with a valid scheme of two letters or more.
    static func urlScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        return URLScheme.isValid(scheme) ? String(scheme) : nil
    }
}
