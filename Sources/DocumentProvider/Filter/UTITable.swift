/// Apple's Uniform Type Identifiers and the MIME types they stand for.
///
/// The table is `data/uti.tsv`, embedded in the module (`UTITable+Embedded.swift`, checked byte for
/// byte against the file by a test) so that the tool needs no data file at run time. Each line is
/// `UTI<TAB>MIME types<TAB>parent UTIs`, lists comma-separated, `-` for none, `#` for comments.
public struct UTITable: Sendable {
    /// One identifier's row.
    public struct Entry: Sendable, Equatable {
        /// The identifier, such as `com.adobe.pdf`.
        public var identifier: String
        /// Its MIME types or media wildcards (`image/*`), most common first.
        public var mimeTypes: [String]
        /// The identifiers it conforms to directly.
        public var parents: [String]
    }

    /// Why table text could not be read.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A line that is not three tab-separated columns.
        case malformedLine(line: Int, text: String)
        /// An identifier defined twice.
        case duplicate(line: Int, identifier: String)

        /// The message, naming the line.
        public var description: String {
            switch self {
            case .malformedLine(let line, let text):
                return "uti.tsv:\(line): expected 'UTI<TAB>MIME types<TAB>parents', found '\(text)'"
            case .duplicate(let line, let identifier):
                return "uti.tsv:\(line): '\(identifier)' is defined twice"
            }
        }
    }

    /// Every entry, in table order.
    public let entries: [Entry]
    private let byIdentifier: [String: Entry]
    private let children: [String: [String]]

    /// The table shipped with assoc.
    public static let standard: UTITable = {
        do { return try UTITable(text: embeddedText) } catch {
            preconditionFailure("the embedded UTI table is broken: \(error)")
        }
    }()

    /// Parses table text.
    ///
    /// - Throws: `Failure` for a line without three columns or an identifier defined twice.
    public init(text: String) throws(Failure) {
        var entries: [Entry] = []
        var index: [String: Entry] = [:]
        var children: [String: [String]] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 3, !columns[0].isEmpty else {
                throw .malformedLine(line: number + 1, text: String(line))
            }
            let entry = Entry(
                identifier: String(columns[0]), mimeTypes: Self.list(columns[1]),
                parents: Self.list(columns[2]))
            guard index[entry.identifier] == nil else { throw .duplicate(line: number + 1, identifier: entry.identifier) }
            index[entry.identifier] = entry
            entries.append(entry)
            for parent in entry.parents { children[parent, default: []].append(entry.identifier) }
        }
        self.entries = entries
        self.byIdentifier = index
        self.children = children
    }

    /// The entry of `identifier`, compared without regard to case as UTIs are.
    public func entry(_ identifier: String) -> Entry? {
        byIdentifier[identifier] ?? entries.first { $0.identifier.lowercased() == identifier.lowercased() }
    }

    /// The MIME types and wildcards a document may have to conform to `identifier`: its own and
    /// those of every identifier that conforms to it, without repeats; nil for an unknown one.
    public func mimeTypes(conformingTo identifier: String) -> [String]? {
        guard let root = entry(identifier) else { return nil }
        var result: [String] = []
        var seen: Set<String> = [root.identifier]
        var queue = [root.identifier]
        var position = 0
        while position < queue.count {
            let current = queue[position]
            position += 1
            for type in byIdentifier[current]?.mimeTypes ?? [] where !result.contains(type) { result.append(type) }
            for child in children[current, default: []] where seen.insert(child).inserted { queue.append(child) }
        }
        return result
    }

    private static func list(_ column: Substring) -> [String] {
        column == "-" ? [] : column.split(separator: ",").map { String($0) }
    }
}
