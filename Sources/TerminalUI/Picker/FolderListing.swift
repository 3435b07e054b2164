import DocumentProvider

/// A folder's entries as the picker lists them: at first only their names and which are folders,
/// in name order; each entry's details (type, size, dates, origin) are read the first time a row
/// needs them and then kept. A folder of tens of thousands of files so opens by examining the rows
/// on the screen, and a key that moves or searches examines only the rows it brings into view.
public final class FolderListing {
    /// The entries, in name order.
    public let items: [DocumentLister.Entry]
    private let describe: (DocumentLister.Entry) -> Document
    private let measure: ((DocumentLister.Entry) -> DocumentSort.Key?)?
    private var described: [Document?]

    /// A listing of `items`, each examined by `describe` when first needed; `measure`, when
    /// given, tells an entry's size and date more cheaply than `describe`, for sorting.
    public init(
        items: [DocumentLister.Entry], measure: ((DocumentLister.Entry) -> DocumentSort.Key?)? = nil,
        describe: @escaping (DocumentLister.Entry) -> Document
    ) {
        self.items = items
        self.describe = describe
        self.measure = measure
        described = Array(repeating: nil, count: items.count)
    }

    /// A listing of documents already examined (in the order given).
    public convenience init(documents: [Document]) {
        let items = documents.map { document in
            let name = baseName(document.path)
            return DocumentLister.Entry(
                directory: String(decoding: document.path.utf8.dropLast(name.utf8.count), as: UTF8.self), name: name,
                isDirectory: document.isDirectory)
        }
        let given = documents
        self.init(items: items) { entry in given.first { $0.path == entry.path } ?? given[0] }
        described = documents.map { $0 }
        examinedCount = documents.count
    }

    /// How many entries there are.
    public var count: Int { items.count }

    /// How many entries have been examined so far.
    public private(set) var examinedCount = 0

    /// The size and date of the entry at `index`, for sorting: from its examination when it
    /// has been examined (or there is no cheaper way), else measured.
    public func sortKey(at index: Int) -> DocumentSort.Key {
        if let known = described[index] { return DocumentSort.Key(known) }
        if let measure, let key = measure(items[index]) { return key }
        return DocumentSort.Key(document(at: index))
    }

    /// The entry at `index`, examined now if it was not yet.
    public func document(at index: Int) -> Document {
        if let known = described[index] { return known }
        let found = describe(items[index])
        described[index] = found
        examinedCount += 1
        return found
    }
}
