import MIMEDatabase
import XDGSupport

/// What a TYPE|PATH|URL argument names, and the type to resolve for it: the one reading of such
/// arguments for `default`, `apps`, `explain`, `open` and the screens.
public struct TargetArgument: Sendable {
    /// How the argument was read.
    public enum Kind: Sendable, Equatable {
        /// A MIME type (`application/pdf`).
        case type
        /// A local file, by a path or a `file://` URL.
        case path
        /// Any other URL, typed by its scheme.
        case url
    }

    /// The argument as given.
    public var argument: String
    /// How it was read.
    public var kind: Kind
    /// The type to resolve: the MIME type as given, the file's detected type, or
    /// `x-scheme-handler/SCHEME`.
    public var type: String
    /// The detection, for a path.
    public var detection: Detection?
    /// The local path, for a path: the argument itself, or the path a `file://` URL names.
    public var path: String?

    /// Reads `argument`: a `file://` URL is the local path it names (decoded by `FileURL`, which
    /// refuses a malformed escape, an encoded NUL or `/`); an existing path is a file; `SCHEME:` a
    /// URL typed as `x-scheme-handler/SCHEME` (the mime-apps specification, "URL scheme
    /// handlers"); `media/subtype` a type; anything else a path.
    ///
    /// - Throws: `FileURL`'s error for a malformed `file://` URL, the detector's for a file that
    ///   cannot be read.
    public static func resolve(
        _ argument: String, detector: TypeDetector,
        options: DetectionOptions = DetectionOptions()
    ) throws -> TargetArgument {
        if let path = try FileURL.path(of: argument) {
            return try typed(path, argument: argument, detector: detector, options: options)
        }
        if !FileBytes.exists(argument), let scheme = urlScheme(argument) {
            return TargetArgument(argument: argument, kind: .url, type: "x-scheme-handler/" + scheme.lowercased())
        }
        if !FileBytes.exists(argument) && MIMETypeName.isValid(argument) && !argument.hasPrefix("/") && !argument.hasPrefix(".") {
            // Unaliased by the resolver, by the rules of its mode.
            return TargetArgument(argument: argument, kind: .type, type: argument)
        }
        return try typed(argument, argument: argument, detector: detector, options: options)
    }

    private static func typed(
        _ path: String, argument: String, detector: TypeDetector,
        options: DetectionOptions
    ) throws -> TargetArgument {
        let detection = try detector.detect(path: path, options: options)
        return TargetArgument(argument: argument, kind: .path, type: detection.type, detection: detection, path: path)
    }

    /// The scheme of `text` when it starts `SCHEME:` with a valid scheme of two letters or more.
    public static func urlScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        return URLScheme.isValid(scheme) ? String(scheme) : nil
    }
}
