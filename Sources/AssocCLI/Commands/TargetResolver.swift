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

    /// Reads `argument`: an existing path is a file; `SCHEME:` (other than `file:`) a URL typed as
    /// `x-scheme-handler/SCHEME` (SPECS rule 28); `media/subtype` a type; anything else a path.
    static func resolve(_ argument: String, context: CommandContext,
                        options: DetectionOptions = DetectionOptions()) throws -> ResolvedTarget {
        if let path = fileURLPath(argument) {
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
        return ResolvedTarget(argument: argument, kind: .path, type: detection.type, detection: detection)
    }

    /// The scheme of `text` when it starts `SCHEME:` with a valid scheme of two letters or more.
    static func urlScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        return URLScheme.isValid(scheme) ? String(scheme) : nil
    }

    /// The local path of a `file://` URL (empty or `localhost` host), percent-decoded.
    static func fileURLPath(_ text: String) -> String? {
        guard text.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(text.dropFirst(7))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.hasPrefix("/") else { return nil }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        return percentDecoded(String(rest))
    }

    /// Undoes `%XX` escapes; invalid escapes are kept as written.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
                let value = UInt8(String(decoding: input[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
