#if canImport(Glibc)
import Glibc
#endif
@testable import MIMEDatabase
import XDGSupport

/// Magic matching and the content sniffers. There is no reader for the `magic` text file of a
/// mime directory (the database reads `mime.cache` or the XML), so this target fuzzes what exists:
///
/// - mode 0: the data against every magic rule of the corpus's freedesktop.org.xml (path in
///   `$FUZZ_MIME_PACKAGE`, which Fuzz/run.sh sets);
/// - mode 1: matchlet trees decoded from the input, against the rest;
/// - mode 2: a `<match>` compiled from NUL-separated type, value, offset and mask, against the rest.
///
/// In every mode the XML root sniffer and the text test read the data too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMagic(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    switch input.byte() % 3 {
    case 0:
        let sample = input.rest
        _ = realRules.matches(sample)
        _ = realRules.matches(sample, firstLevelOnly: true)
        sniff(sample)
    case 1:
        var matchlets: [Matchlet] = []
        for _ in 0..<Int(input.byte() % 4) + 1 { matchlets.append(decodeMatchlet(&input, depth: 0)) }
        let rule = MagicRule(priority: Int(input.byte() % 101), mimeType: "application/x-fuzz", matchlets: matchlets)
        let matcher = MagicMatcher(rules: [rule])
        let sample = input.rest
        let found = matcher.matches(sample)
        // The matcher reads only the bytes the rule can reach.
        guard found.isEmpty == matcher.matches(Array(sample.prefix(matcher.maxExtent))).isEmpty else {
            fuzzFailure("the match changed when the data was cut at the rules' extent")
        }
        sniff(sample)
    default:
        let parts = input.rest.split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard parts.count >= 3 else { return 0 }
        let sample = parts.count == 5 ? Array(parts[4].utf8) : []
        if let matchlet = try? MagicValueCompiler.compile(type: parts[0], value: parts[1], offset: parts[2],
                                                          mask: parts.count > 3 && !parts[3].isEmpty ? parts[3] : nil) {
            _ = MagicMatcher(rules: [MagicRule(priority: 50, mimeType: "application/x-fuzz", matchlets: [matchlet])])
                .matches(sample)
        }
        _ = MagicValueCompiler.parseNumber(parts[1])
        sniff(sample)
    }
    return 0
}

private func sniff(_ sample: [UInt8]) {
    sample.withUnsafeBufferPointer { bytes in
        _ = XMLRootSniffer.root(of: bytes)
        _ = TextHeuristic.looksLikeText(bytes)
    }
}

/// One matchlet and its children from the input; small numbers, so that matches happen.
private func decodeMatchlet(_ input: inout FuzzInput, depth: Int) -> Matchlet {
    let start = Int(input.byte()) | Int(input.byte() & 0x0F) << 8
    let lengthByte = input.byte()
    let rangeLength = lengthByte == 255 ? Int(Int32.max) : Int(lengthByte % 32) + 1
    let wordSize = [1, 2, 4][Int(input.byte() % 3)]
    let valueLength = max(Int(input.byte() % 12), 1)
    var value = input.take(valueLength)
    if value.isEmpty { value = [0] }
    let mask = input.byte() & 1 == 1 ? (input.take(value.count) + [UInt8](repeating: 0xFF, count: value.count)).prefix(value.count) : nil
    var children: [Matchlet] = []
    if depth < 4 {
        for _ in 0..<Int(input.byte() % 3) { children.append(decodeMatchlet(&input, depth: depth + 1)) }
    }
    return Matchlet(rangeStart: start, rangeLength: rangeLength, wordSize: wordSize, value: value,
                    mask: mask.map(Array.init), children: children)
}

/// The magic of the corpus's database, read once.
private let realRules: MagicMatcher = {
    guard let path = getenv("FUZZ_MIME_PACKAGE").map({ String(cString: $0) }),
        let bytes = try? FileBytes.read(path) else { return MagicMatcher(rules: []) }
    var diagnostics: [Diagnostic] = []
    let contents = (try? PackageXMLReader.read(bytes: bytes, path: path, diagnostics: &diagnostics)) ?? DirectoryContents()
    return MagicMatcher(rules: contents.magic)
}()
