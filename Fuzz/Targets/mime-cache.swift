import XDGSupport

@testable import MIMEDatabase

/// The `mime.cache` reader: any bytes read or are refused with `corruptCache`, never trap, never
/// hang; what reads can be merged, walked and matched against; what passes the header check is
/// read in place without trapping, and answers in place as decoded wherever it validates.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMIMECache(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let path = "/fuzz/mime/mime.cache"
    let image = FileImage(copying: input.rest)
    // Opening validates without decoding; it must refuse exactly what a full read refuses, since
    // the lists are decoded later on the promise that they can be.
    let validated = (try? MIMECache.validate(bytes: image, path: path)) != nil
    // Opened for in-place reading only the header is checked: whatever passes must be readable
    // in place without a trap or a hang, and a header check never accepts what validation refuses
    // for its header alone.
    let sample = Array(input.rest.prefix(4096))
    if (try? MIMECache.checkHeader(bytes: image, path: path)) != nil {
        exerciseInPlace(input.rest, sample: sample)
    } else if validated {
        fuzzFailure("checkHeader refused a cache that validate accepts")
    }
    let contents: DirectoryContents
    do {
        contents = try MIMECache.read(bytes: image, path: path)
    } catch {
        _ = error.message
        if validated { fuzzFailure("validate accepted a cache that read refuses: \(error.message)") }
        return 0
    }
    if !validated { fuzzFailure("validate refused a cache that read accepts") }
    exerciseDatabase(contents, sample: sample)
    compareInPlace(input.rest, with: contents, sample: sample)
    // Glob matching read in place must not trap on any cache that validates.
    let inPlace = CacheGlobMatcher(bytes: image, directory: "/fuzz/mime")
    let sampleName = String(decoding: input.rest.suffix(24), as: UTF8.self)
    for name in ["a.txt", "README", "x.tar.gz", "Makefile.C", sampleName] { _ = inPlace.match(name) }
    return 0
}

/// Every in-place reader on a cache that passed the header check: it must return.
private func exerciseInPlace(_ bytes: [UInt8], sample: [UInt8]) {
    let image = FileImage(copying: bytes)
    let names = CacheNameLists(bytes: image)
    for name in ["text/plain", "application/xml", "a", String(decoding: sample.prefix(16), as: UTF8.self)] {
        _ = names.alias(of: name)
        _ = names.parents(of: name)
        _ = names.aliases(targeting: name)
    }
    _ = CacheMagicMatcher(bytes: image).matches(sample)
    _ = CacheMagicMatcher.extent(of: image)
    let globs = CacheGlobMatcher(bytes: image, directory: "/fuzz/mime")
    for name in ["a.txt", "README", "x.tar.gz", String(decoding: sample.suffix(24), as: UTF8.self)] { _ = globs.match(name) }
}

/// On a cache that validates, the in-place readers answer as the decoded lists (the oracle of
/// reading in place without validating first).
private func compareInPlace(_ bytes: [UInt8], with contents: DirectoryContents, sample: [UInt8]) {
    let image = FileImage(copying: bytes)
    let names = CacheNameLists(bytes: image)
    let keys = Array(contents.aliases.keys.prefix(32)) + Array(contents.parents.keys.prefix(32)) + ["text/plain"]
    for key in keys {
        if names.alias(of: key) != contents.aliases[key] { fuzzFailure("in-place alias of '\(key)' differs") }
        if names.parents(of: key) != contents.parents[key] { fuzzFailure("in-place parents of '\(key)' differ") }
        let targeting = Set(contents.aliases.filter { $0.value == key }.map(\.key))
        if Set(names.aliases(targeting: key)) != targeting { fuzzFailure("in-place aliases of '\(key)' differ") }
    }
    if let reach = try? MIMECache.validate(bytes: image, path: "/fuzz/mime/mime.cache"),
        CacheMagicMatcher.extent(of: image) != reach.extent
    {
        fuzzFailure("in-place magic extent differs")
    }
    let compiled = MagicMatcher(rules: contents.magic)
    let inPlace = CacheMagicMatcher(bytes: image)
    for data in [sample, Array(bytes.suffix(256))] {
        if inPlace.matches(data) != compiled.matches(data) { fuzzFailure("in-place magic differs") }
        if inPlace.matches(data, firstLevelOnly: true) != compiled.matches(data, firstLevelOnly: true) {
            fuzzFailure("in-place first-level magic differs")
        }
    }
}
