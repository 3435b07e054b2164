@testable import MIMEDatabase

/// The `mime.cache` reader: any bytes read or are refused with `corruptCache`, never trap, never
/// hang; what reads can be merged, walked and matched against.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIMECache(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let contents: DirectoryContents
    do {
        contents = try MIMECache.read(bytes: input.rest, path: "/fuzz/mime/mime.cache")
    } catch {
        _ = error.message
        return 0
    }
    exerciseDatabase(contents, sample: Array(input.rest.prefix(4096)))
    return 0
}
