import XDGSupport

/// The key-file syntax shared by desktop entries and lists: parsing never traps, the text comes
/// back byte for byte, and the value decoders accept anything.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyFile(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = String(decoding: input.rest, as: UTF8.self)
    var diagnostics: [Diagnostic] = []
    let file = KeyFile(parsing: text, path: "fuzz.list", diagnostics: &diagnostics)
    guard file.text == text else { fuzzFailure("the key file does not come back byte for byte") }
    let reference = ReferenceKeyFile.parse(text, path: "fuzz.list")
    guard file.lines == reference.lines, diagnostics == reference.diagnostics,
        file.endsWithNewline == reference.endsWithNewline else {
        fuzzFailure("the parser disagrees with the reference parser")
    }
    guard file.lines.count == fuzzLines(text).count else { fuzzFailure("lines were merged or split") }
    for diagnostic in diagnostics {
        guard let line = diagnostic.line, (1...max(file.lines.count, 1)).contains(line) else {
            fuzzFailure("diagnostic without a valid line: \(diagnostic)")
        }
    }
    for line in file.lines {
        guard case .entry(let entry) = line else { continue }
        do {
            _ = KeyFileValue.unescape(entry.value)
            let items = KeyFileValue.list(entry.value)
            if let expected = ReferenceKeyFile.list(entry.value), expected != items {
                fuzzFailure("the list splits differently from the reference")
            }
            guard entry.value.trimmingSpaces() == ReferenceKeyFile.referenceTrim(entry.value) else {
                fuzzFailure("trimming differs from the reference")
            }
            if !entry.value.contains("\\") && !entry.value.isEmpty {
                // Without escapes, joining the items gives the value back (less a trailing ';').
                let joined = items.joined(separator: ";")
                guard joined == entry.value || joined + ";" == entry.value else {
                    fuzzFailure("list items do not join back to the value")
                }
            }
            _ = KeyFileValue.boolean(entry.value)
        }
    }
    for group in Set(file.groupNames).prefix(8) {
        _ = file.entries(in: group)
        _ = file.rawValue("Name", in: group)
    }
    // An edit keeps every other line.
    var edited = file
    edited.set("fuzz;", for: "text/plain", in: "Default Applications")
    edited.remove("application/pdf", in: "Added Associations")
    _ = edited.text
    return 0
}
