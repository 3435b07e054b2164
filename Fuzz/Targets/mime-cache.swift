@testable import MIMEDatabase

/// The `mime.cache` reader: any bytes read or are refused with `corruptCache`, never trap, never
/// hang; what reads can be merged, walked and matched against.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIMECache(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let path = "/fuzz/mime/mime.cache"
    // Opening validates without decoding; it must refuse exactly what a full read refuses, since
    // the lists are decoded later on the promise that they can be.
    let validated = (try? MIMECache.validate(bytes: input.rest, path: path)) != nil
    let contents: DirectoryContents
    do {
        contents = try MIMECache.read(bytes: input.rest, path: path)
    } catch {
        _ = error.message
        if validated { fuzzFailure("validate accepted a cache that read refuses: \(error.message)") }
        return 0
    }
    if !validated { fuzzFailure("validate refused a cache that read accepts") }
    exerciseDatabase(contents, sample: Array(input.rest.prefix(4096)))
    // Glob matching read in place must not trap on any cache that validates.
    let inPlace = CacheGlobMatcher(bytes: input.rest, directory: "/fuzz/mime")
    let sampleName = String(decoding: input.rest.suffix(24), as: UTF8.self)
    for name in ["a.txt", "README", "x.tar.gz", "Makefile.C", sampleName] { _ = inPlace.match(name) }
    return 0
}
