/// How JSON output carries a file name that is not UTF-8, told once for every page that prints one.
enum JSONNames {
    /// The man section, naming the fields that hold paths (`path`, `source or destination`).
    static func section(fields: String) -> ManSection {
        ManSection(
            title: "NAMES IN JSON",
            text: """
                A name that is not valid UTF-8 is carried as text with each such byte as the private-use \
                character U+10FF00 + byte (and a real U+10FF80–U+10FFFF in a name as the four bytes of its \
                UTF-8); then \(fields) is followed by the same field with _bytes appended, the exact bytes in \
                base64. A program takes the _bytes field when it is there, and the UTF-8 of the plain one otherwise.
                """)
    }
}
