@testable import MIMEDatabase
import XDGSupport

/// The XML package loader: any bytes load or are refused with a typed error, and what loads can
/// be merged, walked (cycles in `sub-class-of` included) and matched against without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackageXML(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    var diagnostics: [Diagnostic] = []
    let contents: DirectoryContents
    do {
        contents = try PackageXMLReader.read(bytes: input.rest, path: "/fuzz/mime/packages/fuzz.xml",
                                             diagnostics: &diagnostics)
    } catch {
        _ = error.message
        return 0
    }
    exerciseDatabase(contents, sample: input.rest)
    return 0
}
