@testable import XDGSupport

/// Percent-decoding of `file://` URLs: every byte string survives encoding and decoding; the
/// decoder takes exactly `%` and two hexadecimal digits and refuses every other `%`; a decoded
/// path never holds a NUL or a `/` that was not a literal `/` of the URL.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLDecoding(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size).rest
    // Any bytes, encoded and decoded, come back.
    for kept in [FileURL.keptInPath, PercentEncoding.alphanumerics, []] {
        guard (try? PercentEncoding.decode(PercentEncoding.encode(input, keeping: kept))) == input else {
            fuzzFailure("decode(encode(bytes)) is not the bytes")
        }
    }
    // The input as text: compare with a reference decoding of the bytes the decoder sees.
    let text = PathCoding.decode(input)
    let bytes = PercentEncoding.bytes(of: text)
    let expected = referenceDecode(bytes)
    let decoded = Result { () throws(PercentEncoding.Failure) in try PercentEncoding.decode(text) }
    switch (decoded, expected) {
    case (.success(let got), .some(let want)) where got == want: break
    case (.failure(.malformedEscape), nil): break
    default: fuzzFailure("decode disagrees with the reference on \(bytes)")
    }
    let literalSlashes = bytes.count(where: { $0 == UInt8(ascii: "/") })
    switch (Result(catching: { () throws(PercentEncoding.Failure) in try PercentEncoding.decodePath(text) }),
            referencePathProblem(bytes)) {
    case (.success(let path), nil):
        let pathBytes = PercentEncoding.bytes(of: path)
        // Compared as strings: the carrying of bytes that are not UTF-8 is PathCoding's business.
        guard let want = expected, path == PathCoding.decode(want) else { fuzzFailure("decodePath is not the decoded bytes") }
        guard !pathBytes.contains(0) else { fuzzFailure("decodePath yields a NUL") }
        guard pathBytes.count(where: { $0 == UInt8(ascii: "/") }) == literalSlashes else {
            fuzzFailure("decodePath yields a '/' that was escaped")
        }
    case (.failure(.malformedEscape), .malformed), (.failure(.nul), .nul), (.failure(.encodedSlash), .encodedSlash): break
    default: fuzzFailure("decodePath disagrees with the reference on \(bytes)")
    }
    // A file URL of the text decodes as its path does, or names no local file.
    if let path = try? FileURL.path(of: "file://" + text) {
        guard !PercentEncoding.bytes(of: path).contains(0) else { fuzzFailure("a file URL yields a NUL") }
    }
    return 0
}

/// The bytes `bytes` stand for by RFC 3986's `pct-encoded = "%" HEXDIG HEXDIG`, or nil when a
/// `%` is not followed by two hexadecimal digits.
private func referenceDecode(_ bytes: [UInt8]) -> [UInt8]? {
    let hex = Array("0123456789abcdefABCDEF".utf8)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] != UInt8(ascii: "%") {
            result.append(bytes[index])
            index += 1
            continue
        }
        guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]),
            let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16) else { return nil }
        result.append(value)
        index += 3
    }
    return result
}

/// The first reason, reading from the front, that the bytes are no path: a malformed escape, a
/// NUL (as itself or `%00`), or `%2F`; nil when there is none.
private enum PathProblem { case malformed, nul, encodedSlash }

private func referencePathProblem(_ bytes: [UInt8]) -> PathProblem? {
    let hex = Array("0123456789abcdefABCDEF".utf8)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0 { return .nul }
        if bytes[index] != UInt8(ascii: "%") {
            index += 1
            continue
        }
        guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]) else { return .malformed }
        let escape = String(decoding: bytes[index + 1...index + 2], as: UTF8.self).uppercased()
        if escape == "00" { return .nul }
        if escape == "2F" { return .encodedSlash }
        index += 3
    }
    return nil
}
