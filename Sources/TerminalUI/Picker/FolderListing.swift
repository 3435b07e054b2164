import DocumentProvider

/// A folder's entries as the picker lists them: at first only their names, which are folders and
/// what sorting needs (size and date, measured by the listing), in name order; each entry's details
/// (type, dates, origin) are read the first time a row needs them and then kept. A folder of tens of thousands of files so opens by examining the rows
/// on the screen, and a key that moves or searches examines only the rows it brings into view.
public final class FolderListing {
    /// The entries, in name order.
    public let items: [DocumentLister.Entry]
    private let describe: (DocumentLister.Entry) -> Document
    private var described: [Document?]

    /// A listing of `items`, each examined by `describe` when first needed.
    public init(items: [DocumentLister.Entry], describe: @escaping (DocumentLister.Entry) -> Document) {
        self.items = items
        self.describe = describe
        described = Array(repeating: nil, count: items.count)
    }

    /// A listing of documents already examined (in the order given).
    public convenience init(documents: [Document]) {
        let items = documents.map { document in
            let name = baseName(document.path)
            return DocumentLister.Entry(
                directory: String(decoding: document.path.utf8.dropLast(name.utf8.count), as: UTF8.self), name: name,
                isDirectory: document.isDirectory, sortKey: DocumentSort.Key(document))
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

    /// The size and date of the entry at `index`, for sorting: as the listing measured it, else
    /// from its examination (made now if it was not yet).
    public func sortKey(at index: Int) -> DocumentSort.Key {
        if let measured = items[index].sortKey { return measured }
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
