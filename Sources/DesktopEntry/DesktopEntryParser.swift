import XDGSupport

/// Why a desktop entry cannot be used at all.
public enum DesktopEntryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
    /// The text is not UTF-8; `line` has the first bad byte.
    case notUTF8(path: String, line: Int)
    /// There is no `[Desktop Entry]` group first.
    case missingMainGroup(path: String, line: Int?)
    /// A required key is missing.
    case missingKey(path: String, key: String)

    /// The message, naming the file, the line where there is one, and what is wrong.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .notUTF8(let path, let line): return "\(path):\(line): not valid UTF-8"
        case .missingMainGroup(let path, let line):
            return line.map { "\(path):\($0): the first group must be [Desktop Entry]" }
                ?? "\(path): no [Desktop Entry] group"
        case .missingKey(let path, let key): return "\(path): required key '\(key)' is missing"
        }
    }
}

extension DesktopEntry {
    /// The group every desktop entry starts with.
    public static let mainGroup = "Desktop Entry"

    /// The largest file read as a desktop entry.
    public static let maximumSize = 4 << 20

    /// Reads and parses the file at `path` as the entry `id`.
    ///
    /// - Throws: `DesktopEntryError` when the file cannot be read or is not a desktop entry.
    public static func load(path: String, id: String, diagnostics: inout [Diagnostic]) throws(DesktopEntryError) -> DesktopEntry {
        try parse(readText(path), path: path, id: id, diagnostics: &diagnostics)
    }

