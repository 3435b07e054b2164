import AssocTestSupport

/// Files whose answer needs bytes past the first 4 KiB that detection reads, or that lie at its
/// edge: a DTS-HD header searched for far into the file (and the DTS core without it), an XML
/// root after a long comment or long blanks, a long script, and files of exactly and just over
/// 4 KiB.
enum PartialReadFiles {
    /// The files, by name; the DTS-HD file, the DTS core and the SVG after a comment come first.
    static let files: [(name: String, bytes: [UInt8])] = {
        // DTS-HD: a DTS core at 0 whose HD header is searched for as far as offset 18,725.
        var core = [UInt8](repeating: 0, count: 30_000)
        core.replaceSubrange(0..<4, with: [0x7F, 0xFE, 0x80, 0x01])
        var highDefinition = core
        highDefinition.replaceSubrange(10_000..<10_004, with: [0x64, 0x58, 0x20, 0x25])
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"/>"#
        return [
            ("hd", highDefinition), ("dts-core", core), ("hd.dts", highDefinition),
            ("comment.xml", Array(("<?xml version=\"1.0\"?>\n<!--" + String(repeating: "c", count: 5000) + "-->\n" + svg).utf8)),
            ("spaced.xml", Array(("<svg" + String(repeating: " ", count: 4090) + #"xmlns="http://www.w3.org/2000/svg"/>"#).utf8)),
            ("long.py", Array(String(repeating: "import os\n", count: 2000).utf8)),
            ("exactly-4096", [UInt8](repeating: UInt8(ascii: "a"), count: 4096)),
            ("binary-after-4096", [UInt8](repeating: UInt8(ascii: "a"), count: 4096) + [0]),
        ]
    }()

    /// Writes the files under `files/` in `tree`; their paths, in the order of `files`.
    static func write(in tree: TemporaryXDGTree) throws -> [String] {
        try files.map { try tree.write("files/" + $0.name, bytes: $0.bytes) }
    }
}
