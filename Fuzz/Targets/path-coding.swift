import XDGSupport

/// Name carrying (`PathCoding`): every byte string is a file name, and the carrying must be a
/// bijection between byte strings and the strings it makes.
///
/// The first byte picks where the rest is cut in two; each half is a name. Invariants: each name
/// encodes back to exactly its bytes (`encode(decode(bytes)) == bytes`, and `cString` is the same
/// bytes with a NUL); two different names decode to different scalars; decoding what was encoded
/// gives the same scalars again; a name carries bytes exactly when its text's UTF-8 is not the
/// name; the whole input decodes to the two halves' bytes, however the cut fell.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathCoding(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = Int(input.byte())
    let rest = input.rest
    let cut = rest.isEmpty ? 0 : choice % (rest.count + 1)
    let first = Array(rest[..<cut])
    let second = Array(rest[cut...])
    let one = checkedName(first)
    let two = checkedName(second)
    if first != second, one.unicodeScalars.elementsEqual(two.unicodeScalars) {
        fuzzFailure("two different names decode to the same scalars: \(first) and \(second)")
    }
    guard PathCoding.encode(one + two) == first + second else {
        fuzzFailure("two decoded halves do not encode to the whole: \(first) + \(second)")
    }
    _ = checkedName(rest)
    return 0
}

/// Decodes `bytes`, checks the invariants that hold for one name, and returns the string.
private func checkedName(_ bytes: [UInt8]) -> String {
    let decoded = PathCoding.decode(bytes)
    guard PathCoding.encode(decoded) == bytes else { fuzzFailure("\(bytes) does not encode back to itself") }
    guard PathCoding.cString(decoded) == bytes.map({ CChar(bitPattern: $0) }) + [0] else {
        fuzzFailure("the C string of \(bytes) is not its bytes")
    }
    guard PathCoding.decode(PathCoding.encode(decoded)).unicodeScalars.elementsEqual(decoded.unicodeScalars) else {
        fuzzFailure("decoding \(bytes) again gives other scalars")
    }
    guard PathCoding.carriesBytes(decoded) == (Array(decoded.utf8) != bytes) else {
        fuzzFailure("carriesBytes is wrong for \(bytes)")
    }
    return decoded
}
