import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reads a profile file and the files it includes (`Include=` in `[Profile]`), refusing a cycle.
///
/// The syntax is the key-file syntax of `mimeapps.list` (Desktop Entry specification, "Basic
/// format of the file"); values are `;`-separated lists. An included path is relative to the file
/// that includes it. Included entries come first; an entry of the including file replaces one of
/// the same target.
public struct ProfileReader: Sendable {
    /// A reader.
    public init() {}

    /// Reads the profile at `path`.
    ///
    /// - Throws: `ProfileError` naming the file and line at fault.
    public func read(_ path: String) throws(ProfileError) -> Profile {
        var name: String?
        var version = 0
        let entries = try readFile(path, chain: [], includedFrom: nil) { key, value, line throws(ProfileError) in
            switch key {
            case "Name":
                let trimmed = value.trimmingSpaces()
                guard Self.isValidName(trimmed) else { throw .invalidName(path: path, line: line, value: value) }
                name = trimmed
            case "Version":
                guard let number = Int(value.trimmingSpaces()), number >= 0 else {
                    throw .invalidVersion(path: path, line: line, value: value)
                }
                version = number
            default: break
            }
        }
        return Profile(name: name ?? Self.defaultName(of: path), version: version, path: path, entries: entries)
    }

    /// Whether `name` can be a key of the suggestion memory.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0 == "[" || $0 == "]" || $0 == "=" || $0.asciiValue.map { $0 < 32 } == true }
    }

    /// The file's base name without `.profile`.
    static func defaultName(of path: String) -> String {
        var base = path.split(separator: "/").last.map(String.init) ?? path
        if base.hasSuffix(".profile") { base.removeLast(".profile".count) }
        return isValidName(base) ? base : "profile"
    }

    /// The entries of one file after its includes; `header` sees the top file's own keys.
    private func readFile(
        _ path: String, chain: [String], includedFrom: (path: String, line: Int)?,
        header: (String, String, Int) throws(ProfileError) -> Void
    ) throws(ProfileError) -> [ProfileEntry] {
        let identity = Self.identity(of: path)
        if let includedFrom, chain.contains(identity) {
            throw .includeCycle(path: includedFrom.path, line: includedFrom.line, chain: chain + [identity])
        }
        let text: String
        do {
            text = String(decoding: try FileBytes.read(path, limit: 8 << 20), as: UTF8.self)
        } catch {
            if let includedFrom {
                throw .malformed(
                    path: includedFrom.path, line: includedFrom.line,
                    message: "cannot read the included '\(path)': \(error.reason)")
            }
            throw .unreadable(path: path, reason: error.reason)
        }
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: text, path: path, diagnostics: &diagnostics)
        if let first = diagnostics.first {
            throw .malformed(path: path, line: first.line ?? 0, message: first.message)
        }
        var included: [ProfileEntry] = []
        var own: [ProfileEntry] = []
        var firstLine: [ProfileEntry.Slot: Int] = [:]
        var group: ProfileGroup?
        var inHeader = false
        for (index, line) in file.lines.enumerated() {
            let number = index + 1
            switch line {
            case .group(let name, _):
                inHeader = name == ProfileGroup.headerName
                group = ProfileGroup.named(name)
                guard inHeader || group != nil else { throw .unknownGroup(path: path, line: number, name: name) }
            case .entry(let entry) where inHeader:
                guard entry.locale == nil else { throw .unknownProfileKey(path: path, line: number, key: entry.raw) }
                switch entry.key {
                case "Include":
                    for relative in KeyFileValue.list(entry.value).map({ $0.trimmingSpaces() }) where !relative.isEmpty {
                        included += try readFile(
                            Self.resolve(relative, from: path), chain: chain + [identity], includedFrom: (path, number)
                        ) { _, _, _ throws(ProfileError) in }
                    }
                case "Name", "Version":
                    if includedFrom == nil { try header(entry.key, KeyFileValue.unescape(entry.value), number) }
                default:
                    throw .unknownProfileKey(path: path, line: number, key: entry.key)
                }
            case .entry(let entry):
                guard let group else { continue }
                let target = entry.key + (entry.locale.map { "[\($0)]" } ?? "")
                let slot = ProfileEntry.Slot(role: group.role, target: target)
                if let first = firstLine[slot] {
                    throw .duplicateKey(path: path, line: number, target: target, firstLine: first)
                }
                firstLine[slot] = number
                let candidates = KeyFileValue.list(entry.value).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                guard !candidates.isEmpty else { throw .noCandidates(path: path, line: number, target: target) }
                own.append(ProfileEntry(group: group, target: target, candidates: candidates, path: path, line: number))
            default:
                continue
            }
        }
        return Self.merged(included, own)
    }

    /// `earlier` with each entry whose slot (role and target) `later` has replaced, then `later`.
    static func merged(_ earlier: [ProfileEntry], _ later: [ProfileEntry]) -> [ProfileEntry] {
        let replaced = Set(later.map(\.slot))
        return earlier.filter { !replaced.contains($0.slot) } + later
    }

    /// `relative` read from the directory of `path`.
    static func resolve(_ relative: String, from path: String) -> String {
        guard !relative.hasPrefix("/") else { return relative }
        guard let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    /// The file's real path, so that two spellings of one file are one link of a chain.
    static func identity(of path: String) -> String {
        guard let resolved = realpath(PathCoding.cString(path), nil) else { return path }
        defer { free(resolved) }
        return PathCoding.decode(cString: resolved)
    }
}