    /// The text of the file at `path`, read as a desktop entry is.
    ///
    /// - Throws: `DesktopEntryError` when the file cannot be read or is not UTF-8.
    static func readText(_ path: String) throws(DesktopEntryError) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw notUTF8(bytes, path: path) }
        return text
    }

    /// The bytes of the file at `path`, read as a desktop entry is and checked to be UTF-8 without
    /// making a string of them.
    ///
    /// - Throws: `DesktopEntryError` when the file cannot be read or is not UTF-8.
    static func readUTF8(_ path: String) throws(DesktopEntryError) -> [UInt8] {
        let bytes = try readBytes(path)
        guard bytes.withUnsafeBufferPointer(UTF8Validation.isValid) else { throw notUTF8(bytes, path: path) }
        return bytes
    }

    private static func readBytes(_ path: String) throws(DesktopEntryError) -> [UInt8] {
        do { return try FileBytes.read(path, limit: maximumSize) } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// The error for `bytes` that are not UTF-8, naming the line of the first bad byte.
    private static func notUTF8(_ bytes: [UInt8], path: String) -> DesktopEntryError {
        .notUTF8(path: path, line: UTF8Validation.firstInvalidLine(bytes) ?? 1)
    }

    /// Parses desktop-entry text. Problems that leave the entry usable become diagnostics, in the
    /// classes `desktop-file-validate` reports (duplicate keys or groups, invalid key names,
    /// unknown booleans, a `Type` that is not known, missing `Name` or `Exec`).
    ///
    /// - Throws: `DesktopEntryError.missingMainGroup` when `[Desktop Entry]` is missing or not first.
    public static func parse(
        _ text: String, path: String, id: String,
        diagnostics: inout [Diagnostic]
    ) throws(DesktopEntryError) -> DesktopEntry {
        var local: [Diagnostic] = []
        let file = KeyFile(parsing: text, path: path, diagnostics: &local)
        diagnostics += local
        var firstGroupLine: Int?
        var lineNumber = 0
        for line in file.lines {
            lineNumber += 1
            if case .group(let name, _) = line {
                if name != mainGroup { firstGroupLine = lineNumber }
                break
            }
        }
        if let firstGroupLine {
            throw .missingMainGroup(path: path, line: firstGroupLine)
        }
        guard file.groupNames.contains(mainGroup) else { throw .missingMainGroup(path: path, line: nil) }
        var groups = GroupReader(file: file, path: path)
        let main = groups.group(mainGroup, diagnostics: &diagnostics)

        diagnostics += DesktopEntryLint.check(file, type: main.string("Type") ?? "", path: path)
        var entry = DesktopEntry(id: id, path: path, main: main, diagnostics: &diagnostics)
        var seenActions = Set<String>()
        for identifier in main.list("Actions") where !identifier.isEmpty {
            guard seenActions.insert(identifier).inserted else {
                diagnostics.append(
                    Diagnostic(
                        path: path, line: main.line("Actions"),
                        message: "action '\(identifier)' is listed twice in Actions"))
                continue
            }
            guard groups.has("Desktop Action \(identifier)") else {
                diagnostics.append(
                    Diagnostic(
                        path: path, line: main.line("Actions"),
                        message: "action '\(identifier)' has no [Desktop Action \(identifier)] group"))
                continue
            }
            let group = groups.group("Desktop Action \(identifier)", diagnostics: &diagnostics)
            guard let actionName = group.localized("Name") else {
                diagnostics.append(Diagnostic(path: path, message: "action '\(identifier)' has no 'Name'; ignored"))
                continue
            }
            entry.actions.append(
                DesktopAction(
                    identifier: identifier, name: actionName, icon: group.string("Icon"),
                    exec: group.string("Exec")))
        }
        return entry
    }

    /// The entry that the keys of its `[Desktop Entry]` group make; a key not in `main` is absent
    /// (nil, empty or false). Problems that leave the entry usable become diagnostics.
    init(id: String, path: String, main: GroupValues, diagnostics: inout [Diagnostic]) {
        let type = main.string("Type") ?? ""
        if type.isEmpty {
            diagnostics.append(Diagnostic(path: path, message: "required key 'Type' is missing"))
        } else if !["Application", "Link", "Directory"].contains(type) {
            diagnostics.append(
                Diagnostic(
                    path: path, line: main.line("Type"),
                    message: "'Type=\(type)' is not Application, Link or Directory"))
        }
        let name = main.localized("Name")
        if name == nil { diagnostics.append(Diagnostic(path: path, message: "required key 'Name' is missing")) }
        let exec = main.string("Exec")
        let dbus = main.boolean("DBusActivatable", diagnostics: &diagnostics)
        if type == "Application" && exec == nil && !dbus {
            diagnostics.append(
                Diagnostic(path: path, message: "'Exec' is required for an application that is not DBusActivatable"))
        }
        self.init(
            id: id, path: path, type: type, name: name ?? LocalizedValue(base: id),
            genericName: main.localized("GenericName"), comment: main.localized("Comment"),
            icon: main.string("Icon"), exec: exec, execLine: main.line("Exec"), tryExec: main.string("TryExec"),
            workingDirectory: main.string("Path").flatMap { $0.isEmpty ? nil : $0 },
            terminal: main.boolean("Terminal", diagnostics: &diagnostics),
            noDisplay: main.boolean("NoDisplay", diagnostics: &diagnostics),
            hidden: main.boolean("Hidden", diagnostics: &diagnostics),
            onlyShowIn: main.list("OnlyShowIn"), notShowIn: main.list("NotShowIn"),
            mimeTypes: main.list("MimeType"), categories: main.list("Categories"),
            implements: main.list("Implements"), keywords: main.list("Keywords"),
            dbusActivatable: dbus, startupWMClass: main.string("StartupWMClass"), actions: [])
    }
}

/// Reads the keys of groups, reporting duplicates and malformed keys once per file.
///
/// The file is indexed by group once, so that an entry with thousands of actions and groups is
/// read in linear time, not in time proportional to their product.
private struct GroupReader {
    let path: String
    private var seenGroups: Set<String> = []
    /// How many headers each group name has.
    private var headerCounts: [String: Int] = [:]
    /// The entries of each group name, over all of its headers, in file order.
    private var entriesByGroup: [String: [KeyFileEntry]] = [:]

