/// A page of section 5 of the manual: a file format assoc reads, documented beside the commands
/// in the same table-made way (`assoc --generate-manual` writes it).
struct FileFormatPage: Sendable {
    /// The page's name, such as `assoc-profile`.
    var name: String
    /// One line: what the file is.
    var summary: String
    /// The sections, in order (DESCRIPTION first).
    var sections: [ManSection]
    /// Related pages.
    var seeAlso: [String]

    /// Every section-5 page.
    static var all: [FileFormatPage] { [ProfileFormatPage.page] }
}

extension ManPageRenderer {
    /// The troff text of a section-5 page.
    static func page(for format: FileFormatPage) -> String {
        var out = ".\\\" Generated from the command table by 'assoc --generate-manual'; do not edit.\n"
        out += ".TH \(escape(format.name.uppercased())) 5 \"\" \"assoc \(AssocCLI.version)\" \"File Formats\"\n.nh\n"
        out += ".SH NAME\n\(escape(format.name)) \\- \(escape(format.summary))\n"
        for section in format.sections { out += ".SH \(escape(section.title))\n" + body(section.text) }
        out += ".SH SEE ALSO\n" + format.seeAlso.map(reference).joined(separator: ",\n") + "\n"
        return out
    }
}
