import XDGSupport

/// Whether GIO can load a desktop entry: GLib 2.74's `g_desktop_app_info_load_file`.
///
/// GIO loads a file when `GKeyFile` loads it, its first group is `[Desktop Entry]`, `Type` is
/// `Application`, a non-empty `TryExec` names an installed program, and a non-empty `Exec`
/// splits as `g_shell_parse_argv` splits it into a first word that is an installed program. It
/// asks neither for `Exec` nor for `DBusActivatable`, and reads `Hidden` only after all this: a
/// hidden entry loads (the default-application lookup takes it) and only then is refused by
/// `g_desktop_app_info_new`.
public enum GIOEntryLoading {
    /// What GIO makes of a file it loads.
    public struct Loaded: Sendable, Equatable {
        /// `Hidden=true` (or `1`).
        public var hidden: Bool
    }

    /// GIO's reading of the entry in `bytes`; nil when GIO cannot load it.
    ///
    /// `findProgram` looks a program up as `g_find_program_in_path` does.
    public static func load(_ bytes: [UInt8], findProgram: (String) -> String?) -> Loaded? {
        guard let file = try? GLibKeyFile(bytes: bytes), let group = file.groups.first,
            group.name == "Desktop Entry"
        else { return nil }
        func string(_ key: String) -> String? { group.value(key).flatMap(GLibKeyFile.string) }
        guard string("Type") == "Application" else { return nil }
        if let tryExec = string("TryExec"), !tryExec.isEmpty, findProgram(tryExec) == nil { return nil }
        if let exec = string("Exec"), !exec.isEmpty {
            guard let program = ShellWords.first(exec), findProgram(program) != nil else { return nil }
        }
        return Loaded(hidden: group.value("Hidden").map(GLibKeyFile.boolean) ?? false)
    }
}

/// The first word of a command line as GLib's `g_shell_parse_argv` splits and unquotes it.
enum ShellWords {
    /// The first word, or nil where `g_shell_parse_argv` fails: an unmatched quote, a `\` at the
    /// very end, or no word at all (a `#` after a blank or at the start begins a comment).
    static func first(_ line: String) -> String? {
        let bytes = Array(line.utf8)
        var words: [[UInt8]] = []
        var word: [UInt8]?
        var index = 0
        func delimit() {
            if let current = word, !current.isEmpty { words.append(current) }
            word = nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                delimit()
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                guard let close = closingQuote(bytes, from: index) else { return nil }
                word = (word ?? []) + unquoted(Array(bytes[(index + 1)..<close]), quote: byte)
                index = close
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                if bytes[index + 1] != UInt8(ascii: "\n") { word = (word ?? []) + [bytes[index + 1]] }
                index += 1
            case UInt8(ascii: "#")
            where word == nil
                && (index == 0 || [UInt8(ascii: " "), UInt8(ascii: "\n")].contains(bytes[index - 1])):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                word = (word ?? []) + [byte]
            }
            index += 1
        }
        delimit()
        return words.first.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The index of the quote that closes the one at `start`; in double quotes a backslash
    /// escapes the next byte.
    private static func closingQuote(_ bytes: [UInt8], from start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            if quote == UInt8(ascii: "\"") && bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote { return index }
            index += 1
        }
        return nil
    }

    /// The text between two quotes: literal in single quotes; in double quotes a backslash
    /// escapes only `$`, `` ` ``, `"`, `\` and a line feed (which it removes).
    private static func unquoted(_ inner: [UInt8], quote: UInt8) -> [UInt8] {
        guard quote == UInt8(ascii: "\"") else { return inner }
        var result: [UInt8] = []
        var index = 0
        while index < inner.count {
            if inner[index] == UInt8(ascii: "\\"), index + 1 < inner.count,
                "$`\"\\\n".utf8.contains(inner[index + 1])
            {
                if inner[index + 1] != UInt8(ascii: "\n") { result.append(inner[index + 1]) }
                index += 2
                continue
            }
            result.append(inner[index])
            index += 1
        }
        return result
    }
}
