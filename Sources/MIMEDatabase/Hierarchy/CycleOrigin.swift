import XDGSupport

/// Where a `sub-class-of` cycle was declared, so its warning names a file and a line.
///
/// Cycles are rare, so nothing is recorded while loading: the file is looked for only when one is
/// found, in the most important directory that declares the first edge of the cycle.
enum CycleOrigin {
    /// The file (and line, for an XML package or the `subclasses` file) that declares `child` a sub-class of `parent`.
    static func locate(child: String, parent: String, in directories: [LoadedDirectory]) -> (path: String, line: Int?)? {
        for directory in directories.reversed() {
            switch directory.source {
            case .cache:
                let cache = directory.path + "/mime.cache"
                guard let bytes = try? FileImage.read(cache),
                    let contents = try? MIMECache.read(bytes: bytes, path: cache),
                    contents.parents[child]?.contains(parent) == true
                else { continue }
                return (cache, nil)
            case .text:
                let subclasses = directory.path + "/subclasses"
                guard let bytes = try? FileBytes.read(subclasses) else { continue }
                let wanted = Array("\(child) \(parent)".utf8)
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                guard let index = lines.firstIndex(where: { $0.elementsEqual(wanted) }) else { continue }
                return (subclasses, index + 1)
            case .xml:
                for package in directory.packages.reversed() {
                    var ignored: [Diagnostic] = []
                    guard let contents = try? PackageXMLReader.read(path: package, diagnostics: &ignored),
                        contents.parents[child]?.contains(parent) == true
                    else { continue }
                    return (package, line(of: child, parent, in: package))
                }
            }
        }
        return nil
    }

    /// The line of the `<sub-class-of type="parent"/>` inside `<mime-type type="child">`, found
    /// by reading the text; nil when the markup is too unusual to find it that way.
    private static func line(of child: String, _ parent: String, in path: String) -> Int? {
        guard let bytes = try? FileBytes.read(path) else { return nil }
        var inChild = false
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let text = String(decoding: line, as: UTF8.self)
            if text.contains("<mime-type") { inChild = text.contains("\"\(child)\"") || text.contains("'\(child)'") }
            if inChild && text.contains("sub-class-of") && (text.contains("\"\(parent)\"") || text.contains("'\(parent)'")) {
                return number
            }
        }
        return nil
    }
}
