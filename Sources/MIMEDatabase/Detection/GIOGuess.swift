import XDGSupport

/// What GLib's `g_content_type_guess` answers for a name and the first 4 KiB of content, for
/// `assoc explain`.
///
/// A model of GLib's documented steps (gio/gcontenttype.c over its copy of xdgmime), not a copy
/// of them: the glob candidates of xdgmime's glob step (`GIOGlobs`); a single one is the answer;
/// otherwise the content is sniffed: the first magic match in priority order, else
/// `application/x-zerosize` (priority 100) for no content, else `text/plain` when the content
/// looks like text; a desktop entry sniffed under a name counts as `text/plain`. With no glob
/// candidate the sniffed type is the answer; magic of priority 80 or more wins outright; else the
/// first candidate that is, or inherits, the sniffed type; else the first candidate.
public struct GIOGuess: Sendable, Equatable {
    /// The step of `g_content_type_guess` that gave the answer.
    public enum Step: String, Sendable, Equatable {
        /// The name ends with `/`.
        case directoryName
        /// Exactly one type from the globs.
        case onlyGlob
        /// No glob candidate: the sniffed type (or `application/octet-stream`).
        case sniffed
        /// Magic of priority 80 or more, over several glob candidates.
        case highPriorityMagic
        /// The first glob candidate that is, or inherits, the sniffed type.
        case inheritingCandidate
        /// The first glob candidate, when the content does not settle it.
        case firstCandidate
    }

    /// The type GIO would give.
    public var type: String
    /// The step that gave it.
    public var step: Step
    /// GIO's glob candidates, heaviest first.
    public var globs: [String]
    /// The type sniffed from the content, with its priority (0 for the text test), when sniffed.
    public var sniffed: MagicMatch?
    /// Why, in a sentence naming the GIO behaviour.
    public var reason: String

    /// How many bytes of a file GIO sniffs (gio/glocalfileinfo.c reads at most 4096).
    public static let sniffLength = 4096
}

extension TypeDetector {
    /// GIO's answer for a name and content, either of which may be missing; of the content, the
    /// first `GIOGuess.sniffLength` bytes count, as GIO reads no more of a file.
    public func gioGuess(name: String?, data: [UInt8]?) -> GIOGuess {
        let named = name.map { !$0.isEmpty } ?? false
        if let name, name.hasSuffix("/") {
            return GIOGuess(
                type: "inode/directory", step: .directoryName, globs: ["inode/directory"], sniffed: nil,
                reason: "GIO types a name ending in '/' as a directory")
        }
        let globs = named ? gioGlobs.value.types(of: Self.baseName(name!)) : []
        if globs.count == 1 {
            return GIOGuess(
                type: globs[0], step: .onlyGlob, globs: globs, sniffed: nil, reason: "GIO takes the only type its globs give")
        }
        var sniffed: MagicMatch?
        if let data {
            let window = Array(data.prefix(GIOGuess.sniffLength))
            if window.isEmpty {
                sniffed = MagicMatch(mimeType: Self.zeroSize, priority: 100)
            } else if let magic = magicForGIO(window) {
                sniffed = magic
            } else if window.withUnsafeBufferPointer(TextHeuristic.looksLikeText) {
                // xdgmime's text fallback, and GLib's own text test after it.
                sniffed = MagicMatch(mimeType: "text/plain", priority: 0)
            }
            // "For security reasons we don't ever want to sniff desktop files where we know the
            // filename and it doesn't have a .desktop extension" (gio/gcontenttype.c).
            if named, sniffed?.mimeType == Self.desktopEntry { sniffed = MagicMatch(mimeType: "text/plain", priority: 0) }
        }
        func guess(_ type: String, _ step: GIOGuess.Step, _ reason: String) -> GIOGuess {
            GIOGuess(type: type, step: step, globs: globs, sniffed: sniffed, reason: reason)
        }
        guard let first = globs.first else {
            guard let sniffed else {
                return guess(
                    Self.octetStream, .sniffed,
                    data == nil
                        ? "GIO finds no glob and has no content" : "GIO finds no glob, no magic, and the content is not text")
            }
            return guess(sniffed.mimeType, .sniffed, "GIO finds no glob and takes what it sniffs (\(sniffed.mimeType))")
        }
        if let sniffed {
            if sniffed.priority >= 80 {
                return guess(
                    sniffed.mimeType, .highPriorityMagic,
                    "GIO takes magic of priority \(sniffed.priority) (80 or more) over the glob candidates "
                        + globs.joined(separator: ", "))
            }
            if let inheriting = globs.first(where: { database.isA($0, sniffed.mimeType) }) {
                return guess(
                    inheriting, .inheritingCandidate,
                    "GIO takes the first of its glob candidates (\(globs.joined(separator: ", "))) that is or inherits "
                        + "what it sniffs (\(sniffed.mimeType))")
            }
        }
        return guess(
            first, .firstCandidate,
            "GIO takes the first of its glob candidates (\(globs.joined(separator: ", "))) when the content does not settle them")
    }
}