    init(file: KeyFile, path: String) {
        self.path = path
        var current: String?
        for line in file.lines {
            switch line {
            case .group(let name, _):
                current = name
                headerCounts[name, default: 0] += 1
            case .entry(let entry):
                if let current { entriesByGroup[current, default: []].append(entry) }
            default: break
            }
        }
    }

    /// Whether the file has a header named `name`.
    func has(_ name: String) -> Bool { headerCounts[name] != nil }

    mutating func group(_ name: String, diagnostics: inout [Diagnostic]) -> GroupValues {
        var values = GroupValues(path: path)
        var keys = Set<LocalizedKey>()
        let headers = headerCounts[name, default: 0]
        if headers > 1 && seenGroups.insert(name).inserted {
            diagnostics.append(Diagnostic(path: path, message: "group [\(name)] appears \(headers) times; the keys are merged"))
        }
        for entry in entriesByGroup[name, default: []] {
            if !entry.key.utf8.allSatisfy({
                $0 >= 0x30 && $0 <= 0x39 || $0 >= 0x41 && $0 <= 0x5A || $0 >= 0x61 && $0 <= 0x7A || $0 == 0x2D
            }) {
                diagnostics.append(
                    Diagnostic(
                        path: path, line: entry.line,
                        message: "key '\(entry.key)' has characters other than A-Z, a-z, 0-9 and '-'"))
            }
            if !keys.insert(LocalizedKey(key: entry.key, locale: entry.locale)).inserted {
                let full = entry.locale.map { entry.key + "[" + $0 + "]" } ?? entry.key
                diagnostics.append(
                    Diagnostic(
                        path: path, line: entry.line,
                        message: "key '\(full)' appears again in [\(name)]; the last value is used"))
            }
            values.add(entry)
        }
        return values
    }
}

/// A key with its locale, as a group's keys are told apart.
private struct LocalizedKey: Hashable {
    var key: String
    var locale: String?
}

/// The values of one group: the last value of each key wins, as GLib's key files do.
struct GroupValues {
    let path: String
    private var plain: [String: KeyFileEntry] = [:]
    /// Translations as written (escapes not undone), by key and locale; decoded when asked for.
    private var localized: [String: [String: String]] = [:]

    init(path: String) {
        self.path = path
    }

    mutating func add(_ entry: KeyFileEntry) {
        if let locale = entry.locale {
            localized[entry.key, default: [:]][locale] = entry.value
        } else {
            plain[entry.key] = entry
        }
    }

    func string(_ key: String) -> String? {
        plain[key].map { KeyFileValue.unescape($0.value.trimmingTrailingSpaces()) }
    }

    func line(_ key: String) -> Int? { plain[key]?.line }

    func localized(_ key: String) -> LocalizedValue? {
        guard let base = string(key) else { return nil }
        let translations = (localized[key] ?? [:]).mapValues { KeyFileValue.unescape($0.trimmingTrailingSpaces()) }
        return LocalizedValue(base: base, translations: translations)
    }

    func list(_ key: String) -> [String] {
        guard let raw = plain[key]?.value else { return [] }
        return KeyFileValue.list(raw.trimmingTrailingSpaces()).map { $0.trimmingTrailingSpaces() }.filter { !$0.isEmpty }
    }

    func boolean(_ key: String, diagnostics: inout [Diagnostic]) -> Bool {
        guard let entry = plain[key] else { return false }
        guard let value = KeyFileValue.boolean(entry.value) else {
            diagnostics.append(
                Diagnostic(
                    path: path, line: entry.line,
                    message: "'\(key)=\(entry.value)' is not a boolean (true or false); read as false"))
            return false
        }
        return value
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        if let last = utf8.last, last != 0x20, last != 0x09 { return self }
        var result = Substring(self)
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return String(result)
    }
}
