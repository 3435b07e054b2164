@testable import MIMEDatabase
import XDGSupport

/// The readers of the text files `update-mime-database` writes beside `mime.cache`: the first
/// byte picks the file (`magic`, `globs2`, `globs`, `aliases`, `subclasses`, `icons`,
/// `generic-icons`, `XMLnamespaces`), the second where to cut it, the rest is its bytes.
///
/// Invariants beyond no crash, no leak, no hang: every rule read has a MIME type (and a weight
/// or priority of at most 100); cutting a magic file short keeps every section before the one
/// the cut falls in, unchanged; a globs2 file read twice over gives the rules of one reading.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextFiles(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = Int(input.byte()) % 8
    let cutByte = Int(input.byte())
    let bytes = input.rest
    var contents = DirectoryContents()
    var diagnostics: [Diagnostic] = []
    switch choice {
    case 0:
        contents = readMagic(bytes)
        let cut = readMagic(Array(bytes.prefix(bytes.count * cutByte / 255)))
        guard Array(cut.magic.dropLast()) == Array(contents.magic.prefix(max(cut.magic.count - 1, 0))) else {
            fuzzFailure("a magic file cut short read other sections than the whole file")
        }
        for rule in contents.magic where rule.priority > 100 || !MIMETypeName.isValid(rule.mimeType) {
            fuzzFailure("a magic section with priority \(rule.priority) and type '\(rule.mimeType)'")
        }
    case 1, 2:
        let weighted = choice == 1
        Globs2Reader.read(bytes, path: "/fuzz/mime/globs2", weighted: weighted, into: &contents, diagnostics: &diagnostics)
        var twice = DirectoryContents()
        Globs2Reader.read(bytes + [UInt8(ascii: "\n")] + bytes, path: "/fuzz/mime/globs2", weighted: weighted,
                          into: &twice, diagnostics: &diagnostics)
        // The first reading's last line may run into the second's first: compare up to it.
        let lineCount = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        if lineCount > 1 && bytes.last == UInt8(ascii: "\n") && twice.globs != contents.globs {
            fuzzFailure("a globs file read twice over gave \(twice.globs.count) rules, once \(contents.globs.count)")
        }
        for rule in contents.globs where rule.weight > 100 || !MIMETypeName.isValid(rule.mimeType) || rule.pattern.isEmpty {
            fuzzFailure("a glob '\(rule.pattern)' of weight \(rule.weight) for '\(rule.mimeType)'")
        }
    default:
        let kind = SimpleListReader.Kind.allCases[choice - 3]
        SimpleListReader.read(kind, bytes, path: "/fuzz/mime/list", into: &contents, diagnostics: &diagnostics)
        let named = Array(contents.aliases.keys) + contents.aliases.values + contents.parents.keys
            + contents.parents.values.flatMap { $0 } + contents.icons.keys + contents.genericIcons.keys + contents.rootXML.map(\.mimeType)
        if let bad = named.first(where: { !MIMETypeName.isValid($0) }) { fuzzFailure("'\(bad)' read as a type") }
    }
    for diagnostic in diagnostics { _ = diagnostic.description }
    exerciseDatabase(contents, sample: Array(bytes.prefix(4096)))
    return 0
}

/// The sections of a magic file, or none when its header is missing.
private func readMagic(_ bytes: [UInt8]) -> DirectoryContents {
    var contents = DirectoryContents()
    var diagnostics: [Diagnostic] = []
    do throws(MIMEDatabaseError) {
        try MagicFileReader.read(bytes, path: "/fuzz/mime/magic", into: &contents, diagnostics: &diagnostics)
    } catch {
        _ = error.message
    }
    return contents
}
