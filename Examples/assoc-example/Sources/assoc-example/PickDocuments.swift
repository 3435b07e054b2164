import DocumentProvider
import MIMEDatabase

/// Lists the documents of `directory` that an application taking `patterns` can open, as a
/// document picker shows them: MIME types, wildcards (`image/*`), extensions (`.pdf`) and UTIs
/// (`public.image`), each matched through aliases and the type hierarchy.
func pickDocuments(in directory: String, patterns: [String], database: MIMEDatabase) -> Int32 {
    let filter: TypeFilter
    do {
        filter = try TypeFilter(patterns, database: database)
    } catch {
        print(error)  // TypeFilterError: a pattern that names nothing
        return 64
    }
    // One type on its own: does a Python script conform to text/plain? (It does.)
    if case .doesNotConform(let reason) = filter.conformance(of: "text/x-python") {
        print("not text/x-python: \(reason)")
    }
    let lister = DocumentLister(
        detector: TypeDetector(database: database), filter: filter, thumbnails: nil, workingDirectory: directory,
        options: DocumentLister.Options(sort: .date))
    let listing = lister.list([directory])
    for document in listing.documents {
        print("\(document.path)\t\(document.type)\t\(document.size.map(String.init) ?? "-")\t\(document.modifiedISO8601)")
    }
    for problem in listing.problems { print("\(problem)") }
    return listing.problems.isEmpty ? 0 : 1
}
