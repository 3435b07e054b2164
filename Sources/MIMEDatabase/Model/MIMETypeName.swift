/// Checks on the spelling of MIME type names (SPECS rule 88).
public enum MIMETypeName {
    /// Whether `name` is `media/subtype` with both parts non-empty and no spaces or control characters.
    ///
    /// Subtypes may contain `+`, `.` and `-` (`application/x-ipynb+json`).
    public static func isValid(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isValid(utf8:))
    }

    /// Whether the UTF-8 bytes `utf8` spell a valid name: `isValid(_:)` on bytes, one pass.
    static func isValid(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        var slashAt = -1
        for (index, byte) in utf8.enumerated() {
            // Bytes of 0x80 and above belong to scalars above U+007F, which are all allowed.
            guard byte > 32 && byte != 127 else { return false }
            if byte == slash {
                guard slashAt < 0 else { return false }
                slashAt = index
            }
        }
        return slashAt > 0 && slashAt < utf8.count - 1
    }

    /// The media part, `image` for `image/png`.
    public static func media(of name: String) -> Substring {
        name.firstIndex(of: "/").map { name[..<$0] } ?? Substring(name)
    }

    /// Whether the media part of `name` is `media` (lower-case ASCII), ignoring case: `hasMedia(
    /// "Text/HTML", "text")`. Compares bytes, so it allocates nothing.
    public static func hasMedia(_ name: String, _ media: StaticString) -> Bool {
        let utf8 = name.utf8
        guard utf8.count > media.utf8CodeUnitCount else { return false }
        var index = utf8.startIndex
        for position in 0..<media.utf8CodeUnitCount {
            var byte = utf8[index]
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            guard byte == media.utf8Start[position] else { return false }
            index = utf8.index(after: index)
        }
        return utf8[index] == UInt8(ascii: "/")
    }
}

extension MIMETypeName {
    /// Whether `name` is `media/subtype` as RFC 6838, section 4.2 restricts names: each part 1 to
    /// 127 letters, digits and `!#$&-^_.+`, the first a letter or digit. Names to be written as
    /// keys of a list are held to this, so that nothing reads back as another key or a comment;
    /// so are the names the database reads, from packages, caches and the files beside them.
    public static func isRestrictedName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(isRestrictedName(utf8:))
    }

    /// `isRestrictedName(_:)` of the UTF-8 bytes `utf8`, in one pass.
    static func isRestrictedName(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var partLength = 0
        var slashes = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "/") {
                guard partLength > 0, slashes == 0 else { return false }
                slashes = 1
                partLength = 0
                continue
            }
            let allowed =
                partLength == 0 ? isAlphanumeric(byte) : isAlphanumeric(byte) || restrictedPunctuation.contains(byte)
            guard allowed, partLength < 127 else { return false }
            partLength += 1
        }
        return slashes == 1 && partLength > 0
    }

    /// Why `name` is refused by `isRestrictedName(_:)`, quoting it: one sentence for every reader
    /// and writer that holds names to RFC 6838.
    public static func restrictedNameProblem(_ name: String) -> String {
        "'\(name)' is not a MIME type: a type is media/subtype of letters, digits and !#$&-^_.+ "
            + "(RFC 6838, section 4.2), starting with a letter or digit"
    }

    /// The punctuation RFC 6838's restricted-name-chars allow after the first character.
    private static let restrictedPunctuation: [UInt8] = Array("!#$&-^_.+".utf8)

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
