#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A key file as GLib's `GKeyFile` loads it (`g_key_file_load_from_file` with no flags), for
/// answering exactly what GIO reads.
///
/// GLib refuses a whole file for one bad line, where `KeyFile` keeps going: a key before any
/// group, a line that is neither a comment, a group header nor `key=value`, a group name that is
/// empty or holds `[`, `]` or an ASCII control character, a key name that is empty, has a space
/// before its `[locale]`, or a locale that is not letters, digits, `-`, `_`, `.` and `@`, and an
/// `Encoding` key in the first group whose value is not `UTF-8`. Leading ASCII white space of a
/// line is skipped (so a byte-order mark is not), one carriage return before the line feed is
/// dropped, and a line is read up to its first NUL byte. A group written twice is one group; a
/// key written twice keeps its first place and its last value. Keys with a locale are left out:
/// GIO never asks for them.
public struct GLibKeyFile: Sendable, Equatable {
    /// One `key=value` line as GLib keeps it.
    public struct Entry: Sendable, Equatable {
        /// The key, decoded as UTF-8.
        public var key: String
        /// The value's bytes after the white space that follows `=`, escapes not undone.
        public var value: [UInt8]
        /// The 1-based line of the last value.
        public var line: Int
        /// The 1-based line the key is first written on, where GLib lists it.
        public var firstLine: Int
    }

    /// One group: its keys in the order GLib lists them.
    public struct Group: Sendable, Equatable {
        /// The group's name.
        public var name: String
        /// The entries, each key once.
        public var entries: [Entry]

        /// The raw value of `key`, if the group has it.
        public func value(_ key: String) -> [UInt8]? { entries.first { $0.key == key }?.value }
    }

    /// The groups in file order; the first is GLib's start group.
    public private(set) var groups: [Group] = []

    /// Loads `bytes` by GLib's rules.
    /// - Throws: `GLibKeyFileError` naming the first line that makes GLib refuse the file.
    public init(bytes: [UInt8]) throws(GLibKeyFileError) {
        var groupIndex: [String: Int] = [:]
        var keyIndex: [[String: Int]] = []
        var current: Int?
        var number = 0
        var start = 0
        while start < bytes.count {
            let end = Self.index(of: UInt8(ascii: "\n"), in: bytes, from: start, to: bytes.count) ?? bytes.count
            number += 1
            // A slice, not a copy: a list can have a million lines.
            var line = bytes[start..<end]
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if let nul = Self.index(of: 0, in: bytes, from: line.startIndex, to: line.endIndex) { line = line[..<nul] }
            let text = line.drop(while: Self.isSpace)
            guard let first = text.first, first != UInt8(ascii: "#") else { continue }
            if let name = Self.groupName(text) {
                guard Self.isGroupName(name) else {
                    throw GLibKeyFileError(line: number, reason: .invalidGroupName(Self.decode(name)))
                }
                let decoded = Self.decode(name)
                if let existing = groupIndex[decoded] {
                    current = existing
                } else {
                    groupIndex[decoded] = groups.count
                    current = groups.count
                    groups.append(Group(name: decoded, entries: []))
                    keyIndex.append([:])
                }
                continue
            }
            guard let equals = text.firstIndex(of: UInt8(ascii: "=")), equals != text.startIndex else {
                throw GLibKeyFileError(
                    line: number, reason: .notKeyValueGroupOrComment(Self.decode(Array(text))))
            }
            guard let group = current else { throw GLibKeyFileError(line: number, reason: .keyBeforeGroup) }
            var keyEnd = equals
            while keyEnd > text.startIndex && Self.isSpace(text[keyEnd - 1]) { keyEnd -= 1 }
            let key = Array(text[text.startIndex..<keyEnd])
            guard Self.isKeyName(key) else {
                throw GLibKeyFileError(line: number, reason: .invalidKeyName(Self.decode(key)))
            }
            let value = Array(text[(equals + 1)...].drop(while: Self.isSpace))
            let decodedKey = Self.decode(key)
            if group == 0 && decodedKey == "Encoding" && Self.decode(value).lowercased() != "utf-8" {
                throw GLibKeyFileError(line: number, reason: .unsupportedEncoding(Self.decode(value)))
            }
            if Self.hasLocale(key) { continue }
            let entry = Entry(key: decodedKey, value: value, line: number, firstLine: number)
            if let known = keyIndex[group][decodedKey] {
                groups[group].entries[known].value = value
                groups[group].entries[known].line = number
            } else {
                keyIndex[group][decodedKey] = groups[group].entries.count
                groups[group].entries.append(entry)
            }
        }
    }

