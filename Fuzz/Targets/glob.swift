#if canImport(Glibc)
import Glibc
#endif
@testable import MIMEDatabase
import XDGSupport

/// Glob rules and matching (the `globs2` reader itself is the `text-files` target's): the input's
/// lines before the last are extra patterns (`WEIGHT:FLAGS:PATTERN`, the shape of a
/// globs2 line less the type), added to the globs of the corpus's freedesktop.org.xml (path in
/// `$FUZZ_MIME_PACKAGE`); the last line is the name to match.
///
/// Invariant: on ASCII, every candidate the matcher returns is a rule that fnmatch(3) accepts for
/// the name (lower-cased unless the rule is case-sensitive).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGlob(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let lines = input.rest.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    guard let name = lines.last else { return 0 }
    // Every full pattern of the real database and a sample of the rest keep the index small.
    var rules = sampledGlobs
    for (index, line) in lines.dropLast().prefix(64).enumerated() {
        let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, !fields[2].isEmpty else { continue }
        rules.append(GlobRule(pattern: String(fields[2]), mimeType: "application/x-fuzz\(index)",
                              weight: min(Int(fields[0]) ?? 50, 100), caseSensitive: fields[1].contains("cs")))
        _ = rules.last?.kind
    }
    let matcher = GlobMatcher(globs: rules, origin: { _ in nil })
    let result = matcher.match(name)
    // fnmatch(3) reads C strings: a NUL ends them, and no file name has one.
    if name.utf8.allSatisfy({ $0 < 128 && $0 != 0 }) {
        for candidate in result.survivors + result.discarded
        where candidate.rule.pattern.utf8.allSatisfy({ $0 < 128 && $0 != 0 }) {
            let subject = candidate.rule.caseSensitive ? name : name.lowercased()
            guard fnmatch(candidate.rule.pattern, subject, 0) == 0 else {
                fuzzFailure("'\(candidate.rule.pattern)' was matched to '\(name)', which fnmatch rejects")
            }
        }
    }
    _ = realDetector.detect(name: name)
    _ = realDetector.gioGuess(name: name, data: nil)
    return 0
}

/// The real database's full patterns, and every eighth of its other rules.
private let sampledGlobs: [GlobRule] = realGlobs.enumerated()
    .filter { $0.element.kind == .full || $0.element.caseSensitive || $0.offset % 8 == 0 }.map(\.element)

/// A detector over every glob of the real database.
private let realDetector: TypeDetector = {
    var contents = DirectoryContents()
    contents.globs = realGlobs
    contents.types = Set(realGlobs.map(\.mimeType))
    return TypeDetector(database: MIMEDatabase(contents: contents))
}()

/// The globs of the corpus's database, read once.
private let realGlobs: [GlobRule] = {
    guard let path = getenv("FUZZ_MIME_PACKAGE").map({ String(cString: $0) }),
        let bytes = try? FileBytes.read(path) else { return [] }
    var diagnostics: [Diagnostic] = []
    return ((try? PackageXMLReader.read(bytes: bytes, path: path, diagnostics: &diagnostics)) ?? DirectoryContents()).globs
}()
