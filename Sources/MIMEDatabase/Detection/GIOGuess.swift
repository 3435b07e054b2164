import XDGSupport

/// What GLib's `g_content_type_guess` would answer, for `assoc explain` (SPECS rules 12, 26).
///
/// A model of xdgmime's documented behaviour, not a copy of it: a literal glob wins at once; among
/// suffix globs the longest wins but lower weights are kept, so two types of different weight are
/// a conflict; full globs are tried only when fewer than two suffix matches were found; magic of
/// priority 80 or more wins outright; otherwise a glob candidate that inherits the magic type, else
/// the first glob candidate; with no glob, the magic type, else GLib's text test (text/plain
/// counts as the sniffed type, so a text glob candidate wins).
public struct GIOGuess: Sendable, Equatable {
    /// The type GIO would give.
    public var type: String
    /// Why, in a sentence naming the GIO behaviour.
    public var reason: String
}

extension TypeDetector {
    /// GIO's answer for a name and the first bytes of content (either may be missing).
    public func gioGuess(name: String?, data: [UInt8]?) -> GIOGuess {
        var candidates: [GlobMatch] = []
        if let name, !name.isEmpty {
            let result = globsForGIO(name)
            candidates = result
        }
        var seen = Set<String>()
        let types = candidates.sorted { $0.rule.weight > $1.rule.weight }.map(\.rule.mimeType)
            .filter { seen.insert($0).inserted }
        if types.count == 1 {
            return GIOGuess(type: types[0], reason: "GIO takes the only type its globs give")
        }
        guard let data, !data.isEmpty else {
            if let first = types.first {
                return GIOGuess(type: first, reason: "GIO has no content and takes the first glob candidate")
            }
            return GIOGuess(type: Self.octetStream, reason: "GIO finds no glob and has no content")
        }
        var best = magicForGIO(data)
        if let magic = best, magic.priority >= 80 {
            return GIOGuess(type: magic.mimeType, reason: "GIO takes magic of priority \(magic.priority) (80 or more) outright")
        }
        // xdgmime's data sniff ends in its text fallback, which GIO then uses like a magic match.
        if best == nil && data.withUnsafeBufferPointer(TextHeuristic.looksLikeText) {
            best = MagicMatch(mimeType: "text/plain", priority: 0)
        }
        if let best, best.priority >= 80 {
            return GIOGuess(type: best.mimeType, reason: "GIO takes magic of priority \(best.priority) (80 or more) outright")
        }
        if let best, let inheriting = types.first(where: { database.isA($0, best.mimeType) }) {
            return GIOGuess(type: inheriting, reason: "GIO takes the glob candidate that inherits the magic type")
        }
        if let first = types.first {
            return GIOGuess(type: first, reason: "GIO takes the heaviest glob candidate when magic does not settle it")
        }
        if let best { return GIOGuess(type: best.mimeType, reason: "GIO takes the magic match or its text test") }
        return GIOGuess(type: Self.octetStream, reason: "GIO finds no glob, no magic, and the content is not text")
    }
}