    /// The group called `name`, if any.
    public func group(_ name: String) -> Group? { groups.first { $0.name == name } }

    // MARK: - Line rules

    /// The first index of `byte` in `bytes[from..<to]`, found with memchr(3) (lines of a large
    /// list are long: a loop over their bytes was most of reading one).
    private static func index(of byte: UInt8, in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            memchr(buffer.baseAddress! + from, Int32(byte), to - from).map {
                UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - buffer.baseAddress!
            }
        }
    }

    /// `g_ascii_isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    private static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes between `[` and the first `]` when the line is a group header: nothing but spaces
    /// and tabs may follow the `]`.
    private static func groupName(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard text.first == UInt8(ascii: "["),
            let close = text.firstIndex(of: UInt8(ascii: "]")),
            text[(close + 1)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        return text[(text.startIndex + 1)..<close]
    }

    private static func isGroupName(_ name: ArraySlice<UInt8>) -> Bool {
        !name.isEmpty
            && !name.contains {
                $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 < 0x20 || $0 == 0x7F
            }
    }

    /// `g_key_file_is_key_name`: a name up to `[`, `]` or the end, not starting or ending with a
    /// space, then at most one `[locale]`.
    private static func isKeyName(_ key: [UInt8]) -> Bool {
        let nameEnd = key.firstIndex { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") } ?? key.count
        guard nameEnd > 0, key[0] != 0x20, key[nameEnd - 1] != 0x20 else { return false }
        guard nameEnd < key.count else { return true }
        guard key[nameEnd] == UInt8(ascii: "["), key.count - nameEnd >= 2, key.last == UInt8(ascii: "]")
        else {
            return false
        }
        // Bytes that are not UTF-8 decode as U+FFFD, which is no letter: refused, as by GLib.
        let locale = decode(key[(nameEnd + 1)..<(key.count - 1)])
        return locale.unicodeScalars.allSatisfy { scalar in
            "-_.@".unicodeScalars.contains(scalar) || isAlphanumeric(scalar)
        }
    }

    /// `g_unichar_isalnum`: a letter or a number of any script.
    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// GLib's `key_get_locale`: a `[` with something after it.
    private static func hasLocale(_ key: [UInt8]) -> Bool {
        guard let open = key.lastIndex(of: UInt8(ascii: "[")) else { return false }
        return key.count - open > 2
    }
}

/// Why GLib refuses to load a key file, and on which line.
public struct GLibKeyFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of line GLib refuses.
    public enum Reason: Sendable, Equatable {
        /// A `key=value` line before the first group header.
        case keyBeforeGroup
        /// A line that is neither a comment, a group header nor `key=value`.
        case notKeyValueGroupOrComment(String)
        /// A group name that is empty or holds `[`, `]` or a control character.
        case invalidGroupName(String)
        /// A key name GLib does not accept.
        case invalidKeyName(String)
        /// `Encoding` in the first group with a value other than `UTF-8`.
        case unsupportedEncoding(String)
    }

    /// The 1-based line.
    public var line: Int
    /// What is wrong with it.
    public var reason: Reason

    /// The reason in words.
    public var description: String {
        switch reason {
        case .keyBeforeGroup: return "a key before any [Group] header"
        case .notKeyValueGroupOrComment(let text):
            return "'\(text.prefix(80))' is not a key=value line, a [Group] header or a comment"
        case .invalidGroupName(let name):
            return "the group name '\(name.prefix(80))' is empty or holds '[', ']' or a control character"
        case .invalidKeyName(let key): return "the key '\(key.prefix(80))' is not a valid key name"
        case .unsupportedEncoding(let value):
            return "Encoding=\(value.prefix(40)) in the first group is not UTF-8"
        }
    }
}
