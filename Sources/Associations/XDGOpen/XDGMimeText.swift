/// The text rules of the shell tools `xdg-mime query default` pipes its files through (awk,
/// grep, cut, `read`), so that assoc matches them byte for byte.
enum XDGMimeText {
    /// The lines of a file as awk and grep see them: cut at each line feed, a carriage return kept.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if bytes.last == UInt8(ascii: "\n") { result.removeLast() }
        return result
    }

    /// `check_mimeapps_list`'s awk program and `cut -d ';' -f 1`, for every type at once: for each
    /// type, the first field of the first line starting with `TYPE=` after a line starting with
    /// `[Default Applications]` (any other line starting with `[` ends the group). A MIME type holds
    /// no `=`, so the type of a line is what comes before its first `=`; the first line wins.
    static func firstDefaults(in bytes: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        var inDefault = false
        for line in lines(bytes) {
            if line.starts(with: "[Default Applications]".utf8) {
                inDefault = true
            } else if line.first == UInt8(ascii: "[") {
                inDefault = false
            } else if inDefault, let equals = line.firstIndex(of: UInt8(ascii: "=")) {
                let type = String(decoding: line[..<equals], as: UTF8.self)
                guard result[type] == nil else { continue }
                let value = line[(equals + 1)...]
                result[type] = String(decoding: value.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            }
        }
        return result
    }

    /// Whether a line holds a match of the basic regular expression `pattern`, where only `.`
    /// is special (MIME types hold no other character that is special in a basic expression).
    static func contains(_ line: ArraySlice<UInt8>, pattern: [UInt8]) -> Bool {
        guard pattern.count <= line.count else { return false }
        let bytes = Array(line)
        return (0...(bytes.count - pattern.count)).contains { start in
            pattern.indices.allSatisfy {
                pattern[$0] == UInt8(ascii: ".") || pattern[$0] == bytes[start + $0]
            }
        }
    }

    /// `cut -d '=' -f 2 | cut -d ';' -f 1` of a line: between the first `=` and the next `=`, up to
    /// the first `;`.
    static func secondField(_ line: ArraySlice<UInt8>) -> String {
        guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
            return String(decoding: line, as: UTF8.self)
        }
        let field = line[(equals + 1)...].prefix { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ";") }
        return String(decoding: field, as: UTF8.self)
    }

    /// The program of the first line starting `Exec=` or `Exec[...]=` (grep -E
    /// `^Exec(\[[^]=]*])?=`), as `cut -d= -f 2- | read first rest` takes it: the first word,
    /// backslashes removed.
    static func execProgram(_ bytes: [UInt8]) -> String {
        for line in lines(bytes) where line.starts(with: "Exec".utf8) {
            var rest = line.dropFirst(4)
            if rest.first == UInt8(ascii: "[") {
                guard
                    let close = rest.firstIndex(where: { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "=") }
                    ),
                    rest[close] == UInt8(ascii: "]")
                else { continue }
                rest = rest[(close + 1)...]
            }
            guard rest.first == UInt8(ascii: "=") else { continue }
            return firstWord(rest.dropFirst())
        }
        return ""
    }

    /// The shell's `read first rest`: blanks skipped, a backslash quoting the next byte.
    private static func firstWord(_ text: ArraySlice<UInt8>) -> String {
        var word: [UInt8] = []
        var escaped = false
        for byte in text {
            if escaped {
                word.append(byte)
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == 0x20 || byte == 0x09 {
                if !word.isEmpty { break }
            } else {
                word.append(byte)
            }
        }
        return String(decoding: word, as: UTF8.self)
    }

    /// The `InitialPreference` of a file as `defapp_fallback` computes it: `0` followed by field 2
    /// of every line holding `InitialPreference=`, which the shell's `-gt` accepts only as one
    /// whole number.
    static func initialPreference(_ bytes: [UInt8]) -> Int? {
        let marker = Array("InitialPreference=".utf8)
        let values = lines(bytes).filter { contains($0, pattern: marker) }.map { line -> String in
            let fields = line.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
            return fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : ""
        }
        let words = ("0" + values.joined(separator: "\n")).split { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard words.count == 1, words[0].allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(words[0])
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
