import DocumentProvider
import MIMEDatabase
import Testing

@Suite("type filters over the hierarchy", .enabled(if: hasSystemMIME))
struct TypeFilterTests {
    func filter(_ patterns: String...) throws -> TypeFilter {
        try TypeFilter(patterns, database: systemDatabase)
    }

    @Test(
        "a document conforms to the filter through aliases, parents and wildcards",
        arguments: [
            ("text/plain", "text/x-python", true),
            ("text/plain", "application/x-shellscript", true),
            ("text/plain", "image/png", false),
            ("application/x-pdf", "application/pdf", true),
            ("application/pdf", "application/x-pdf", true),
            ("image/*", "image/svg+xml", true),
            ("image/*", "application/pdf", false),
            ("application/zip", "application/vnd.oasis.opendocument.text", true),
            ("*/*", "inode/directory", true),
            (".pdf", "application/pdf", true),
            (".PDF", "application/pdf", true),
            (".odt", "application/vnd.oasis.opendocument.text", true),
            (".odt", "application/zip", false),
            ("com.adobe.pdf", "application/pdf", true),
            ("com.adobe.pdf", "image/png", false),
            ("public.image", "image/png", true),
            ("public.image", "image/x-canon-cr2", true),
            ("public.image", "text/plain", false),
            ("public.plain-text", "text/x-python", true),
            ("public.plain-text", "text/markdown", true),
            ("public.text", "text/html", true),
            ("public.data", "application/pdf", true),
            ("public.data", "inode/directory", false),
            ("public.item", "inode/directory", true),
            ("public.composite-content", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", true),
            ("public.archive", "application/x-compressed-tar", true),
            ("public.archive", "application/pdf", false),
            ("public.movie", "video/webm", true),
            ("public.audio", "audio/flac", true),
            ("public.spreadsheet", "application/vnd.ms-excel", true),
            ("public.spreadsheet", "application/msword", false),
        ])
    func conformance(pattern: String, type: String, conforms: Bool) throws {
        #expect(try filter(pattern).accepts(type) == conforms)
    }

    @Test(
        "patterns are recognised by kind",
        arguments: [
            ("application/pdf", TypePattern.Kind.mimeType), ("image/*", .wildcard), ("*", .wildcard),
            (".pdf", .fileExtension), ("com.adobe.pdf", .uti), ("public.image", .uti),
        ])
    func kinds(text: String, kind: TypePattern.Kind) throws {
        #expect(try TypePattern(text, database: systemDatabase).kind == kind)
    }

    @Test("a mix of patterns takes a document that conforms to any of them, and names the one it matched")
    func mixed() throws {
        let mix = try filter("application/pdf", "public.image", ".txt")
        #expect(mix.conformance(of: "image/png") == .conforms(to: "public.image"))
        #expect(mix.conformance(of: "application/pdf") == .conforms(to: "application/pdf"))
        #expect(mix.accepts("text/plain"))
        #expect(mix.conformance(of: "text/x-python") == .conforms(to: ".txt"))  // through text/plain
        #expect(mix.accepts("application/zip") == false)
        guard case .doesNotConform(let reason) = mix.conformance(of: "application/zip") else {
            Issue.record("application/zip should not conform")
            return
        }
        #expect(reason == "its type application/zip does not conform to application/pdf, public.image, .txt (text/plain)")
    }

    @Test("no patterns take every document")
    func empty() throws {
        let all = try filter()
        #expect(all.takesEverything)
        #expect(all.conformance(of: "application/x-anything") == .conforms(to: nil))
    }

    @Test(
        "a name of no kind, an unknown UTI and an unknown extension are errors naming it",
        arguments: [
            ("pdf", TypeFilterError.unrecognised("pdf")), ("image", .unrecognised("image")),
            ("text/*/x", .unrecognised("text/*/x")), ("org.example.nothing", .unknownUTI("org.example.nothing")),
            (".no-such-extension", .unknownExtension(".no-such-extension")),
            ("application/no-such-*", .unrecognised("application/no-such-*")),
        ])
    func errors(text: String, error: TypeFilterError) {
        #expect(throws: error) { try TypeFilter([text], database: systemDatabase) }
        #expect(error.description.contains("'\(text)'"))
    }

    @Test("a well-formed type the database does not know is kept and reported")
    func unknownType() throws {
        let unknown = try filter("application/x-assoc-unknown", "application/pdf")
        #expect(unknown.unknownTypes == ["application/x-assoc-unknown"])
        #expect(unknown.accepts("application/pdf"))
    }
}
